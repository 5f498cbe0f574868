import StateDB
import StateDBTerminal
import Testing

private struct Notes: View {
    @State var notes: [String] = []
    @State var draft = ""
    var body: some View {
        VStack {
            TextField("Note", text: $draft)
            Button("New") { notes.append("note \(notes.count + 1)") }.keyboardShortcut("n", modifiers: .command)
            Button("Quiet") { notes.append("q pressed") }.keyboardShortcut("q")
            Button("Off") { notes.append("never") }.keyboardShortcut("o").disabled(true)
            ForEach(notes, id: \.self) { Text($0) }
        }
    }
}

/// `.keyboardShortcut` in the terminal: the key activates its control wherever the cursor is,
/// except while a text field takes the typing.
@MainActor
@Suite("Terminal keyboard shortcuts")
struct TerminalShortcutTests {
    private func keys(_ text: String) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.decode(Array(text.utf8))
    }

    @Test func aShortcutActivatesItsControlOutsideTextFields() throws {
        let host = ViewHost(root: Notes(), store: .inMemory())
        let session = TerminalSession(host: host)
        #expect(host.focusedControl?.title == "Note")
        session.handle(keys("n"))
        try #expect(host.textField("Note").text == "n", "in a text field the key is typed")
        session.handle(.tab)  // onto New
        session.handle(.tab)  // onto Quiet
        session.handle(keys("n"))
        #expect(session.snapshot.lines.contains("note 1"), "the shortcut worked away from its button")
        #expect(session.handle(keys("q").first!) == .keepRunning, "the app's shortcut wins over q for quit")
        #expect(session.snapshot.lines.contains("q pressed"))
        session.handle(keys("o"))
        #expect(!session.snapshot.lines.contains("never"), "a disabled control's shortcut does nothing")
        #expect(try host.button("New").control.keyboardShortcut == "n")
    }
}
