import StateDB
import StateDBTerminal
import Testing

private enum TerminalFocusFixtures {
    struct NewItem: View {
        @State var title = ""
        @State var added: [String] = []
        @FocusState var isFocused: Bool

        var body: some View {
            VStack {
                TextField("Title", text: $title).focused($isFocused)
                Button("Add") {
                    added.append(title)
                    title = ""
                    isFocused = true
                }
                Text(isFocused ? "editing" : "idle")
                ForEach(added, id: \.self) { Text("- " + $0) }
            }
        }
    }
}

/// The terminal session and `@FocusState`: its moves set the bound values, and the app's
/// changes of them move its cursor.
@MainActor
@Suite("Terminal focus state")
struct TerminalFocusTests {
    private func keys(_ text: String) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.decode(Array(text.utf8))
    }

    @Test func theSessionsMovesSetTheBoundValue() throws {
        let host = ViewHost(root: TerminalFocusFixtures.NewItem(), store: .inMemory())
        let session = TerminalSession(host: host)
        #expect(host.focusedControl?.title == "Title", "the first control takes the host's focus")
        #expect(session.snapshot.lines.contains("editing"))
        session.handle(.tab)
        #expect(host.focusedControl?.title == "Add")
        #expect(session.snapshot.lines.contains("idle"), "the body re-ran and the screen shows it")
        session.handle(.backTab)
        #expect(session.snapshot.lines.contains("editing"))
    }

    @Test func theAppsFocusMoveTakesTheCursorBackToTheField() throws {
        let host = ViewHost(root: TerminalFocusFixtures.NewItem(), store: .inMemory())
        let session = TerminalSession(host: host)
        session.handle(keys("milk"))
        session.handle(.tab)
        session.handle(.enter)  // Add: clears the field and sets isFocused = true
        #expect(session.focusedIdentity == host.focusedControl?.identity)
        #expect(host.focusedControl?.title == "Title")
        #expect(session.editor?.text == "")
        session.handle(keys("eggs"))
        try #expect(host.textField("Title").text == "eggs", "typing lands in the field again")
        #expect(session.snapshot.lines.contains("- milk"))
    }
}
