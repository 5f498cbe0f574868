import Foundation
import StateDB
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The `todo` example in a (pseudo-)terminal: keys change the state, and the terminal is
/// put back as it was on quitting and on SIGTERM.
@Suite("todo, interactive")
struct TodoInteractiveTests {
    let folder = TemporaryDirectory()
    var store: String { folder.storePath }

    private func finish(_ process: Process, on terminal: PseudoTerminal) {
        TodoBinary.finish(process, on: terminal, store: store)
    }

    @Test func keysChangeSettingsAndRowsAndQuitRestoresTheTerminal() throws {
        _ = try TodoBinary.run(["--store", store], input: "add Buy milk\nadd Call mom\ntoggle 2\n")
        let terminal = try PseudoTerminal(rows: 24, columns: 60)
        let cooked = terminal.localFlags
        #expect(cooked & tcflag_t(ICANON) != 0)

        let process = try terminal.spawn(TodoBinary.url, ["--store", store])
        #expect(terminal.waitFor("\u{1B}[?1049h"), "switches to the alternate screen")
        #expect(terminal.waitFor("Confirm before remove"))
        #expect(terminal.localFlags & tcflag_t(ICANON | ECHO) == 0, "raw mode while running")

        terminal.type("\u{1B}[Z\u{1B}[Z ")  // Shift-Tab twice reaches "Show done items"; Space flips it
        #expect(terminal.waitFor("(1 done item hidden)"))
        terminal.type("\t\t\t\t\t ")  // on to row 1's "more", and press it
        #expect(terminal.waitFor("Title: [Buy milk]"))
        terminal.type("q")
        finish(process, on: terminal)

        #expect(process.terminationStatus == 0)
        #expect(terminal.output.contains("\u{1B}[?25h\u{1B}[?1049l"), "shows the cursor, leaves the alternate screen")
        #expect(terminal.localFlags == cooked, "the terminal's settings are back")

        let after = try TodoBinary.run(["--store", store], input: "")
        #expect(after.output.contains("[ ] 1. Buy milk  [ less ]  [ remove ]\n    Title: [Buy milk]"))
        #expect(after.output.contains("(1 done item hidden)"))
        #expect(after.output.contains("[ ] Show done items"))
        #expect(!after.output.contains("Call mom"))
    }

    @Test func sigtermQuitsCleanlyAndKeepsWhatWasTyped() throws {
        let terminal = try PseudoTerminal(rows: 24, columns: 60)
        let cooked = terminal.localFlags
        let process = try terminal.spawn(TodoBinary.url, ["--store", store])
        #expect(terminal.waitFor("Confirm before remove"))
        terminal.type("Buy bread")  // the focus starts in "New item"
        #expect(terminal.waitFor("New item: [Buy bread]"))

        process.terminate()
        finish(process, on: terminal)
        #expect(process.terminationStatus == 0)
        #expect(terminal.output.contains("\u{1B}[?1049l"))
        #expect(terminal.localFlags == cooked)

        let after = try TodoBinary.run(["--store", store], input: "")
        #expect(after.output.contains("New item: [Buy bread]  [ Add ]"))
    }

    /// A value written by another process (here, this one; `statedb set` in real life) while
    /// todo runs shows up without a key being pressed.
    @Test func showsAChangeMadeByAnotherProcessWhileRunning() throws {
        _ = try TodoBinary.run(["--store", store], input: "add Buy milk\n")
        let terminal = try PseudoTerminal(rows: 24, columns: 60)
        let process = try terminal.spawn(TodoBinary.url, ["--store", store])
        #expect(terminal.waitFor("Confirm before remove"))

        let outside = try TodoBinary.openStore(store)
        try outside.binding(for: "TodoApp/newTitle", default: "").wrappedValue = "Call mom"
        try outside.flush()
        outside.close()

        #expect(terminal.waitFor("New item: [Call mom]"))
        terminal.type("\r\r")  // Enter leaves the field, Enter presses Add
        #expect(terminal.waitFor("2. Call mom"))
        terminal.type("\u{03}")  // Ctrl-C
        finish(process, on: terminal)
        #expect(process.terminationStatus == 0)
    }
}
