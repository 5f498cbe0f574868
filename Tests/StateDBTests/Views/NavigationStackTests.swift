import Foundation
import StateDB
import Testing

// `NavigationStack`, `NavigationLink` and `.navigationTitle`: the top screen is drawn, the ones
// under it stay mounted with their state, a popped destination's state goes.

private struct NotesScreen: View {
    @State var filter = ""
    var body: some View {
        NavigationStack {
            List {
                TextField("Filter", text: $filter)
                ForEach(["Groceries", "Ideas"], id: \.self) { title in
                    NavigationLink(title) { NoteDetail(title: title) }
                }
            }
            .navigationTitle("Notes")
        }
    }
}

private struct NoteDetail: View {
    let title: String
    @State var stars = 0
    @Environment(\.dismiss) private var dismiss
    var body: some View {
        VStack {
            Text("\(title): \(stars) stars")
            Button("Star") { stars += 1 }
            Button("Done") { dismiss() }
            NavigationLink("History", destination: Text("history of \(title)"))
        }
        .navigationTitle(title)
    }
}

@MainActor
struct NavigationStackTests {
    @Test func theRootIsDrawnWithItsTitleAndLinks() {
        let host = ViewHost(root: NotesScreen(), store: .inMemory())
        #expect(host.render() == """
            Notes
            Filter: []
            Groceries >
            Ideas >
            """)
        #expect(host.styledRenderLines()[0] == "\u{1B}[1mNotes\u{1B}[22m", "the title is bold")
    }

    @Test func aLinkShowsItsDestinationAndBackReturns() throws {
        let host = ViewHost(root: NotesScreen(), store: .inMemory())
        try host.textField("Filter").type("gro")
        try host.button("Groceries").tap()
        #expect(host.render() == """
            [ Back ]
            Groceries
            Groceries: 0 stars
            [ Star ]
            [ Done ]
            History >
            """)
        #expect(throws: DriverError.self, "the covered root's controls cannot be used") { try host.textField("Filter") }
        #expect(throws: DriverError.self) { try host.button("Ideas") }
        try host.button("Back").tap()
        #expect(host.render().contains("Filter: [gro]"), "the root stayed mounted: its state is there")
        #expect(!host.render().contains("Back"))
    }

    @Test func dismissInsideADestinationPopsIt() throws {
        let host = ViewHost(root: NotesScreen(), store: .inMemory())
        var dismissedHost = false
        host.onDismiss = { dismissedHost = true }
        try host.button("Ideas").tap()
        try host.button("Done").tap()
        #expect(host.render().hasPrefix("Notes\n"))
        #expect(!dismissedHost, "dismiss() closed the destination, not the host's screen")
    }

    @Test func aPoppedDestinationsStateGoesAndACoveredOnesStays() throws {
        let host = ViewHost(root: NotesScreen(), store: .inMemory())
        try host.button("Groceries").tap()
        try host.button("Star").tap()
        try host.button("History").tap()
        #expect(host.render() == "[ Back ]\nhistory of Groceries")
        #expect(host.controls.map(\.title) == ["Back"], "only the top screen's controls")
        try host.button("Back").tap()
        #expect(host.render().contains("Groceries: 1 stars"), "the covered destination kept its state")
        try host.button("Back").tap()
        try host.button("Groceries").tap()
        #expect(host.render().contains("Groceries: 0 stars"), "popped: its state went, as in SwiftUI")
    }

    @Test func theRootsStoredStateIsKeptWhileCovered() throws {
        let directory = TemporaryDirectory()
        let path = directory.storePath
        do {
            let store = try StateStore(path: path)
            let host = ViewHost(root: NotesScreen(), store: store)
            try host.textField("Filter").type("ide")
            try host.button("Ideas").tap()
            store.close()
        }
        let store = try StateStore(path: path)
        let diagnostics = DiagnosticsRecorder(store)
        let host = ViewHost(root: NotesScreen(), store: store)
        #expect(host.render().contains("Filter: [ide]"), "the root's slot was not ended while a destination covered it")
        #expect(!host.render().contains("Back"), "a restart starts at the root")
        #expect(diagnostics.of(.notPersisted).isEmpty, "the stack's own memory state is not reported")
        store.close()
    }

    @Test func aDestinationIsKeyedByTheLinkThatPushedIt() throws {
        let host = ViewHost(root: NotesScreen(), store: .inMemory())
        try host.button("Ideas").tap()
        let identities = host.identities
        #expect(identities.contains("NotesScreen/NavigationStack/VStack/List/TextField"))
        #expect(identities.contains(#"NotesScreen/NavigationStack/VStack/NavigationDestinations/ForEach/NavigationDestination[id: "VStack › List › ForEach › NavigationLink[id: \"Ideas\"]"]/VStack/NoteDetail[any]"#))
    }

    @Test func eachLinksScreenHasItsOwnStateWhichARestartKeeps() throws {
        let directory = TemporaryDirectory()
        do {
            let store = try StateStore(path: directory.storePath)
            let host = ViewHost(root: NotesScreen(), store: store)
            try host.button("Groceries").tap()
            try host.button("Star").tap()
            try host.button("Star").tap()
            store.close()  // quit with Groceries on screen
        }
        let store = try StateStore(path: directory.storePath)
        let host = ViewHost(root: NotesScreen(), store: store)
        try host.button("Ideas").tap()
        #expect(host.render().contains("Ideas: 0 stars"), "another link's screen never gets Groceries' stars")
        try host.button("Back").tap()
        try host.button("Groceries").tap()
        #expect(host.render().contains("Groceries: 2 stars"), "Groceries' own slots, kept by the store across the restart")
        store.close()
    }

    @Test func aLinkOutsideAStackDoesNothing() throws {
        struct Loose: View {
            var body: some View { NavigationLink("Go") { Text("there") } }
        }
        let host = ViewHost(root: Loose(), store: .inMemory())
        try host.button("Go").tap()
        #expect(host.render() == "Go >")
    }

    @Test func navigationViewAndOlderSpellingsCompile() {
        struct Old: View {
            var body: some View {
                NavigationView {
                    NavigationLink(destination: Text("d")) { Text("Open") }
                        .navigationTitle(Text("Old").bold())
                        .navigationBarTitleDisplayMode(.inline)
                        .navigationBarBackButtonHidden()
                }
            }
        }
        let host = ViewHost(root: Old(), store: .inMemory())
        #expect(host.render() == "Old\nOpen >")
    }
}
