import StateDB
import Testing

// `TabView`: a picker of the tabs, then the selected one; the others stay mounted with their
// state; without a selection the chosen tab is stored.

private enum Section: String, Codable, Hashable { case inbox, settings }

private struct Counter: View {
    let name: String
    @State var count = 0
    var body: some View { Button("\(name) \(count)") { count += 1 } }
}

private struct BoundTabs: View {
    @State var tab = Section.inbox
    var body: some View {
        TabView(selection: $tab) {
            Counter(name: "inbox").tabItem { Label("Inbox", systemImage: "tray") }.tag(Section.inbox)
            Counter(name: "settings").tabItem { Image(systemName: "gear"); Text("Settings") }.tag(Section.settings)
        }
    }
}

private struct UnboundTabs: View {
    var body: some View {
        TabView {
            Text("first").tabItem { Text("One") }
            Text("second").tabItem { Text("Two") }
        }
    }
}

@MainActor
struct TabViewTests {
    @Test func thePickerChoosesTheTabAndHiddenTabsKeepTheirState() throws {
        let host = ViewHost(root: BoundTabs(), store: .inMemory())
        #expect(host.render() == "Tab: < Inbox >\n[ inbox 0 ]")
        try host.button("inbox 0").tap()
        try host.picker("Tab").select(label: "Settings")
        #expect(host.render() == "Tab: < Settings >\n[ settings 0 ]")
        #expect(host.controls.map(\.title) == ["settings 0", "Tab"], "a hidden tab's controls cannot be used")
        let tab = try host.store.binding(for: "BoundTabs/tab", default: Section.inbox)
        tab.wrappedValue = .inbox
        host.update()
        #expect(host.render() == "Tab: < Inbox >\n[ inbox 1 ]", "the inbox tab kept its state while hidden")
        #expect(host.identities.contains("BoundTabs/TabView/TabViewBody[then]/Counter[#2]/Button"))
    }

    @Test func withoutASelectionTheChosenTabIsStoredAcrossARestart() throws {
        let directory = TemporaryDirectory()
        do {
            let store = try StateStore(path: directory.storePath)
            let host = ViewHost(root: UnboundTabs(), store: store)
            #expect(host.render() == "Tab: < One >\nfirst")
            try host.picker("Tab").selectNext()
            #expect(host.render() == "Tab: < Two >\nsecond")
            store.close()
        }
        let store = try StateStore(path: directory.storePath)
        let host = ViewHost(root: UnboundTabs(), store: store)
        #expect(host.render() == "Tab: < Two >\nsecond")
        #expect(SQLiteProbe(path: directory.storePath).value("UnboundTabs/TabView/TabViewState[else]/selectedIndex") == "1")
        store.close()
    }
}
