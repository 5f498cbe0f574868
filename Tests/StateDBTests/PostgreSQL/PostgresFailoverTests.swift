import Foundation
import Testing

/// What survives the primary's death: a writer process flushes through a multi-host URL, the
/// primary is killed (SIGKILL to every one of its processes), the standby promoted, and a new
/// process connects through the same URL and looks.
@Suite(.serialized, .enabled(if: PostgresTestServer.isAvailable && PostgresTestServer.binaries != nil,
                             "needs PostgreSQL server binaries (apt-get install postgresql) to start a primary and a standby"))
struct PostgresFailoverTests {
    /// With a synchronous standby a commit is answered only once the standby has its WAL, so
    /// every flush acknowledged before the kill is there after the promotion; and the writer,
    /// which went on trying, reaches the new primary through the same URL and goes on.
    @Test func everyAcknowledgedFlushSurvivesFailoverToASynchronousStandby() throws {
        let pair = try PostgresReplicaPair(synchronous: true)
        let writer = try ChildProcess.helper(["pg-failover-writer", pair.url()])
        var acknowledged: [Int] = []
        while acknowledged.count < 150 { acknowledged.append(try Self.ack(writer.requireLine())) }
        pair.crashPrimary()  // while the writer keeps flushing: the kill may land mid-commit
        // Acknowledgements already on their way still count: each was a flush that returned.
        var line = try writer.requireLine()
        while line.hasPrefix("ack ") {
            acknowledged.append(try Self.ack(line))
            line = try writer.requireLine()
        }
        #expect(line.hasPrefix("waiting "), "no primary: the flush fails and is kept for the next try")
        try pair.promoteStandby()
        // The same writer, through the same URL, now reaches the promoted standby.
        let resumed = try Self.ack(writer.requireLine())
        #expect(resumed == acknowledged.last! + 1, "the value that was waiting is written first")
        writer.kill()

        let reader = try ChildProcess.helper(["pg-failover-reader", pair.url(), String(resumed + 10)])
        let found = Set(try Self.found(reader.requireLine()))
        #expect(try pair.psql(pair.standbySocket, "statedb", "SELECT pg_is_in_recovery()") == "f", "the promoted standby is the primary now")
        #expect(acknowledged == Array(1...acknowledged.count))
        let lost = Set(acknowledged).subtracting(found)
        #expect(lost.isEmpty, "acknowledged before the kill but gone after the failover: \(lost.sorted().prefix(10))")
        #expect(found.contains(resumed))
        print("failover with a synchronous standby: \(acknowledged.count) flushes acknowledged before the kill, \(lost.count) lost")
    }

    /// Without one, the primary answers a commit once its own WAL has it, and the standby
    /// follows when it can. Here it cannot (its processes are stopped, and what was sent to it
    /// meanwhile is dropped, as on a cut link): the flushes made meanwhile are acknowledged and
    /// then lost with the primary. What the docs
    /// say is lost without a synchronous standby, shown.
    @Test func withoutASynchronousStandbyAcknowledgedFlushesCanBeLost() throws {
        let pair = try PostgresReplicaPair(synchronous: false)
        let writer = try ChildProcess.helper(["pg-failover-writer", pair.url()])
        for expected in 1...20 { #expect(try Self.ack(writer.requireLine()) == expected) }
        // Let the standby catch up with those, then cut it off.
        try Self.waitUntilReplayed(pair)
        try pair.pauseStandby(true)
        // The writer has gone on meanwhile: every value above what the primary holds now is
        // committed after the standby stopped listening.
        let beforePause = Int(try pair.psql(pair.primarySocket, "statedb", "SELECT count(*) FROM slots WHERE key LIKE 'Failover/v%'")) ?? 0
        var last = 0
        while last < beforePause + 40 { last = try Self.ack(writer.requireLine()) }
        pair.crashPrimary()
        writer.kill()
        try pair.dropStandbyReceiver()
        try pair.pauseStandby(false)
        try pair.promoteStandby()

        let reader = try ChildProcess.helper(["pg-failover-reader", pair.url(), String(last)])
        let found = Set(try Self.found(reader.requireLine()))
        #expect(found.isSuperset(of: 1...20), "what the standby had replayed survived")
        let lost = Set(1...last).subtracting(found)
        print("failover without a synchronous standby: \(last) flushes acknowledged, \(lost.count) lost (\(last - beforePause) made after the standby was cut off)")
        #expect(lost.isSuperset(of: beforePause + 1...last),
                "the flushes acknowledged after the standby was cut off are lost: \(lost.count) of \(last), \(last - beforePause) after the cut")
    }

    private static func ack(_ line: String) throws -> Int {
        guard line.hasPrefix("ack "), let value = Int(line.dropFirst(4)) else {
            throw PostgresTestServer.Failure(description: "expected 'ack N', the writer said '\(line)'")
        }
        return value
    }

    private static func found(_ line: String) throws -> [Int] {
        guard line.hasPrefix("found") else { throw PostgresTestServer.Failure(description: "expected 'found …', the reader said '\(line)'") }
        return line.dropFirst(6).split(separator: ",").compactMap { Int($0) }
    }

    /// Waits until the standby has replayed everything the primary has written so far.
    private static func waitUntilReplayed(_ pair: PostgresReplicaPair) throws {
        let target = try pair.psql(pair.primarySocket, "postgres", "SELECT pg_current_wal_lsn()")
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if try pair.psql(pair.standbySocket, "postgres", "SELECT pg_last_wal_replay_lsn() >= '\(target)'::pg_lsn") == "t" { return }
            usleep(20_000)
        }
        throw PostgresTestServer.Failure(description: "the standby did not replay up to \(target)")
    }
}
