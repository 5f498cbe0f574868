import StateDB
import StateDBTerminal
import Testing

private struct Panel: View {
    @State var locked = true
    @State var count = 0
    @State var isOn = false
    @State var name = "Ada"
    var body: some View {
        let _ = EvaluationLog.record("Panel")
        VStack {
            Button("count \(count)") { count += 1 }
            Toggle("Switch", isOn: $isOn)
            TextField("Name", text: $name)
            EnabledReader(name: "Reader")
            Plain()
        }
        .disabled(locked)
        Button("unlock") { locked = false }
        Nested().disabled(locked)
    }
}

private struct EnabledReader: View {
    let name: String
    @Environment(\.isEnabled) private var isEnabled
    var body: some View {
        let _ = EvaluationLog.record(name)
        Text("\(name) \(isEnabled ? "enabled" : "disabled")")
    }
}

private struct Plain: View {
    var body: some View {
        let _ = EvaluationLog.record("Plain")
        Text("plain")
    }
}

/// `.disabled(false)` inside a disabled ancestor does not enable, as in SwiftUI.
private struct Nested: View {
    var body: some View {
        EnabledReader(name: "Nested").disabled(false)
    }
}

@MainActor
@Suite(.serialized)
struct DisabledTests {
    @Test func theDriverRefusesDisabledControlsAndChangesNothing() throws {
        let store = StateStore.inMemory()
        let host = ViewHost(root: Panel(), store: store)
        let before = host.render()
        #expect(try !host.button("count").control.isEnabled)
        #expect(try host.button("unlock").control.isEnabled)
        _ = EvaluationLog.take()

        for action in [
            { try host.button("count").tap() },
            { try host.toggle("Switch").toggle() },
            { try host.toggle("Switch").set(true) },
            { try host.textField("Name").type("Grace") },
        ] as [() throws -> Void] {
            let error = try #require(throws: DriverError.self, performing: action)
            #expect(error.reason == .disabled)
        }
        #expect(EvaluationLog.take() == [], "nothing ran")
        #expect(host.render() == before)
        #expect(!store.hasPendingWrites)
        #expect(try host.toggle("Switch").isOn == false)
        #expect(try host.textField("Name").text == "Ada")
        #expect(host.texts.contains("count 0"))
    }

    @Test func enablingReRunsOnlyTheReadersOfIsEnabled() throws {
        let host = ViewHost(root: Panel(), store: .inMemory())
        #expect(host.texts.contains("Reader disabled"))
        #expect(host.texts.contains("Nested disabled"), "a deeper .disabled(false) does not enable")
        _ = EvaluationLog.take()

        try host.button("unlock").tap()
        #expect(EvaluationLog.take() == ["Panel", "Reader", "Nested"], "Plain does not read isEnabled")
        #expect(host.texts.contains("Reader enabled"))
        #expect(host.texts.contains("Nested enabled"))

        try host.button("count").tap()
        try host.toggle("Switch").toggle()
        try host.textField("Name").type("Grace")
        #expect(host.texts.contains("count 1"))
        #expect(try host.toggle("Switch").isOn)
        #expect(try host.textField("Name").text == "Grace")
    }

    /// `render()` does not mark disabled controls: the snapshot is the same either way.
    @Test func renderShowsDisabledControlsAsEnabledOnes() throws {
        let host = ViewHost(root: Panel(), store: .inMemory())
        let disabled = host.render()
        try host.button("unlock").tap()
        #expect(host.render() == disabled.replacingOccurrences(of: "disabled", with: "enabled"))
    }

    @Test func theTerminalSessionRefusesToActOnDisabledControls() throws {
        let host = ViewHost(root: Panel(), store: .inMemory())
        let session = TerminalSession(host: host)
        var decoder = KeyDecoder()
        #expect(try session.focusedIdentity == host.button("count").control.identity)
        session.handle(decoder.decode(Array("\r \t \tGrace\u{7F}\u{15}".utf8)))
        #expect(host.texts.contains("count 0"))
        #expect(try host.toggle("Switch").isOn == false)
        #expect(try host.textField("Name").text == "Ada")

        try host.button("unlock").tap()
        session.refresh()
        session.handle(decoder.decode(Array("\t\t\r".utf8)))   // back to "count" (focus wraps)
        #expect(host.texts.contains("count 1"))
    }
}
