import StateDB
import Testing

// One model instance per identity: kept across re-creation of the view struct, one per
// `ForEach` row, gone when its view leaves the tree.

/// Counts its instances, so a test can tell the initial expression's throwaway instances
/// from the one the slot keeps.
@Observable
final class RowModel {
    @MainActor static var made = 0
    var taps = 0
    @MainActor init() { Self.made += 1 }
}

/// Where views report the model they hold, by name.
@MainActor
enum SeenModels {
    static var byName: [String: RowModel] = [:]
    weak static var lastGone: RowModel?
}

private struct ModelOwner: View {
    let name: String
    let generation: Int
    @State var model = RowModel()
    var body: some View {
        let _ = EvaluationLog.record(name)
        let _ = SeenModels.byName[name] = model
        Text("\(name) taps \(model.taps) gen \(generation)")
        Button("tap \(name)") { model.taps += 1 }
    }
}

private struct OwnerParent: View {
    @State var generation = 0
    @State var shown = true
    var body: some View {
        let _ = EvaluationLog.record("OwnerParent")
        VStack {
            Button("next") { generation += 1 }
            Button("hide") { shown.toggle() }
            if shown {
                ModelOwner(name: "owner", generation: generation)
            }
        }
    }
}

private struct Rows: View {
    @State var ids = [1, 2, 3]
    var body: some View {
        let _ = EvaluationLog.record("Rows")
        VStack {
            ForEach(ids, id: \.self) { id in
                ModelOwner(name: "row\(id)", generation: 0)
            }
            Button("drop 2") { ids.removeAll { $0 == 2 } }
        }
    }
}

@MainActor
@Suite(.serialized)
struct ModelIdentityTests {
    @Test func oneInstancePerIdentityAcrossReCreation() throws {
        SeenModels.byName = [:]
        let host = ViewHost(root: OwnerParent(), store: .inMemory())
        let first = SeenModels.byName["owner"]!
        try host.button("tap owner").tap()
        let madeBefore = RowModel.made
        try host.button("next").tap()  // a new ModelOwner struct, a new throwaway RowModel()
        #expect(RowModel.made == madeBefore + 1, "the initial expression runs for the new struct")
        #expect(SeenModels.byName["owner"] === first, "but the slot keeps its instance")
        #expect(host.texts.contains("owner taps 1 gen 1"))
    }

    @Test func eachForEachRowHasItsOwnModel() throws {
        SeenModels.byName = [:]
        let host = ViewHost(root: Rows(), store: .inMemory())
        let models = (1...3).map { SeenModels.byName["row\($0)"]! }
        #expect(models[0] !== models[1] && models[1] !== models[2] && models[0] !== models[2])
        _ = EvaluationLog.take()
        try host.button("tap row2").tap()
        #expect(EvaluationLog.take() == ["row2"])
        #expect(host.texts.filter { $0.contains("taps") } == ["row1 taps 0 gen 0", "row2 taps 1 gen 0", "row3 taps 0 gen 0"])
    }

    @Test func aModelGoesWhenItsViewLeavesTheTree() throws {
        SeenModels.byName = [:]
        let host = ViewHost(root: OwnerParent(), store: .inMemory())
        weak let model = SeenModels.byName["owner"]
        SeenModels.byName = [:]
        #expect(model != nil)
        try host.button("hide").tap()
        #expect(model == nil, "nothing keeps the model of a view that left")
        try host.button("hide").tap()
        #expect(SeenModels.byName["owner"] != nil)
        #expect(host.texts.contains("owner taps 0 gen 0"), "a view coming back starts afresh")
    }

    @Test func aRemovedRowsModelGoesAndTheOthersStay() throws {
        SeenModels.byName = [:]
        let host = ViewHost(root: Rows(), store: .inMemory())
        try host.button("tap row3").tap()
        weak let second = SeenModels.byName["row2"]
        let third = SeenModels.byName["row3"]
        SeenModels.byName = [:]
        try host.button("drop 2").tap()
        #expect(second == nil)
        try host.button("tap row3").tap()  // re-runs row 3, which reports its model again
        #expect(SeenModels.byName["row3"] === third)
        #expect(host.texts.contains("row3 taps 2 gen 0"))
    }
}
