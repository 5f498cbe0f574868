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

private struct Shown: Identifiable {
    let id: Int
    let name: String
    let visible: Bool
}

/// Elements that make no row, or several.
private struct Uneven: View {
    let items = [Shown(id: 1, name: "One", visible: true), Shown(id: 2, name: "Two", visible: false),
                 Shown(id: 3, name: "Three", visible: true), Shown(id: 4, name: "Four", visible: false)]
    @State var selected: Int?
    var body: some View {
        VStack {
            List(items, selection: $selected) { item in
                if item.visible {
                    Text(item.name)
                    Text("\(item.name) notes")
                }
            }
            Text("selected: \(selected.map(String.init) ?? "none")")
        }
    }
}

/// Rows in a section, made by a view of the app's, with swipe actions, tagged with optionals.
private struct Varied: View {
    @State var selected: Int?
    var body: some View {
        VStack {
            List(selection: $selected) {
                Section("Folders") {
                    FolderRows()
                }
                Text("Bin").tag(9 as Int?)
            }
            Text("selected: \(selected.map(String.init) ?? "none")")
        }
    }
}

private struct FolderRows: View {
    var body: some View {
        ForEach(folders) { folder in
            Text(folder.name)
                .swipeActions { Button("Delete \(folder.id)") {} }
        }
    }
}

/// The sidebar of a split view: links whose values the selection takes.
private struct LinkedSidebar: View {
    @State var selected: Int?
    var body: some View {
        NavigationSplitView {
            List(folders, selection: $selected) { folder in
                NavigationLink(folder.name, value: folder.id)
            }
        } detail: {
            Text("detail \(selected.map(String.init) ?? "none")")
        }
    }
}

@MainActor
struct ListSelectionTests {
    @Test func anElementsRowsAllSelectItsIDHoweverManyItMakes() throws {
        let host = ViewHost(root: Uneven(), store: .inMemory())
        try host.button("Three notes").tap()
        #expect(host.render() == """
              One
              One notes
            ▸ Three
            ▸ Three notes
            selected: 3
            """)
    }

    @Test func rowsInASectionOrMadeByAViewOfTheAppsAreSelectableAndSwipeActionsAreNotRows() throws {
        let host = ViewHost(root: Varied(), store: .inMemory())
        #expect(host.controls.map(\.title) == ["Inbox", "Delete 1", "Archive", "Delete 2", "Trash", "Delete 3", "Bin"],
                "one control a row, and the swipe actions' buttons")
        try host.button("Archive").tap()
        #expect(host.render().hasSuffix("selected: 2"))
        try host.button("Bin").tap()
        #expect(host.render().contains("▸ Bin"), "a tag of the selection's optional type marks its row")
        #expect(host.render().hasSuffix("selected: 9"))
    }

    @Test func aLinkRowSelectsItsRowWithOneControl() throws {
        let host = ViewHost(root: LinkedSidebar(), store: .inMemory())
        #expect(host.controls.map(\.title) == ["Inbox", "Archive", "Trash"], "the link is the row's one control")
        try host.button("Archive").tap()
        #expect(host.render().contains("detail 2"), "activating the link selected its row: the detail follows")
        #expect(host.render().contains("▸ Archive >"))
    }

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

    @Test func tappingAndDrawingReadTheRowsIDsWithoutBuildingTheRows() throws {
        final class Builds { var count = 0 }
        struct Counted: View {
            let builds: Builds
            @State var selected: Int?
            var body: some View {
                List(folders, selection: $selected) { folder in
                    let _ = builds.count += 1
                    Text(folder.name)
                }
            }
        }
        let builds = Builds()
        let host = ViewHost(root: Counted(builds: builds), store: .inMemory())
        let mounted = builds.count
        try host.button("Archive").tap()
        #expect(host.render().contains("▸ Archive"))
        #expect(builds.count == mounted, "no row view was built again to find the ids")
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
