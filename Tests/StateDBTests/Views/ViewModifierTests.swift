import StateDB
import Testing

// Custom modifiers written for SwiftUI (`struct Card: ViewModifier`, `.modifier(Card())`):
// their body wraps the content, their own @State and @Environment work as a view's.

private struct Card: ViewModifier {
    let title: String
    @State private var taps = 0
    func body(content: Content) -> some View {
        let _ = EvaluationLog.record("Card")
        VStack {
            Text("\(title) tapped \(taps)")
            content.padding(.leading, 16)
            Button("Tap \(title)") { taps += 1 }
        }
    }
}

private struct Highlight: ViewModifier {
    var on: Bool
    func body(content: Content) -> some View { content.bold(on) }
}

private struct EnabledNote: ViewModifier {
    @Environment(\.isEnabled) private var isEnabled
    func body(content: Content) -> some View {
        content
        Text(isEnabled ? "enabled" : "disabled")
    }
}

extension View {
    fileprivate func card(_ title: String) -> some View { modifier(Card(title: title)) }
    fileprivate func highlight(_ on: Bool) -> some View { modifier(Highlight(on: on)) }
}

private struct Counter: View {
    @State var count = 0
    var body: some View {
        let _ = EvaluationLog.record("Counter")
        Button("Count \(count)") { count += 1 }
    }
}

private struct Screen: View {
    @State var off = false
    var body: some View {
        VStack {
            Counter().card("A")
            Text("plain").modifier(EmptyModifier())
            Text("lit").highlight(true)
            Text("unlit").highlight(false)
            Text("note").modifier(EnabledNote()).disabled(off)
            Toggle("Off", isOn: $off)
        }
    }
}

@MainActor
struct ViewModifierTests {
    @Test func aModifierWrapsItsContent() {
        let host = ViewHost(root: Screen(), store: .inMemory())
        #expect(host.render() == """
            A tapped 0
              [ Count 0 ]
            [ Tap A ]
            plain
            lit
            unlit
            note
            enabled
            [ ] Off
            """)
        #expect(host.identities.contains("Screen/VStack/Card/VStack/Counter[any]"), "\(host.identities)")
        // EmptyModifier changes nothing, not even the identity: no segment of its own.
        #expect(!host.identities.contains { $0.contains("EmptyModifier") }, "\(host.identities)")
        #expect(host.styledRenderLines().contains("\u{1B}[1mlit\u{1B}[22m"))
        #expect(host.styledRenderLines().contains("unlit"))
    }

    @Test func theModifiersStateIsKeptAndOnlyItsBodyReRuns() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let host = ViewHost(root: Screen(), store: store)
        _ = EvaluationLog.take()
        try host.button("Tap A").tap()
        try host.button("Tap A").tap()
        #expect(host.texts.contains("A tapped 2"))
        #expect(EvaluationLog.take() == ["Card", "Card"], "the content's body did not re-run")
        try host.button("Count").tap()
        #expect(host.texts.contains("Count 1"))
        #expect(EvaluationLog.take() == ["Counter"], "nor the modifier's for the content's state")
        try store.flush()
        #expect(SQLiteProbe(path: folder.storePath).value("Screen/VStack/Card/taps") == "2")
        store.close()

        let again = ViewHost(root: Screen(), store: try StateStore(path: folder.storePath))
        #expect(again.texts.contains("A tapped 2"), "kept across runs")
        #expect(again.texts.contains("Count 1"))
    }

    @Test func theModifierReadsTheEnvironment() throws {
        let host = ViewHost(root: Screen(), store: .inMemory())
        try host.toggle("Off").toggle()
        #expect(host.texts.contains("disabled"))
        try host.toggle("Off").toggle()
        #expect(host.texts.contains("enabled"))
    }
}
