import Foundation
import StateDB
import Testing

/// After `flush()` returns, a `kill -9` of the process loses nothing: a child writes and
/// flushes in a loop, acknowledging each flushed value, and is killed mid-stream.
struct KillDurabilityTests {
    @Test func everyAcknowledgedFlushSurvivesSIGKILL() throws {
        let folder = TemporaryDirectory()
        let key = "Helper/counter"
        var lastAcknowledged = 0
        for (cycle, acknowledgements) in [3, 17, 40].enumerated() {
            let child = try ChildProcess.helper(["write-loop", folder.storePath, "--key", key])
            for _ in 0..<acknowledgements {
                let line = try child.requireLine()
                // Each run continues from the durable value the previous one left.
                #expect(line == "ack \(lastAcknowledged + 1)", "cycle \(cycle)")
                lastAcknowledged = Int(line.dropFirst(4)) ?? lastAcknowledged
            }
            child.kill()  // while it keeps writing: the kill may land mid-transaction
            #expect(child.wasKilledBySignal, "cycle \(cycle): the helper ended before the kill: \(child.standardError())")

            // The file as the dead process left it (WAL included) is sound...
            #expect(try SQLiteShell.run(folder.storePath, "PRAGMA integrity_check") == "ok")
            // ...and holds the last acknowledged value, or a later one that was flushed but
            // not yet acknowledged when the signal came.
            let store = try StateStore(path: folder.storePath)
            let value = try store.binding(for: key, default: 0).wrappedValue
            #expect(value >= lastAcknowledged, "cycle \(cycle): acknowledged \(lastAcknowledged), found \(value)")
            store.close()
            lastAcknowledged = value
        }
    }

    @Test func theHelperExplainsItsUsage() throws {
        let child = try ChildProcess.helper(["no-such-command"])
        #expect(child.readLine() == nil)
        #expect(child.waitForExit() == 2)
        let message = child.standardError()
        #expect(message.contains("unknown command 'no-such-command'"))
        #expect(message.contains("usage: statedb-test-helper"))
    }
}

/// A normal exit commits what the process wrote, even without `flush()` or `close()`.
struct NormalExitTests {
    @Test func aNormalExitCommitsUnflushedWrites() throws {
        let folder = TemporaryDirectory()
        let child = try ChildProcess.helper(["exit-without-flush", folder.storePath, "Exit/value", "17"])
        #expect(try child.requireLine() == "written")
        #expect(child.waitForExit() == 0)
        #expect(SQLiteProbe(path: folder.storePath).value("Exit/value") == "17")
    }
}
