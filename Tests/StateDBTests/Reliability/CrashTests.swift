import Foundation
import StateDB
import Testing

// A child writes and flushes round after round and acknowledges each flush; the test kills it
// with SIGKILL at random moments, reopens the file and checks every acknowledged value, that
// each commit was all-or-nothing, and that SQLite finds the file sound.
// 20 cycles by default, 200 with STATEDB_LONG=1.

private struct CrashRecord: Codable, Equatable {
    var round: Int
    var text: String
}

struct CrashTests {
    static var cycles: Int { ProcessInfo.processInfo.environment["STATEDB_LONG"] == "1" ? 200 : 20 }

    @Test func killedAtRandomMomentsNoAcknowledgedWriteIsLostAndNoCommitIsTorn() throws {
        let folder = TemporaryDirectory()
        var random = SystemRandomNumberGenerator()
        var lastAcknowledged = 0
        for cycle in 0..<Self.cycles {
            let child = try ChildProcess.helper(["crash-loop", folder.storePath])
            // Let it run for a random number of acknowledged rounds, then a random extra delay,
            // so the signal lands anywhere: between flushes, inside a commit, inside a checkpoint.
            let rounds = Int.random(in: 1...25, using: &random)
            for _ in 0..<rounds {
                let line = try child.requireLine()
                guard line.hasPrefix("ack "), let round = Int(line.dropFirst(4)) else {
                    Issue.record("cycle \(cycle): unexpected line '\(line)'")
                    return
                }
                #expect(round > lastAcknowledged, "cycle \(cycle): rounds only grow")
                lastAcknowledged = round
            }
            usleep(UInt32.random(in: 0...3_000, using: &random))
            child.kill()
            #expect(child.wasKilledBySignal, "cycle \(cycle): \(child.standardError())")

            #expect(try SQLiteShell.run(folder.storePath, "PRAGMA integrity_check") == "ok", "cycle \(cycle)")
            let store = try StateStore(path: folder.storePath)
            let counters = try (0..<8).map { try store.binding(for: "Crash/s\($0)", default: -1).wrappedValue }
            let record = try store.binding(for: "Crash/record", default: CrashRecord(round: -1, text: "")).wrappedValue
            let round = counters[0]
            #expect(round >= lastAcknowledged, "cycle \(cycle): acknowledged \(lastAcknowledged), found \(round)")
            #expect(counters.allSatisfy { $0 == round }, "cycle \(cycle): a commit was torn: \(counters)")
            #expect(record == CrashRecord(round: round, text: String(repeating: "state \(round) ", count: 200)), "cycle \(cycle): the record belongs to the same commit")
            store.close()
            lastAcknowledged = round
        }
    }
}
