import Foundation
import StateDB
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The terminal host's loop waits for keys on the main thread; `.task`s run on the main actor,
/// so the loop must let them run, and draw what they write, without a key being pressed.
struct TerminalTaskTests {
    @Test func tasksRunInTheTerminalHostAndTheirWritesAreDrawn() throws {
        let folder = TemporaryDirectory()
        let terminal = try PseudoTerminal(rows: 24, columns: 60)
        let process = try terminal.spawn(try TestHelper.executable(), ["terminal-tasks", folder.storePath])
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        #expect(terminal.waitFor("status: loaded"), "it drew:\n\(terminal.output)")
        #expect(terminal.waitFor("ticks: 3"), "it drew:\n\(terminal.output)")

        terminal.type("\r")  // the focused "Fetch": a Task the action starts, not a .task
        #expect(terminal.waitFor("fetched: yes"), "it drew:\n\(terminal.output)")

        #expect(terminal.quit(process), "q did not quit")
        guard !process.isRunning else { return }
        #expect(process.terminationStatus == 0)

        let store = try StateStore(path: folder.storePath)
        #expect(try store.binding(for: "TaskScreen/ticks", default: 0).wrappedValue == 3)
        store.close()
    }
}
