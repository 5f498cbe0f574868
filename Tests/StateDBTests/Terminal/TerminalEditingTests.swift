import StateDB
import StateDBTerminal
import Testing

enum EditingFixtures {
    struct Form: View {
        @State var name = ""
        @State var secret = ""
        @State var agreed = false
        var body: some View {
            VStack {
                TextField("Name", text: $name)
                SecureField("PIN", text: $secret)
                Toggle("Agree", isOn: $agreed)
            }
        }
    }

    enum Size: String, Codable, Hashable, CaseIterable { case small, large }

    struct Choices: View {
        @State var size = Size.small
        @State var count = 1
        var body: some View {
            VStack {
                Picker("Size", selection: $size) {
                    ForEach(Size.allCases, id: \.self) { Text($0.rawValue).tag($0) }
                }
                Stepper("Count: \(count)", value: $count, in: 0...2)
            }
        }
    }

    struct Long: View {
        var body: some View {
            ScrollView {
                ForEach(0..<30) { index in
                    if index % 10 == 0 { Button("button \(index)") {} } else { Text("line \(index)") }
                }
            }
        }
    }

    struct Styled: View {
        var body: some View {
            VStack {
                Text("Title").bold()
                HStack { Text("A🎉bc"); Text("|").foregroundStyle(.red) }
                Button("Go") {}
            }
        }
    }
}

/// The terminal session's editing, scrolling, paste, message line and hints, driven through
/// its keys and compared on its frames.
@MainActor
@Suite("Terminal: caret, paste, scrolling, messages")
struct TerminalEditingTests {
    private func keys(_ text: String) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.decode(Array(text.utf8))
    }

    @Test func theDecoderReadsPastesAndEditingKeys() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[200~milk\nq".utf8)) == [], "a paste waits for its end marker")
        #expect(decoder.decode(Array("uinoa\u{1B}[201~x".utf8)) == [.paste("milk\nquinoa"), .character("x")])
        #expect(decoder.decode(Array("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}[5~\u{1B}[6~\u{1B}[3~\u{1B}b\u{1B}f\u{1B}[1;5D\u{1B}[1;3C".utf8)) == [
            .home, .end, .home, .end, .pageUp, .pageDown, .delete, .wordLeft, .wordRight, .wordLeft, .wordRight,
        ])
    }

    @Test func aPasteIsInsertedAsTextAndNeverReadAsKeys() throws {
        let host = ViewHost(root: EditingFixtures.Form(), store: .inMemory())
        let session = TerminalSession(host: host)
        #expect(session.handle(keys("\u{1B}[200~milk\nquinoa\u{1B}[201~")) == .keepRunning, "the q of quinoa does not quit")
        try #expect(host.textField("Name").text == "milk quinoa")
        #expect(session.snapshot.controls[session.focus!].title == "Name", "the newline did not move the focus")
        session.handle(keys("\t\t"))  // on the toggle
        #expect(session.handle(keys("\u{1B}[200~q \u{1B}[201~")) == .keepRunning, "a paste outside a field is ignored")
        try #expect(!host.toggle("Agree").isOn)
    }

    @Test func theCaretMovesByCharacterAndWordAndEditsWhereItIs() throws {
        let host = ViewHost(root: EditingFixtures.Form(), store: .inMemory())
        let session = TerminalSession(host: host)
        session.handle(keys("Ada"))
        session.handle(keys("\u{1B}[D\u{1B}[Dx"))  // ← ← x
        try #expect(host.textField("Name").text == "Axda")
        session.handle(keys("\u{1B}[HZ\u{1B}[Fy"))  // Home Z End y
        try #expect(host.textField("Name").text == "ZAxday")
        session.handle(keys("\u{1B}[H\u{1B}[3~"))  // Home, Delete
        try #expect(host.textField("Name").text == "Axday")
        session.handle(keys("\u{1B}[F\u{15}hello brave world"))  // End, Ctrl-U: clears before the caret (all of it)
        session.handle(keys("\u{1B}[1;5D\u{1B}[1;5D\u{17}"))  // word back twice, Ctrl-W
        try #expect(host.textField("Name").text == "brave world")
        #expect(session.editor?.caret == 0)
        session.handle(keys("\u{1B}f\u{0B}"))  // Alt-F, Ctrl-K
        try #expect(host.textField("Name").text == "brave")
        session.handle(keys("\u{7F}"))
        try #expect(host.textField("Name").text == "brav")
        #expect(session.snapshot.controls[session.focus!].title == "Name", "←/→ stayed in the field")
    }

    @Test func theCursorShowsTheCaretInCellsAcrossWideCharacters() throws {
        let host = ViewHost(root: EditingFixtures.Form(), store: .inMemory())
        let session = TerminalSession(host: host)
        session.handle(keys("A🎉bc"))
        session.handle(keys("\u{1B}[D\u{1B}[D\u{1B}[D"))  // ← over c, b and the whole emoji
        #expect(session.editor?.caret == 1)
        let frame = session.frame(size: ScreenSize(rows: 6, columns: 40))
        #expect(frame.lines[0] == "Name: [A🎉bc]")
        #expect(frame.cursor == Frame.Position(row: 0, column: 8), "after `Name: [A`")
        #expect(frame.ansi.hasSuffix("\u{1B}[1;9H\u{1B}[?25h"))
        session.handle(keys("\u{1B}[Ce\u{301}"))  // → past the emoji, then e + combining acute
        try #expect(host.textField("Name").text == "A🎉e\u{301}bc")
        #expect(session.frame(size: ScreenSize(rows: 6, columns: 40)).cursor?.column == 11)
        session.handle(keys("\t\t"))
        #expect(session.frame(size: ScreenSize(rows: 6, columns: 40)).cursor == nil, "no caret outside a field")
    }

    @Test func aSecureFieldIsEditedMasked() throws {
        let host = ViewHost(root: EditingFixtures.Form(), store: .inMemory())
        let session = TerminalSession(host: host)
        session.handle(keys("\t1234\u{1B}[D\u{7F}"))
        try #expect(host.secureField("PIN").text == "124")
        #expect(session.snapshot.lines[1] == "PIN: [•••]")
    }

    @Test func pickersAndSteppersTakeTheArrows() throws {
        let host = ViewHost(root: EditingFixtures.Choices(), store: .inMemory())
        let session = TerminalSession(host: host)
        session.handle(keys("\u{1B}[C"))
        #expect(session.snapshot.lines[0] == "Size: < large >")
        session.handle(keys(" "))
        #expect(session.snapshot.lines[0] == "Size: < small >", "Space cycles")
        session.handle(keys("\t\u{1B}[C+++"))
        #expect(session.snapshot.lines[1] == "Count: 2 [-/+]", "stops at the top of the range")
        session.handle(keys("\u{1B}[D-"))
        #expect(session.snapshot.lines[1] == "Count: 0 [-/+]")
    }

    @Test func pageKeysScrollAndTakeTheFocusAlong() {
        let host = ViewHost(root: EditingFixtures.Long(), store: .inMemory())
        let session = TerminalSession(host: host)
        let size = ScreenSize(rows: 8, columns: 40)
        #expect(session.frame(size: size).lines.first == "[ button 0 ]")
        session.handle(keys("\u{1B}[6~"))  // PgDn: 7 rows of content, a page is 6 lines
        var frame = session.frame(size: size)
        #expect(frame.top == 6)
        #expect(frame.lines.last == "Enter press · Tab move  lines 7–13 of 30")
        #expect(session.snapshot.controls[session.focus!].title == "button 10", "the focus came onto the page")
        #expect(frame.highlight?.row == 4)
        session.handle(keys("\u{1B}[6~\u{1B}[6~\u{1B}[6~"))
        frame = session.frame(size: size)
        #expect(frame.top == 23, "the last page")
        #expect(session.snapshot.controls[session.focus!].title == "button 20", "still visible at the top")
        session.handle(keys("\u{1B}[H"))  // Home
        frame = session.frame(size: size)
        #expect(frame.top == 0)
        #expect(session.snapshot.controls[session.focus!].title == "button 0")
        session.handle(keys("\u{1B}[F"))  // End
        #expect(session.frame(size: size).top == 23)
    }

    @Test func theMessageLineShowsUntilTheNextKey() {
        let host = ViewHost(root: EditingFixtures.Form(), store: .inMemory())
        let session = TerminalSession(host: host)
        session.show("statedb: quarantined TodoApp/showsDone: a hand edit")
        session.show("second")
        var frame = session.frame(size: ScreenSize(rows: 5, columns: 30))
        #expect(frame.lines == ["Name: []", "PIN: []", "[ ] Agree", "! second (+1 more)", "type to edit · Tab move"])
        #expect(frame.messageRow == 3)
        #expect(frame.ansi.contains("\u{1B}[1m! second (+1 more)\u{1B}[0m"))
        session.handle(keys("\t"))
        frame = session.frame(size: ScreenSize(rows: 5, columns: 30))
        #expect(frame.messageRow == nil)
        #expect(frame.lines[3] == "")
    }

    @Test func hintsFitNarrowWindowsWholeOrNotAtAll() {
        let host = ViewHost(root: EditingFixtures.Form(), store: .inMemory())
        let session = TerminalSession(host: host)
        session.handle(keys("\t\t"))
        #expect(session.frame(size: ScreenSize(rows: 4, columns: 80)).lines.last == "Enter flip · Tab move · q quit · PgUp/PgDn scroll")
        #expect(session.frame(size: ScreenSize(rows: 4, columns: 22)).lines.last == "Enter flip · Tab move")
        #expect(session.frame(size: ScreenSize(rows: 4, columns: 12)).lines.last == "Enter flip")
        #expect(session.frame(size: ScreenSize(rows: 4, columns: 6)).lines.last == "")
    }

    @Test func stylesAreDrawnAndWidthsCountCells() {
        let host = ViewHost(root: EditingFixtures.Styled(), store: .inMemory())
        let session = TerminalSession(host: host)
        let frame = session.frame(size: ScreenSize(rows: 4, columns: 8))
        #expect(frame.lines == ["Title", "A🎉bc  |", "[ Go ]", "Enter…"] || frame.lines == ["Title", "A🎉bc  |", "[ Go ]", ""])
        #expect(frame.styledLines[0] == "\u{1B}[1mTitle\u{1B}[22m")
        #expect(frame.styledLines[1] == "A🎉bc  \u{1B}[31m|\u{1B}[39m")
        #expect(frame.ansi.contains("\u{1B}[1mTitle\u{1B}[22m\u{1B}[0m\u{1B}[K"))
        let narrow = session.frame(size: ScreenSize(rows: 4, columns: 5))
        #expect(narrow.lines[1] == "A🎉b…", "cut by cells, the emoji kept whole")
    }
}
