import Foundation
import StateDB
import Testing

/// The `todo` example run as a real process with commands piped in: what one run does, the
/// next run shows.
@Suite("todo, scripted")
struct TodoScriptedTests {
    let folder = TemporaryDirectory()
    var store: String { folder.storePath }

    /// The item lines of a rendered screen (`[ ] 1. Buy milk  [ more ]  [ remove ]`).
    private func itemLines(_ screen: Substring) -> [String] {
        screen.split(separator: "\n" as Character).map(String.init).filter { $0.hasPrefix("[ ] ") || $0.hasPrefix("[x] ") }
            .filter { $0.contains("[ remove ]") || $0.contains("[ really remove? ]") }
    }

    /// The screen printed at start-up (everything before the first echoed command or the
    /// exit message).
    private func firstScreen(_ output: String) -> Substring {
        let end = [output.range(of: "\n> "), output.range(of: "\nSaved in ")].compactMap { $0?.lowerBound }.min() ?? output.endIndex
        return output[..<end]
    }

    @Test func secondRunShowsWhatTheFirstDid() throws {
        let first = try TodoBinary.run(["--store", store], input: "add Buy milk\nadd Call mom\nadd Water plants\ntoggle 2\nedit 3 Water the plants\nremove 1\nquit\n")
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.errors.isEmpty)
        #expect(firstScreen(first.output).contains("todo — 0 items · first run"))
        #expect(first.output.contains("> toggle 2"))
        #expect(first.output.hasSuffix("Saved in \(store)\nRun todo again to find it as you left it, or look inside: swift run statedb inspect \(store)\n"))

        let second = try TodoBinary.run(["--store", store], input: "")
        #expect(second.status == 0, "\(second.errors)")
        let screen = firstScreen(second.output)
        #expect(screen.contains("todo — 2 items, 1 done · last opened "))
        #expect(!screen.contains("first run"))
        #expect(screen.contains("stored in \(store)"))
        #expect(itemLines(screen) == [
            "[x] 1. Call mom  [ more ]  [ remove ]",
            "[ ] 2. Water the plants  [ more ]  [ remove ]",
        ])
    }

    @Test func endOfInputSavesLikeQuit() throws {
        _ = try TodoBinary.run(["--store", store], input: "add Buy milk\n")
        let second = try TodoBinary.run(["--store", store], input: "quit\n")
        #expect(itemLines(firstScreen(second.output)) == ["[ ] 1. Buy milk  [ more ]  [ remove ]"])
    }

    @Test func badCommandsSayWhatIsWrongAndChangeNothing() throws {
        _ = try TodoBinary.run(["--store", store], input: "add Buy milk\nadd Call mom\n")
        let bad = try TodoBinary.run(["--store", store], input: "ad Buy bread\ntoggle 3\ntoggle two\nedit 1\nremove 0\nadd\nhelp me\n\n# a comment\nquit\n")
        #expect(bad.status == 1)
        #expect(bad.errorLines == [
            "todo: line 1: unknown command \"ad\"; the commands are add, toggle, edit, remove, help, quit",
            "todo: line 2: there is no item 3: the items are numbered 1 to 2",
            "todo: line 3: toggle needs an item number, as in: toggle 2",
            "todo: line 4: edit needs an item number and the new text, as in: edit 2 Buy oat milk",
            "todo: line 5: there is no item 0: the items are numbered 1 to 2",
            "todo: line 6: add needs the item's text, as in: add Buy milk",
            "todo: line 7: help takes nothing after it",
        ])
        #expect(!bad.output.contains("\n> "), "no command ran, so no screen after the first")

        let after = try TodoBinary.run(["--store", store], input: "")
        #expect(itemLines(firstScreen(after.output)) == [
            "[ ] 1. Buy milk  [ more ]  [ remove ]",
            "[ ] 2. Call mom  [ more ]  [ remove ]",
        ])
    }

    @Test func commandsAfterABadOneStillRun() throws {
        let result = try TodoBinary.run(["--store", store], input: "remove 1\nadd Buy milk\n")
        #expect(result.status == 1)
        #expect(result.errorLines == ["todo: line 1: there is no item 1: the list is empty (add one with: add TEXT)"])
        #expect(result.output.contains("[ ] 1. Buy milk"))
    }

    /// Settings and per-row state live in the store under readable keys: set them from
    /// outside (as `statedb set` would) and the app starts with them.
    @Test func startsFromSettingsAndRowStateInTheStore() throws {
        _ = try TodoBinary.run(["--store", store], input: "add Buy milk\nadd Call mom\ntoggle 2\n")
        do {
            let file = try TodoBinary.openStore(store)
            try file.binding(for: "TodoApp/showsDone", default: true).wrappedValue = false
            try file.binding(for: "TodoApp/VStack/ForEach/TodoRow[id: 1]/isExpanded", default: false).wrappedValue = true
            try file.flush()
            file.close()
        }
        let result = try TodoBinary.run(["--store", store], input: "")
        let screen = firstScreen(result.output)
        #expect(screen.contains("[ ] 1. Buy milk  [ less ]  [ remove ]"))
        #expect(screen.contains("    Title: [Buy milk]"))
        #expect(!screen.contains("Call mom"))
        #expect(screen.contains("(1 done item hidden)"))
        #expect(screen.contains("[ ] Show done items"))
    }

    @Test func helpAndBadArguments() throws {
        let help = try TodoBinary.run(["--help"], input: "")
        #expect(help.status == 0)
        #expect(help.output.contains("Usage: todo [--store PATH]"))
        #expect(help.output.contains("edit N TEXT"))

        let bad = try TodoBinary.run(["--stor", store], input: "")
        #expect(bad.status == 2)
        #expect(bad.errorLines == ["todo: unknown argument \"--stor\"; see todo --help"])
        #expect(!FileManager.default.fileExists(atPath: store))

        let missing = try TodoBinary.run(["--store"], input: "")
        #expect(missing.status == 2)
        #expect(missing.errorLines == ["todo: --store needs a path, as in: todo --store /tmp/todo.sqlite"])
    }

    @Test func defaultStoreFollowsXDGStateHomeThenHome() throws {
        let xdg = folder.path("xdg")
        let withXDG = try TodoBinary.run([], input: "add Buy milk\n", environment: ["XDG_STATE_HOME": xdg, "HOME": folder.path("home")])
        #expect(withXDG.status == 0, "\(withXDG.errors)")
        #expect(withXDG.output.contains("Saved in \(xdg)/statedb/todo.sqlite\n"))
        #expect(FileManager.default.fileExists(atPath: xdg + "/statedb/todo.sqlite"))

        let home = folder.path("home")
        let withHome = try TodoBinary.run([], input: "", environment: ["XDG_STATE_HOME": "relative/ignored", "HOME": home])
        #expect(withHome.output.contains("Saved in \(home)/.local/state/statedb/todo.sqlite\n"))
        #expect(FileManager.default.fileExists(atPath: home + "/.local/state/statedb/todo.sqlite"))
    }

    @Test func refusesAFileThatIsNotAStoreAndLeavesItAlone() throws {
        let notes = Data("my shopping list\n".utf8)
        #expect(FileManager.default.createFile(atPath: store, contents: notes))
        let result = try TodoBinary.run(["--store", store], input: "add Buy milk\n")
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1)
        #expect(result.errorLines.first?.hasPrefix("todo: cannot open the store: \(store): ") == true)
        #expect(FileManager.default.contents(atPath: store) == notes)
    }
}

/// A live edit while the scripted todo waits for its next command: the command works on the
/// list as the CLI left it. It used to apply to the list as last drawn and write it back,
/// putting back what the CLI changed.
@Suite("todo, scripted, live edits")
struct TodoScriptedLiveEditTests {
    @Test func aCommandAfterACLIEditKeepsTheEdit() throws {
        let folder = TemporaryDirectory()
        let store = folder.storePath
        let todo = try ChildProcess(TodoBinary.url, ["--store", store])
        defer { todo.kill() }
        /// Reads until the screen drawn after the echoed `command` shows `expected`.
        func screen(after command: String, showing expected: String) throws {
            todo.send(command + "\n")
            var sawEcho = false
            while true {
                let line = try todo.requireLine()
                if line == "> " + command { sawEcho = true }
                if sawEcho && line.contains(expected) { return }
            }
        }
        try screen(after: "add First", showing: "1. First")
        try screen(after: "add Second", showing: "2. Second")

        let list = try CLI.run("get", store, "TodoApp/list")
        let renamed = list.stdout.replacingOccurrences(of: "\"First\"", with: "\"Renamed\"")
        #expect(renamed != list.stdout)
        let set = try CLI.run(["set", store, "TodoApp/list", "-"], stdin: renamed)
        #expect(set.status == 0, "\(set)")

        try screen(after: "toggle 2", showing: "[x] 2. Second")
        todo.send("quit\n")
        #expect(todo.waitForExit() == 0)
        let after = try CLI.run("get", store, "TodoApp/list")
        #expect(after.stdout.contains("\"Renamed\""), "the CLI's edit stays: \(after.stdout)")
        #expect(!after.stdout.contains("\"First\""))
    }
}
