import Foundation
import StateDB
import Testing

// Data-flow code written for SwiftUI that wraps its changes in animations, edits lists by
// offsets and declares list actions: it compiles with `import StateDB` and does what it says
// (a terminal draws no motion, and has no swipe or drag).

private struct Shelf: View {
    @State var show = false
    @State var items = ["a", "b", "c", "d"]
    var body: some View {
        let _ = Self._printChanges()
        Toggle("Show", isOn: $show.animation())
        Toggle("Show fast", isOn: $show.animation(.easeInOut(duration: 0.2)))
        Text(show ? "shown" : "hidden").animation(.spring(), value: show)
        ForEach(items, id: \.self) { Text($0) }
            .onDelete { items.remove(atOffsets: $0) }
            .onMove { items.move(fromOffsets: $0, toOffset: $1) }
        Button("Flip") { withAnimation { show.toggle() } }
        Button("Drop first") { withAnimation(.bouncy) { items.remove(atOffsets: IndexSet(integer: 0)) } }
        Button("Last to front") { items.move(fromOffsets: IndexSet(integer: items.count - 1), toOffset: 0) }
    }
}

private enum Flavor: String, CaseIterable { case vanilla, mint }

private struct Order: View {
    @State var flavor = Flavor.vanilla
    @State var done = true
    var body: some View {
        // SwiftUI's older Picker spelling, and a done item struck through.
        Picker(selection: $flavor, label: Text("Flavor")) {
            ForEach(Flavor.allCases, id: \.self) { Text($0.rawValue).tag($0) }
        }
        Text("paid").strikethrough(done)
    }
}

@MainActor
struct SwiftUICompatibilityTests {
    @Test func theOlderPickerSpellingAndStrikethroughWork() throws {
        let host = ViewHost(root: Order(), store: .inMemory())
        try host.picker("Flavor").select(Flavor.mint)
        #expect(try host.picker("Flavor").options == ["vanilla", "mint"])
        #expect(host.render().contains("mint"))
        #expect(host.styledRenderLines().contains("\u{1B}[9mpaid\u{1B}[29m"), "\(host.styledRenderLines())")
    }

    @Test func animatedChangesAreAppliedAndStored() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let host = ViewHost(root: Shelf(), store: store)
        try host.button("Flip").tap()
        #expect(host.texts.contains("shown"))
        try host.toggle("Show").toggle()
        #expect(host.texts.contains("hidden"), "through a binding.animation()")
        try host.button("Drop first").tap()
        try host.button("Last to front").tap()
        #expect(Array(host.texts.filter { $0.count == 1 }) == ["d", "b", "c"])
        store.close()
        let again = ViewHost(root: Shelf(), store: try StateStore(path: folder.storePath))
        #expect(Array(again.texts.filter { $0.count == 1 }) == ["d", "b", "c"], "stored")
    }

    @Test func offsetEditsMatchSwiftUIs() {
        var letters = ["a", "b", "c", "d"]
        letters.remove(atOffsets: IndexSet([0, 2]))
        #expect(letters == ["b", "d"])
        let moves: [(IndexSet, Int, [String])] = [
            (IndexSet(integer: 1), 0, ["b", "a", "c", "d"]),
            (IndexSet(integer: 0), 4, ["b", "c", "d", "a"]),
            (IndexSet([0, 2]), 2, ["b", "a", "c", "d"]),
            (IndexSet([0, 1]), 3, ["c", "a", "b", "d"]),
            (IndexSet(integer: 3), 1, ["a", "d", "b", "c"]),
        ]
        for (source, destination, expected) in moves {
            var list = ["a", "b", "c", "d"]
            list.move(fromOffsets: source, toOffset: destination)
            #expect(list == expected, "\(Array(source)) → \(destination)")
        }
        #expect(withAnimation { 7 } == 7)
    }
}
