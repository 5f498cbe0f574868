import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `todo --layout 2`, the redesigned screen a second version of the app would ship, run on the
/// store layout 1 wrote: the root keeps its type name, so its own slots keep their keys; the rows
/// sit under another container, so their per-row state must be carried over by the store
/// (`stateAdopted`), there and back.
@Suite("todo, two layouts")
struct TodoLayoutTests {
    let folder = TemporaryDirectory()
    var store: String { folder.storePath }

    /// The screen printed at start-up (everything before the first echoed command or the
    /// exit message).
    private func firstScreen(_ output: String) -> Substring {
        let end = [output.range(of: "\n> "), output.range(of: "\nSaved in ")].compactMap { $0?.lowerBound }.min() ?? output.endIndex
        return output[..<end]
    }

    /// Diagnostics that would mean state was lost or left behind.
    private func lossLines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.contains("stateOrphaned") || $0.contains("quarantined") }
    }

    /// Runs `todo` in a pseudo-terminal, types each key sequence once the text before it has
    /// been drawn, then quits with `q`. Returns everything it drew.
    private func runInTerminal(_ arguments: [String], steps: [(keys: String, thenShows: String)]) throws -> String {
        let terminal = try PseudoTerminal(rows: 30, columns: 70)
        let process = try terminal.spawn(TodoBinary.url, arguments)
        #expect(terminal.waitFor("Confirm before remove"), "todo did not draw its screen:\n\(terminal.output)")
        for step in steps {
            terminal.type(step.keys)
            #expect(terminal.waitFor(step.thenShows), "after \(step.keys.debugDescription), no \(step.thenShows.debugDescription) on the screen:\n\(terminal.output)")
        }
        terminal.type("q")
        let saved = terminal.waitFor("Saved in \(store)")
        if !saved { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(saved, "todo did not finish; it drew:\n\(terminal.output)")
        #expect(process.terminationStatus == 0)
        return terminal.output
    }

    @Test func layoutTwoFindsWhatLayoutOneLeftAndBack() throws {
        // Layout 1: three items, the second one done…
        let items = try TodoBinary.run(["--store", store], input: "add Buy milk\nadd Call mom\nadd Water plants\ntoggle 2\nquit\n")
        #expect(items.status == 0, "\(items.errors)")
        #expect(items.errors.isEmpty)
        // …then, in the terminal (the scripted commands have no settings or "more"), both settings
        // changed and row 3 expanded. The focus starts in "New item"; Shift-Tab wraps to the last
        // control, "Confirm before remove", and once more reaches "Show done items".
        let typed = try runInTerminal(["--store", store], steps: [
            ("\u{1B}[Z ", "[x] Confirm before remove"),
            ("\u{1B}[Z ", "(1 done item hidden)"),
            // On from "Show done items": Confirm, New item, Add, row 1's toggle, more, remove,
            // row 3's toggle, more; Space presses it.
            (String(repeating: "\t", count: 8) + " ", "Title: [Water plants]"),
        ])
        #expect(lossLines(typed).isEmpty, "\(lossLines(typed))")

        // Layout 2 on the same store: every item, the done mark, the expanded row, both settings.
        let two = try TodoBinary.run(["--store", store, "--layout", "2"], input: "quit\n")
        #expect(two.status == 0, "\(two.errors)")
        let screen = firstScreen(two.output)
        #expect(screen.hasPrefix("todo  ·  3 items  ·  2 open  ·  1 done\nlast opened "), "the header of layout 2:\n\(screen)")
        #expect(screen.contains("""
            ────────────────────────────────────────
            [ ] 1. Buy milk  [ more ]  [ remove ]
            [ ] 3. Water plants  [ less ]  [ remove ]
                Title: [Water plants]
                Note: []
            """), "row 3 is still expanded:\n\(screen)")
        #expect(screen.contains("(1 done item hidden)"))
        #expect(!screen.contains("Call mom"), "the done item is hidden, as the setting says")
        #expect(screen.contains("Settings\n[ ] Show done items\n[x] Confirm before remove\n(settings are saved as you change them)"))
        #expect(lossLines(two.errors).isEmpty, "\(two.errors)")
        #expect(two.errorLines.contains { $0.hasPrefix("todo: statedb: stateAdopted TodoApp/VStack/VStack[#2]/ForEach/TodoRow[id: 3]/isExpanded: carried over the Swift.Bool value stored under TodoApp/VStack/ForEach/TodoRow[id: 3]/isExpanded ") }, "\(two.errors)")
        #expect(two.errorLines.allSatisfy { $0.hasPrefix("todo: statedb: stateAdopted ") }, "\(two.errors)")

        // Layout 2 in the terminal: showing done items reveals item 2, still done; hide them again.
        // Its focus starts on row 1's toggle; Shift-Tab twice reaches "Show done items".
        let shown = try runInTerminal(["--store", store, "--layout", "2"], steps: [
            ("\u{1B}[Z\u{1B}[Z ", "[x] 2. Call mom"),
            (" ", "(1 done item hidden)"),
        ])
        #expect(lossLines(shown).isEmpty, "\(lossLines(shown))")

        // Layout 1 again: all of it carried back.
        let one = try TodoBinary.run(["--store", store], input: "")
        #expect(one.status == 0, "\(one.errors)")
        let back = firstScreen(one.output)
        #expect(back.hasPrefix("todo — 3 items, 1 done · last opened "))
        #expect(back.contains("""
            [ ] 1. Buy milk  [ more ]  [ remove ]
            [ ] 3. Water plants  [ less ]  [ remove ]
                Title: [Water plants]
            """), "row 3 is still expanded:\n\(back)")
        #expect(back.contains("(1 done item hidden)"))
        #expect(back.contains("Settings\n[ ] Show done items\n[x] Confirm before remove"))
        #expect(lossLines(one.errors).isEmpty, "\(one.errors)")
        #expect(one.errorLines.contains { $0.hasPrefix("todo: statedb: stateAdopted TodoApp/VStack/ForEach/TodoRow[id: 3]/isExpanded: carried over the Swift.Bool value stored under TodoApp/VStack/VStack[#2]/ForEach/TodoRow[id: 3]/isExpanded ") }, "\(one.errors)")
    }

    /// The scripted commands work the same in layout 2, and layout 1 sees what they did.
    @Test func scriptedCommandsInLayoutTwo() throws {
        let two = try TodoBinary.run(["--layout=2", "--store", store], input: "add Buy milk\nadd Call mom\ntoggle 1\nedit 2 Call dad\n")
        #expect(two.status == 0, "\(two.errors)")
        #expect(two.errors.isEmpty)
        #expect(firstScreen(two.output).hasPrefix("todo  ·  0 items  ·  0 open  ·  0 done\nfirst run · \(store)\n"))
        #expect(firstScreen(two.output).contains("Nothing to do. Add an item below."))
        #expect(two.output.contains("> toggle 1\ntodo  ·  2 items  ·  1 open  ·  1 done\n"))

        let one = try TodoBinary.run(["--store", store], input: "")
        #expect(firstScreen(one.output).contains("[x] 1. Buy milk  [ more ]  [ remove ]\n[ ] 2. Call dad  [ more ]  [ remove ]"))
    }

    @Test func badLayoutsSayWhatIsWrong() throws {
        let three = try TodoBinary.run(["--store", store, "--layout", "3"], input: "add Buy milk\n")
        #expect(three.status == 2)
        #expect(three.errorLines == ["todo: there is no layout \"3\"; --layout takes 1 or 2, as in: todo --layout 2"])
        #expect(three.output.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: store), "nothing is opened")

        let equals = try TodoBinary.run(["--layout=two", "--store", store], input: "")
        #expect(equals.status == 2)
        #expect(equals.errorLines == ["todo: there is no layout \"two\"; --layout takes 1 or 2, as in: todo --layout 2"])

        let missing = try TodoBinary.run(["--store", store, "--layout"], input: "")
        #expect(missing.status == 2)
        #expect(missing.errorLines == ["todo: --layout needs 1 or 2, as in: todo --layout 2"])
        #expect(!FileManager.default.fileExists(atPath: store))

        let help = try TodoBinary.run(["--help"], input: "")
        #expect(help.status == 0)
        #expect(help.output.contains("Usage: todo [--store PATH] [--layout 1|2]"))
        #expect(help.output.contains("  --layout 1|2  "))
    }
}
