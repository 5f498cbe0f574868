import Foundation
import StateDB
import Testing

// `DisclosureGroup`, `LabeledContent`, `GroupBox`, `Link` and `Image`: how each draws, what
// the driver finds, and the disclosure group's own stored state.

private struct SettingsScreen: View {
    @State var verbose = false
    @State var showFilters = true
    var body: some View {
        Form {
            DisclosureGroup("Advanced") {
                Toggle("Verbose", isOn: $verbose)
                LabeledContent("Level", value: verbose ? "debug" : "info")
            }
            DisclosureGroup("Filters", isExpanded: $showFilters) {
                Text("none")
            }
        }
    }
}

private struct AboutScreen: View {
    var body: some View {
        GroupBox("About") {
            LabeledContent("Version", value: "1.4")
            LabeledContent("Size", value: 1_234_567, format: .number.locale(Locale(identifier: "en_US")))
            LabeledContent("Notes") {
                Text("first")
                Text("second")
            }
            HStack {
                Image(systemName: "star.fill").resizable().imageScale(.large)
                Text("Starred")
            }
            Link("Docs", destination: URL(string: "https://example.com/docs")!)
        }
    }
}

@MainActor
struct ContainerViewsTests {
    @Test func aDisclosureGroupOpensAndClosesFromItsHeader() throws {
        let host = ViewHost(root: SettingsScreen(), store: .inMemory())
        #expect(host.render() == """
            ▸ Advanced
            ▾ Filters
              none
            """)
        try host.button("Advanced").tap()
        #expect(host.render() == """
            ▾ Advanced
              [ ] Verbose
              Level: info
            ▾ Filters
              none
            """)
        try host.toggle("Verbose").toggle()
        #expect(host.render().contains("  Level: debug"))
        try host.button("Filters").tap()
        #expect(host.render().hasSuffix("▸ Filters"), "the binding closed it")
        try host.button("Advanced").tap()
        #expect(!host.controls.contains { $0.title == "Verbose" }, "closed content is not mounted")
        #expect(!host.identities.contains { $0.hasSuffix("/Toggle") })
    }

    @Test func anUnboundDisclosureGroupIsStoredOpenAcrossARestart() throws {
        let directory = TemporaryDirectory()
        do {
            let store = try StateStore(path: directory.storePath)
            let host = ViewHost(root: SettingsScreen(), store: store)
            try host.button("Advanced").tap()
            store.close()
        }
        let probe = SQLiteProbe(path: directory.storePath)
        #expect(probe.value("SettingsScreen/Form/DisclosureGroup/DisclosureState[else]/isExpanded") == "1")
        #expect(probe.rows("SELECT key FROM slots WHERE key LIKE '%Disclosure%'").count == 1,
                "the bound group keeps no state of its own")
        let store = try StateStore(path: directory.storePath)
        let host = ViewHost(root: SettingsScreen(), store: store)
        #expect(host.render().hasPrefix("▾ Advanced\n  [ ] Verbose"))
        store.close()
    }

    @Test func labeledContentGroupBoxLinkAndImageDraw() {
        let host = ViewHost(root: AboutScreen(), store: .inMemory())
        #expect(host.render() == """
            About
              Version: 1.4
              Size: 1,234,567
              Notes: first
                second
              Starred
              Docs
            """)
        let styled = host.styledRenderLines()
        #expect(styled[0] == "\u{1B}[1mAbout\u{1B}[22m")
        #expect(styled.last == "  \u{1B}[4mDocs\u{1B}[24m", "a link is underlined")
        #expect(host.controls.isEmpty, "a link is not a control")
        #expect(host.identities.contains("AboutScreen/GroupBox/LabeledContent[#3]/LabeledContentLabel/Text"))
        #expect(host.identities.contains("AboutScreen/GroupBox/HStack/Image"))
    }
}
