import StateDB
import Testing

// Toggles labelled as SwiftUI code labels them: any view in a @ViewBuilder, a title with a
// system image, a styled text.

private struct Settings: View {
    @State var wifi = false
    @State var alerts = true
    @State var airplane = false
    @State var bold = false
    @State var plain = false
    var body: some View {
        VStack {
            Toggle(isOn: $wifi) { Label("Wi-Fi", systemImage: "wifi") }
            Toggle(isOn: $alerts) {
                Text("Alerts")
                Text("Daily summary")
            }
            Toggle(isOn: $bold) { Text("Bold").bold() }
            Toggle("Airplane", systemImage: "airplane", isOn: $airplane)
            Toggle(isOn: $plain) { Text("Plain") }
            Text(wifi ? "online" : "offline")
        }
    }
}

@MainActor
struct ToggleLabelTests {
    @Test func labelsRenderAfterTheBox() {
        let host = ViewHost(root: Settings(), store: .inMemory())
        #expect(host.render() == """
            [ ] Wi-Fi
            [x] Alerts
                Daily summary
            [ ] Bold
            [ ] Airplane
            [ ] Plain
            offline
            """)
        #expect(host.styledRenderLines().contains("[ ] \u{1B}[1mBold\u{1B}[22m"), "\(host.styledRenderLines())")
    }

    @Test func theDriverFindsAToggleByItsRenderedLabel() throws {
        let host = ViewHost(root: Settings(), store: .inMemory())
        #expect(host.controls.filter { $0.kind == .toggle }.map(\.title) == ["Wi-Fi", "Alerts Daily summary", "Bold", "Airplane", "Plain"])
        try host.toggle("Wi-Fi").toggle()
        #expect(host.texts.contains("online"))
        #expect(host.render().hasPrefix("[x] Wi-Fi"))
        try host.toggle("Alerts").toggle()
        #expect(try host.toggle("Alerts").isOn == false)
        try host.toggle("Airplane").set(true)
        #expect(host.render().contains("[x] Airplane"))
    }

    @Test func aTextLabelAddsNoView() {
        let host = ViewHost(root: Settings(), store: .inMemory())
        // As a title: the text is the toggle's, not a `Text` of the tree (`host.texts`).
        #expect(!host.identities.contains { $0.hasPrefix("Settings/VStack/Toggle[#5]/") })
        #expect(!host.texts.contains("Plain"))
        #expect(host.identities.contains("Settings/VStack/Toggle[#2]/Text[#2]"), "\(host.identities)")
    }
}
