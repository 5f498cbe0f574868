import Foundation
import StateDB
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The terminal host waits for keys and changes; a view whose body writes the slot it reads
/// must not turn that wait into a loop of updates (it did: each update re-ran the body, whose
/// write woke the host for the next one, using a whole core).
struct TerminalSettlesTests {
    /// User plus system CPU time of process `pid` so far, in seconds (`/proc/PID/stat`).
    private func cpuSeconds(_ pid: Int32) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after the command name, which is in parentheses and may hold spaces.
        let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
        // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
        let ticks = try #require(Double(fields[11])) + (try #require(Double(fields[12])))
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    @Test func aBodyThatWritesWhatItReadsLeavesTheTerminalHostIdle() throws {
        let folder = TemporaryDirectory()
        let terminal = try PseudoTerminal(rows: 24, columns: 60)
        let process = try terminal.spawn(try TestHelper.executable(), ["terminal-self-writer", folder.storePath])
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        #expect(terminal.waitFor("evaluations: 1"), "it drew:\n\(terminal.output)")

        let before = try cpuSeconds(process.processIdentifier)
        // Three of the host's half-second polls, reading what it draws meanwhile (a host that
        // redraws in a loop must not be held up by a full terminal).
        _ = terminal.waitFor("no such text", seconds: 1.5)
        let used = try cpuSeconds(process.processIdentifier) - before
        // Idle, it polls three times (~0 s); spinning, it used ~0.4 s here even though it had to
        // wait for this process to read what it drew.
        #expect(used < 0.2, "the host used \(used) s of CPU in 1.5 s of waiting")
        #expect(!terminal.output.contains("evaluations: 3"), "the body kept running: \(terminal.output.suffix(200))")

        #expect(terminal.quit(process), "q did not quit")
        guard !process.isRunning else { return }
        #expect(process.terminationStatus == 0)

        let store = try StateStore(path: folder.storePath)
        #expect(try store.binding(for: "SelfCountingScreen/count", default: 0).wrappedValue == 1,
                "the body ran once, at mount")
        store.close()
    }
}
