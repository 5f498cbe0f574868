import StateDB
import Testing

// A Picker's options made by a ForEach are tagged with their elements' ids, as in SwiftUI:
// `Picker("Mode", selection: $mode) { ForEach(Mode.allCases) { Text($0.title) } }` works
// without a `.tag(_:)` on each option.

private enum Mode: String, CaseIterable, Identifiable, Codable {
    case light, dark, auto
    var id: Self { self }
    var title: String { rawValue.capitalized }
}

private struct Settings: View {
    @State var mode = Mode.auto
    @State var size = 2
    var body: some View {
        Picker("Mode", selection: $mode) {
            ForEach(Mode.allCases) { mode in Text(mode.title) }
        }
        Picker("Size", selection: $size) {
            ForEach([1, 2, 3], id: \.self) { size in Text("\(size) pt") }
            Text("Huge").tag(99)
        }
        // Ids of another type than the selection's: options that cannot be chosen.
        Picker("Mismatch", selection: $size) {
            ForEach(["a", "b"], id: \.self) { letter in Text(letter) }
        }
        Text("mode \(mode.rawValue), size \(size)")
    }
}

@MainActor
struct PickerForEachTagTests {
    @Test func forEachOptionsAreTaggedWithTheirIDs() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let host = ViewHost(root: Settings(), store: store)
        #expect(host.render().hasPrefix("Mode: < Auto >\nSize: < 2 pt >\nMismatch: < – >"), "\(host.render())")
        #expect(try host.picker("Mode").options == ["Light", "Dark", "Auto"])
        try host.picker("Mode").select(Mode.dark)
        try host.picker("Size").select(label: "Huge")
        #expect(host.texts.last == "mode dark, size 99")
        try host.picker("Size").select(3)
        #expect(try host.picker("Size").selectedOption == "3 pt")
        #expect(throws: DriverError.self) { try host.picker("Mismatch").select("a") }
        store.close()
        let again = ViewHost(root: Settings(), store: try StateStore(path: folder.storePath))
        #expect(again.texts.last == "mode dark, size 3")
    }
}
