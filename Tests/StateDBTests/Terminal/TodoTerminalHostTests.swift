import Foundation
import StateDB
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The terminal host's paste handling and message line, seen through `todo` in a
/// pseudo-terminal, as a user meets them.
@Suite("todo, interactive: paste and messages")
struct TodoTerminalHostTests {
    let folder = TemporaryDirectory()
    var store: String { folder.storePath }

    private func finish(_ process: Process, on terminal: PseudoTerminal) {
        TodoBinary.finish(process, on: terminal, store: store)
    }

    @Test func pastedLinesAreInsertedAsTextAndDoNotQuit() throws {
        let terminal = try PseudoTerminal(rows: 24, columns: 60)
        let process = try terminal.spawn(TodoBinary.url, ["--store", store])
        #expect(terminal.waitFor("\u{1B}[?2004h"), "asks the terminal for bracketed paste")
        // What the README's capture shows: the focused field in reverse video, the key hints.
        #expect(terminal.waitFor("\u{1B}[7mNew item: []\u{1B}[27m  [ Add ]"))
        #expect(terminal.waitFor("Confirm before remove"))
        #expect(terminal.waitFor("\u{1B}[2mtype to edit · Tab move · ←/→ caret · Ctrl-C quit\u{1B}[0m"))
        terminal.type("\u{1B}[200~milk\nquinoa\u{1B}[201~")  // the focus starts in "New item"
        #expect(terminal.waitFor("New item: [milk quinoa]"))
        terminal.type("\r\r")  // Enter leaves the field, Enter presses Add
        #expect(terminal.waitFor("1. milk quinoa"))
        terminal.type("\u{03}")
        finish(process, on: terminal)
        #expect(process.terminationStatus == 0)
        #expect(terminal.output.contains("\u{1B}[?2004l"), "bracketed paste is switched off again")
    }

    @Test func afterAddTheFocusIsBackInTheNewItemField() throws {
        let terminal = try PseudoTerminal(rows: 24, columns: 60)
        let process = try terminal.spawn(TodoBinary.url, ["--store", store])
        #expect(terminal.waitFor("\u{1B}[7mNew item: []\u{1B}[27m  [ Add ]"))
        terminal.type("milk")
        #expect(terminal.waitFor("New item: [milk]"))
        terminal.type("\r\r")  // Enter leaves the field, Enter presses Add (isAddingItem = true)
        #expect(terminal.waitFor("1. milk"))
        terminal.type("eggs")  // lands in the field again, not on the button
        #expect(terminal.waitFor("\u{1B}[7mNew item: [eggs]\u{1B}[27m"))
        terminal.type("\r\r")
        #expect(terminal.waitFor("2. eggs"))
        terminal.type("\u{03}")
        finish(process, on: terminal)
        #expect(process.terminationStatus == 0)
    }

    @Test func aStoreDiagnosticGoesToTheMessageLineThenToStandardError() throws {
        _ = try TodoBinary.run(["--store", store], input: "add Buy milk\n")
        let terminal = try PseudoTerminal(rows: 24, columns: 80)
        let process = try terminal.spawn(TodoBinary.url, ["--store", store])
        #expect(terminal.waitFor("Confirm before remove"))
        let before = terminal.output

        // A bad hand edit: a string where the app stores a Bool.
        _ = try SQLiteShell.run(store, "UPDATE slots SET value = 'yes' WHERE key = 'TodoApp/showsDone'")
        #expect(terminal.waitFor("\u{1B}[1m! statedb: "), "shown on the message line, drawn bold")
        let during = String(terminal.output.dropFirst(before.count))
        #expect(!during.contains("todo: statedb:"), "not printed over the screen")
        terminal.type("\u{03}")  // Ctrl-C (the focus is in a field, where q is typed)
        finish(process, on: terminal)
        let after = terminal.output.components(separatedBy: "\u{1B}[?1049l").last ?? ""
        #expect(after.contains("todo: statedb: "), "handed to todo's own handler once the screen is back:\n\(after)")
    }
}
