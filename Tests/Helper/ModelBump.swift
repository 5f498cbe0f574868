import StateDB

/// The model `model-bump` keeps: `@Observable` and `Codable`, written with `CodingKeys` for the
/// macro's storage, as docs/data-flow.md advises.
@Observable
final class BumpModel: Codable {
    var count = 0
    var trail = ""

    enum CodingKeys: String, CodingKey {
        case _count = "count"
        case _trail = "trail"
    }
}

/// Shows the model, bumps its count with a button, and hands the model out.
struct ModelBumpScreen: View {
    @State var model = BumpModel()
    let reveal: (BumpModel) -> Void
    var body: some View {
        let _ = reveal(model)
        Text("count \(model.count) trail \(model.trail)")
        Button("bump") { model.count += 1 }
    }
}

/// Mounts the screen, taps "bump" (the update commits it), then changes `trail` outside any
/// action, which only the exit's commit stores, and returns from main without closing.
func modelBump(_ arguments: [String]) {
    guard arguments.count == 1 else { usageError("model-bump takes one STORE path") }
    let store = openStore(arguments[0])
    MainActor.assumeIsolated {
        var model: BumpModel?
        let host = ViewHost(root: ModelBumpScreen { model = $0 }, store: store)
        do {
            try host.button("bump").tap()
        } catch {
            fail("\(error)")
        }
        model!.trail += "+"
        say("count \(model!.count) trail \(model!.trail)")
        _ = host
    }
}
