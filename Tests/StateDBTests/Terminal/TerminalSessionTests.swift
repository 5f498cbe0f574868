import StateDB
import StateDBTerminal
import Testing

enum SessionFixtures {
    struct Form: View {
        @State var name = ""
        @State var agreed = false
        @State var items = ["a", "b", "c"]

        var body: some View {
            VStack {
                TextField("Name", text: $name)
                Toggle("Agree", isOn: $agreed)
                ForEach(items, id: \.self) { item in
                    HStack {
                        Text(item)
                        Button("drop \(item)") { items.removeAll { $0 == item } }
                    }
                }
                Button("Done") {}
            }
        }
    }
}

/// Keys driving a real host on a real store, as a user at a terminal would.
@MainActor
@Suite("Terminal session")
struct TerminalSessionTests {
    let folder = TemporaryDirectory()

    private func keys(_ text: String) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.decode(Array(text.utf8))
    }

    private func focusedTitle(_ session: TerminalSession) -> String? {
        session.focus.map { session.snapshot.controls[$0].title }
    }

    @Test func typingEditsTheFocusedFieldAndIsStored() throws {
        let store = try StateStore(path: folder.storePath)
        let host = ViewHost(root: SessionFixtures.Form(), store: store)
        let session = TerminalSession(host: host)
        #expect(focusedTitle(session) == "Name")

        #expect(session.handle(keys("Ada Lovelace quietly")) == .keepRunning, "q types into a field")
        try #expect(host.textField("Name").text == "Ada Lovelace quietly")
        session.handle(keys("\u{7F}\u{7F}\u{7F}\u{7F}\u{7F}\u{7F}\u{7F}\u{7F}"))
        try #expect(host.textField("Name").text == "Ada Lovelace")
        #expect(session.snapshot.lines.first == "Name: [Ada Lovelace]")
        store.close()

        let reopened = try StateStore(path: folder.storePath)
        let again = ViewHost(root: SessionFixtures.Form(), store: reopened)
        try #expect(again.textField("Name").text == "Ada Lovelace")
        TerminalSession(host: again).handle(keys("\u{15}"))  // Ctrl-U
        try #expect(again.textField("Name").text == "")
    }

    @Test func enterAndSpaceActivateTheFocusedControl() throws {
        let host = ViewHost(root: SessionFixtures.Form(), store: .inMemory())
        let session = TerminalSession(host: host)
        session.handle(keys("\t "))
        #expect(focusedTitle(session) == "Agree")
        try #expect(host.toggle("Agree").isOn)
        session.handle(keys("\r"))
        try #expect(!host.toggle("Agree").isOn)

        session.handle(keys("\t\r"))  // presses "drop a"
        #expect(host.texts.filter { $0.count == 1 } == ["b", "c"])
        // The pressed button is gone: the control now in its place has the focus.
        #expect(focusedTitle(session) == "drop b")
    }

    @Test func tabArrowsAndShiftTabMoveTheFocus() {
        let host = ViewHost(root: SessionFixtures.Form(), store: .inMemory())
        let session = TerminalSession(host: host)
        session.handle(keys("\r"))  // Enter in a field moves on
        #expect(focusedTitle(session) == "Agree")
        session.handle(keys("\u{1B}[B"))  // down: the next line with a control
        #expect(focusedTitle(session) == "drop a")
        session.handle(keys("\u{1B}[B\u{1B}[B\u{1B}[B"))
        #expect(focusedTitle(session) == "Done")
        session.handle(keys("\u{1B}[B"))  // stays at the bottom
        #expect(focusedTitle(session) == "Done")
        session.handle(keys("\t"))  // Tab wraps around
        #expect(focusedTitle(session) == "Name")
        session.handle(keys("\u{1B}[Z\u{1B}[D"))  // Shift-Tab, ←
        #expect(focusedTitle(session) == "drop c")
        session.handle(keys("\u{1B}[A\u{1B}[C"))  // ↑, →
        #expect(focusedTitle(session) == "drop c")
    }

    @Test func focusFollowsTheControlWhenOthersComeAndGo() throws {
        let host = ViewHost(root: SessionFixtures.Form(), store: .inMemory())
        let session = TerminalSession(host: host)
        session.handle(keys("\u{1B}[Z"))
        #expect(focusedTitle(session) == "Done")
        let doneIndex = session.focus

        try host.button("drop a").tap()  // changed elsewhere (another key, another process)
        session.refresh()
        #expect(focusedTitle(session) == "Done")
        #expect(session.focus == doneIndex.map { $0 - 1 })
    }

    @Test func quitKeys() throws {
        let host = ViewHost(root: SessionFixtures.Form(), store: .inMemory())
        let session = TerminalSession(host: host)
        #expect(session.handle(keys("\u{03}")) == .quit, "Ctrl-C quits even in a field")
        #expect(session.handle(keys("\u{04}")) == .quit)
        session.handle(keys("\t"))
        #expect(session.handle(keys("q")) == .quit)
        try #expect(!host.toggle("Agree").isOn)
    }

    @Test func theFrameHighlightsTheFocusedControl() {
        let host = ViewHost(root: SessionFixtures.Form(), store: .inMemory())
        let session = TerminalSession(host: host)
        session.handle(keys("\t\t\t"))
        let frame = session.frame(size: ScreenSize(rows: 8, columns: 30))
        #expect(frame.lines == [
            "Name: []",
            "[ ] Agree",
            "a  [ drop a ]",
            "b  [ drop b ]",
            "c  [ drop c ]",
            "[ Done ]",
            "",
            "Enter press · Tab move",
        ])
        #expect(frame.highlight == Frame.Highlight(row: 3, column: 3, length: 10))
    }
}
