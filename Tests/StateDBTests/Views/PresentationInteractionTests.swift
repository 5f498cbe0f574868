import StateDB
import Testing

// How presentations beside a view (toolbar, search field, overlay, alert, sheet) meet what is
// around the view: covering and hiding reach them, lifecycle actions do not; a sheet's
// onDismiss runs once per closing; a tab's search field is not a tab.

private struct Counted: View {
    @State var appeared = 0
    @State var query = ""
    var body: some View {
        NavigationStack {
            List {
                Text("appeared \(appeared)")
                NavigationLink("Open") { Text("detail") }
            }
            .toolbar { Button("Add") {} }
            .searchable(text: $query)
            .onAppear { appeared += 1 }
        }
    }
}

/// Not `Codable`: kept in memory.
private struct Draft { var taps = 0 }

private struct MemoryDetail: View {
    @State var draft = Draft()
    var body: some View { Button("taps \(draft.taps)") { draft.taps += 1 } }
}

private struct MemoryStack: View {
    var body: some View {
        NavigationStack { NavigationLink("Go") { MemoryDetail() } }
    }
}

@MainActor
struct PresentationInteractionTests {
    @Test func aPushedScreenCoversTheRootsToolbarAndSearchFieldToo() throws {
        let host = ViewHost(root: Counted(), store: .inMemory())
        #expect(host.render() == "Search: []\nappeared 1\nOpen >\n[ Add ]", "onAppear ran once, not once per presentation")
        try host.button("Open").tap()
        #expect(host.render() == "[ Back ]\ndetail")
        #expect(host.controls.map(\.title) == ["Back"], "the covered toolbar and search field cannot be used")
    }

    @Test func hiddenHidesTheOverlayToo() {
        struct Hidden: View {
            var body: some View {
                Text("x").overlay { Button("Over") {} }.hidden()
            }
        }
        let host = ViewHost(root: Hidden(), store: .inMemory())
        #expect(host.controls.isEmpty)
        #expect(host.render().trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
    }

    @Test func aSheetsOnDismissRunsOncePerClosing() throws {
        struct Sheeted: View {
            @State var shown = false
            @State var loading = true
            @State var dismissals = 0
            var body: some View {
                VStack {
                    Text("dismissals \(dismissals)")
                    Button("Open") { shown = true }
                }
                .sheet(isPresented: $shown, onDismiss: { dismissals += 1 }) {
                    if loading { Text("loading") } else { Text("ready") }
                    Button("Load") { loading = false }
                    Button("Close") { shown = false }
                }
            }
        }
        let host = ViewHost(root: Sheeted(), store: .inMemory())
        try host.button("Open").tap()
        try host.button("Load").tap()
        #expect(host.render().hasPrefix("ready"), "the branch flipped while the sheet stayed")
        try host.button("Close").tap()
        #expect(host.render().hasPrefix("dismissals 1"), "once for the closing; not for the branch, not per view")
    }

    @Test func aTabsSearchFieldGoesWithItsTab() throws {
        struct Tabs: View {
            @State var query = ""
            var body: some View {
                TabView {
                    Text("inbox").searchable(text: $query).tabItem { Text("Inbox") }
                    Text("settings").tabItem { Text("Settings") }
                }
            }
        }
        let host = ViewHost(root: Tabs(), store: .inMemory())
        #expect(host.render() == "Tab: < Inbox >\nSearch: []\ninbox")
        try host.picker("Tab").select(label: "Settings")
        #expect(host.render() == "Tab: < Settings >\nsettings", "the inbox's search field is covered with it")
        #expect(try host.picker("Tab").options == ["Inbox", "Settings"])
    }

    @Test func aDestinationsMemoryStateStartsAfreshWhenPushedAgain() throws {
        let host = ViewHost(root: MemoryStack(), store: .inMemory())
        try host.button("Go").tap()
        try host.button("taps 0").tap()
        #expect(host.render().hasSuffix("[ taps 1 ]"))
        try host.button("Back").tap()
        try host.button("Go").tap()
        #expect(host.render().hasSuffix("[ taps 0 ]"), "the popped screen's in-memory state went with it")
    }
}
