import Foundation
import StateDB
import Testing

// `List(selection:)`: rows with tags become controls that select them, one value or a set;
// the selection is an ordinary binding, so a stored `@State` keeps it across a restart.

private struct Folder: Identifiable, Hashable {
    let id: Int
    let name: String
}

private let folders = [Folder(id: 1, name: "Inbox"), Folder(id: 2, name: "Archive"), Folder(id: 3, name: "Trash")]

private struct Sidebar: View {
    @State var selected: Int?
    var body: some View {
        VStack {
            List(folders, selection: $selected) { folder in
                Text(folder.name)
            }
            Text("selected: \(selected.map(String.init) ?? "none")")
        }
    }
}

private struct Tagged: View {
    @State var picked: Set<String> = []
    var body: some View {
        VStack {
            List(selection: $picked) {
                Text("Red").tag("r")
                Text("Green").tag("g")
                Text("not selectable")
            }
            Text("picked: \(picked.sorted().joined(separator: ","))")
        }
    }
}

@MainActor
struct ListSelectionTests {
    @Test func activatingARowSelectsItsElementsID() throws {
        let host = ViewHost(root: Sidebar(), store: .inMemory())
        #expect(host.render() == """
              Inbox
              Archive
              Trash
            selected: none
            """)
        #expect(host.controls.map(\.title) == ["Inbox", "Archive", "Trash"], "each row is a control")
        try host.button("Archive").tap()
        #expect(host.render() == """
              Inbox
            ▸ Archive
              Trash
            selected: 2
            """)
        try host.button("Trash").tap()
        #expect(host.render().contains("▸ Trash") && !host.render().contains("▸ Archive"), "one row at a time")
    }

    @Test func aSetSelectsAndDeselectsTaggedRows() throws {
        let host = ViewHost(root: Tagged(), store: .inMemory())
        #expect(host.controls.map(\.title) == ["Red", "Green"], "a row without a tag is not a control")
        try host.button("Red").tap()
        try host.button("Green").tap()
        #expect(host.render() == """
            ▸ Red
            ▸ Green
              not selectable
            picked: g,r
            """)
        try host.button("Red").tap()
        #expect(host.render().hasSuffix("picked: g"), "activating a selected row deselects it")
    }

    @Test func aStoredSelectionIsThereAfterARestart() throws {
        let directory = TemporaryDirectory()
        do {
            let store = try StateStore(path: directory.storePath)
            try ViewHost(root: Sidebar(), store: store).button("Inbox").tap()
            store.close()
        }
        let store = try StateStore(path: directory.storePath)
        let host = ViewHost(root: Sidebar(), store: store)
        #expect(host.render().hasPrefix("▸ Inbox\n"))
        store.close()
    }

    @Test func aListWithoutSelectionDrawsAsBefore() {
        struct Plain: View {
            var body: some View {
                List(folders) { Text($0.name) }
            }
        }
        let host = ViewHost(root: Plain(), store: .inMemory())
        #expect(host.render() == "Inbox\nArchive\nTrash")
        #expect(host.controls.isEmpty)
    }
}
