import Foundation
@testable import StateDB
import Testing

/// Commits, the `version > seen` catch-up, notifications and hand edits, on a real server.
@Suite(.serialized, .enabled(if: PostgresTestServer.isAvailable, "needs PostgreSQL server binaries (apt-get install postgresql)"))
struct PostgresCommitTests {
    static func write(_ key: String, _ value: StoredValue, type: String = "Swift.Int", exists: Bool = false) -> StoreCommit.Write {
        .init(slotKey: SlotKey(key), type: type, value: value, rowExists: exists)
    }

    static func values(_ rows: [StoredRow]) -> [String: StoredValue] {
        Dictionary(uniqueKeysWithValues: rows.map { ($0.key, try! $0.value.get()) })
    }

    @Test func eachCommitIsOneTickAndEveryEncodingReadsBack() throws {
        let database = try PostgresTestServer.shared().database()
        let store = try PostgresStoreDatabase(url: database.url)
        defer { store.close() }
        let written: [String: StoredValue] = [
            "A/null": .null, "A/flag": .bool(true), "A/count": .integer(-9_007_199_254_740_993),
            "A/ratio": .real(0.1), "A/tiny": .real(Double.leastNonzeroMagnitude), "A/name": .text("Grüße, 'quoted' \\ $1"),
            "A/bytes": .blob([0, 1, 2, 255, 92]), "A/empty": .blob([]), "A/json": .json(#"{"a":[1,2]}"#),
        ]
        let first = try store.commit(StoreCommit(writes: written.map { Self.write($0.key, $0.value) }))
        #expect(first == StoreCommitResult(tick: 1, missedRenames: []))
        var loaded = try store.loadAllRows()
        #expect(loaded.tick == 1)
        #expect(Self.values(loaded.rows) == written)
        #expect(loaded.rows.allSatisfy { $0.version == 1 })

        // Update, insert and delete in one commit: one tick for all.
        let second = try store.commit(StoreCommit(
            deletions: ["A/null"],
            writes: [Self.write("A/count", .integer(2), exists: true), Self.write("B/new", .text("x"), type: "Swift.String")]))
        #expect(second.tick == 2)
        loaded = try store.loadAllRows()
        #expect(loaded.tick == 2)
        #expect(Self.values(loaded.rows)["A/count"] == .integer(2))
        #expect(Self.values(loaded.rows)["A/null"] == nil)
        #expect(try database.psql("SELECT key || ' ' || version FROM slots WHERE version = 2 ORDER BY key") == "A/count 2\nB/new 2")
        #expect(try database.psql("SELECT key || ' ' || version FROM slot_tombstones") == "A/null 2")
        #expect(try database.psql("SELECT tick FROM statedb_clock") == "2")
        // A row believed to exist but deleted meanwhile is written again, not lost.
        try database.psql("DELETE FROM slots WHERE key = 'B/new'")
        _ = try store.commit(StoreCommit(writes: [Self.write("B/new", .text("back"), type: "Swift.String", exists: true)]))
        #expect(Self.values(try store.loadAllRows().rows)["B/new"] == .text("back"))
    }

    @Test func renamesQuarantineExplicitKeysAndAppMigrations() throws {
        let database = try PostgresTestServer.shared().database()
        let store = try PostgresStoreDatabase(url: database.url)
        defer { store.close() }
        _ = try store.commit(StoreCommit(writes: [Self.write("Old/x", .integer(5)), Self.write("Taken/x", .integer(6)), Self.write("Bad/y", .text("oops"))]))
        let rename = StoreCommit.Rename(fromKey: "Old/x", to: SlotKey("New/x"), key: "New/x", type: "Swift.Int")
        let blocked = StoreCommit.Rename(fromKey: "Gone/x", to: SlotKey("Taken/x"), key: "Taken/x", type: "Swift.Int")
        let row = try store.loadAllRows().rows.first { $0.key == "Bad/y" }!
        let result = try store.commit(StoreCommit(
            renames: [rename, blocked],
            quarantine: [QuarantineEntry(row: row, expectedType: "Swift.Int", error: "not a number")],
            deletions: ["Bad/y"], explicitKeys: ["Settings/volume"], seenStamps: ["Taken/x"], now: 123))
        #expect(result == StoreCommitResult(tick: 2, missedRenames: [1]))
        #expect(try database.psql("SELECT key || ' ' || version || ' ' || seen_at FROM slots WHERE key IN ('New/x', 'Taken/x') ORDER BY key")
            == "New/x 2 123\nTaken/x 1 123")
        #expect(try database.psql("SELECT key || ' ' || version FROM slot_tombstones ORDER BY key") == "Bad/y 2\nOld/x 2")
        #expect(try database.psql("SELECT key || ' ' || from_key || ' ' || adopted_at FROM statedb_adoptions") == "New/x Old/x 123")
        #expect(try database.psql("SELECT id || ' ' || key || ' ' || stored_type || ' ' || expected_type || ' ' || value || ' ' || error FROM quarantine")
            == "1 Bad/y Swift.Int Swift.Int oops not a number")
        #expect(try store.isExplicitKey("Settings/volume"))
        #expect(try !store.isExplicitKey("New/x"))

        #expect(try store.appMigrations().isEmpty)
        let records = [AppMigrationRecord(name: "rename-volume", position: 0, appliedAt: 10), AppMigrationRecord(name: "ops.sql", position: -1, appliedAt: 11)]
        #expect(try store.recordAppMigrations(records) == 3)
        #expect(try store.appMigrations() == records)
        // Recorded once: a second record of the same name is refused, and nothing of it stays.
        #expect(throws: StateStoreError.self) { try store.recordAppMigrations([records[0]]) }
        #expect(try database.psql("SELECT tick FROM statedb_clock") == "3")
    }

    @Test func anotherConnectionsCommitsAreCaughtUpSinceTheLastTick() throws {
        let database = try PostgresTestServer.shared().database()
        let writer = try PostgresStoreDatabase(url: database.url)
        let reader = try PostgresStoreDatabase(url: database.url)
        defer { writer.close(); reader.close() }
        _ = try writer.commit(StoreCommit(writes: [Self.write("A/x", .integer(1)), Self.write("A/y", .integer(1))]))
        let seen = try reader.loadAllRows().tick
        #expect(seen == 1)
        #expect(try reader.changes(since: seen).rows.isEmpty)

        _ = try writer.commit(StoreCommit(writes: [Self.write("A/x", .integer(2), exists: true)]))
        _ = try writer.commit(StoreCommit(deletions: ["A/y"]))
        let changes = try reader.changes(since: seen)
        #expect(changes.tick == 3)
        #expect(Self.values(changes.rows) == ["A/x": .integer(2)])
        #expect(changes.rows.first?.version == 2)
        #expect(changes.deletions.map(\.key) == ["A/y"])
        #expect(changes.deletions.first?.version == 3, "the deleting commit's tick")
        // A key deleted and written again since is a write, not a deletion.
        _ = try writer.commit(StoreCommit(writes: [Self.write("A/y", .integer(7))]))
        let again = try reader.changes(since: seen)
        #expect(again.deletions.isEmpty)
        #expect(Self.values(again.rows) == ["A/x": .integer(2), "A/y": .integer(7)])
        #expect(try reader.changes(since: again.tick).rows.isEmpty)
    }

    @Test func aCommitWakesAConnectionWaitingOnItsSocket() throws {
        let database = try PostgresTestServer.shared().database()
        let writer = try PostgresStoreDatabase(url: database.url)
        let waiter = try PostgresStoreDatabase(url: database.url)
        defer { writer.close(); waiter.close() }
        // Nothing to hear: the wait runs out.
        let quiet = Date()
        #expect(try !waiter.waitForChanges(timeout: 0.2))
        #expect(Date().timeIntervalSince(quiet) >= 0.19)
        // Its own commits do not wake a connection.
        _ = try waiter.commit(StoreCommit(writes: [Self.write("Self/x", .integer(1))]))
        #expect(try !waiter.waitForChanges(timeout: 0.2))

        let woke = Locked<(heard: Bool, after: Double)?>(nil)
        let handed = HandedOver(waiter)
        let waiting = Thread {
            let start = Date()
            let heard = (try? handed.object.waitForChanges(timeout: 10)) ?? false
            woke.value = (heard, Date().timeIntervalSince(start))
        }
        waiting.start()
        Thread.sleep(forTimeInterval: 0.3)
        _ = try writer.commit(StoreCommit(writes: [Self.write("A/x", .integer(1))]))
        let deadline = Date().addingTimeInterval(10)
        while woke.value == nil && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        let outcome = try #require(woke.value)
        #expect(outcome.heard, "the commit's notification woke the waiting connection")
        #expect(outcome.after < 5, "woken by the notification, not by the time limit (\(outcome.after) s)")
    }

    @Test func aHandEditInPsqlIsStampedAndNotified() throws {
        let database = try PostgresTestServer.shared().database()
        let store = try PostgresStoreDatabase(url: database.url)
        defer { store.close() }
        _ = try store.commit(StoreCommit(writes: [Self.write("A/x", .integer(1)), Self.write("A/y", .integer(1))]))
        let seen = try store.loadAllRows().tick

        try database.psql("UPDATE slots SET value = '9' WHERE key = 'A/x'")
        #expect(try store.waitForChanges(timeout: 5), "the trigger notified")
        var changes = try store.changes(since: seen)
        #expect(Self.values(changes.rows) == ["A/x": .integer(9)])
        #expect(changes.tick == 2 && changes.rows.first?.version == 2)

        // Bookkeeping is not a change.
        try database.psql("UPDATE slots SET seen_at = 1 WHERE key = 'A/y'")
        #expect(try store.changes(since: changes.tick).rows.isEmpty)

        // A plain INSERT and DELETE, as an operator would type them.
        try database.psql("INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at) VALUES ('B/z', 'B', 'z', 'Swift.String', 'text', 'hi', 0, 0, 0)")
        try database.psql("DELETE FROM slots WHERE key = 'A/y'")
        changes = try store.changes(since: changes.tick)
        #expect(Self.values(changes.rows) == ["B/z": .text("hi")])
        #expect(changes.deletions.map(\.key) == ["A/y"])
        #expect(changes.tick == 4, "one tick per hand edit")

        // A key renamed by hand leaves a tombstone for the old one.
        try database.psql("UPDATE slots SET key = 'B/w', property = 'w' WHERE key = 'B/z'")
        changes = try store.changes(since: changes.tick)
        #expect(changes.rows.map(\.key) == ["B/w"] && changes.deletions.map(\.key) == ["B/z"])

        // Text the encoding cannot hold is read as an error (for the store to quarantine).
        try database.psql("UPDATE slots SET value = 'nine' WHERE key = 'A/x'")
        let bad = try store.changes(since: changes.tick).rows
        #expect(bad.count == 1)
        #expect(throws: StoredValueError.self) { try bad[0].value.get() }
        // A value the schema cannot hold at all is refused by the server, and changes nothing.
        #expect(throws: PostgresTestServer.Failure.self) { try database.psql("UPDATE slots SET value = NULL WHERE key = 'A/x'") }
    }

    /// Two connections commit at once, while a third catches up by `version > seen` as it
    /// goes: every write is kept, every tick given once, and the reader misses none — which a
    /// sequence, handing out ticks outside the transactions, would not guarantee.
    @Test func concurrentWritersLoseNothingAndTheCatchUpMissesNothing() throws {
        let database = try PostgresTestServer.shared().database()
        let writers = [try PostgresStoreDatabase(url: database.url), try PostgresStoreDatabase(url: database.url)]
        let reader = try PostgresStoreDatabase(url: database.url)
        defer { writers.forEach { $0.close() }; reader.close() }
        let commits = 60
        let ticks = Locked<[Int64]>([])
        let failures = Locked<[String]>([])
        let threads = writers.enumerated().map { index, writer in
            let handed = HandedOver(writer)
            return Thread {
                let writer = handed.object
                for number in 0..<commits {
                    do {
                        let key = "W\(index)/k\(number)"
                        let result = try writer.commit(StoreCommit(writes: [Self.write(key, .integer(Int64(number))), Self.write("Shared/last", .text(key), type: "Swift.String")]))
                        ticks.mutate { $0.append(result.tick) }
                    } catch {
                        failures.mutate { $0.append("\(error)") }
                    }
                }
            }
        }
        threads.forEach { $0.start() }
        var seen: Int64 = 0
        var caught = Set<String>()
        while ticks.value.count + failures.value.count < 2 * commits {
            let changes = try reader.changes(since: seen)
            caught.formUnion(changes.rows.map(\.key))
            seen = changes.tick
        }
        let last = try reader.changes(since: seen)
        caught.formUnion(last.rows.map(\.key))
        #expect(failures.value.isEmpty)
        #expect(ticks.value.sorted() == Array(1...Int64(2 * commits)), "each commit got its own tick, none skipped")
        let expected = Set((0..<2).flatMap { index in (0..<commits).map { "W\(index)/k\($0)" } } + ["Shared/last"])
        #expect(caught == expected, "missed by the catch-up: \(expected.subtracting(caught).sorted().prefix(5))")
        #expect(try database.psql("SELECT count(*) FROM slots") == String(2 * commits + 1))
    }

    @Test func aBrokenConnectionReconnectsAndCatchesUp() throws {
        let database = try PostgresTestServer.shared().database()
        let writer = try PostgresStoreDatabase(url: database.url)
        let reader = try PostgresStoreDatabase(url: database.url)
        defer { writer.close(); reader.close() }
        let seen = try reader.loadAllRows().tick
        // The server ends the reader's session (as a restart or failover would), and a commit
        // happens while it is gone: its notification is lost.
        try database.psql("SELECT pg_terminate_backend(\(reader.connection.backendPID))")
        _ = try writer.commit(StoreCommit(writes: [Self.write("A/x", .integer(1))]))
        let changes = try reader.changes(since: seen)
        #expect(Self.values(changes.rows) == ["A/x": .integer(1)], "the catch-up is the truth")
        #expect(reader.connection.isConnected)
        // Listening again after the reconnect.
        let woke = Locked<Bool?>(nil)
        let handed = HandedOver(reader)
        let waiting = Thread { woke.value = (try? handed.object.waitForChanges(timeout: 10)) ?? false }
        waiting.start()
        Thread.sleep(forTimeInterval: 0.3)
        _ = try writer.commit(StoreCommit(writes: [Self.write("A/x", .integer(2), exists: true)]))
        let deadline = Date().addingTimeInterval(10)
        while woke.value == nil && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(woke.value == true)

        // A commit on a broken connection fails with one clear error and writes nothing;
        // the next one reconnects.
        try database.psql("SELECT pg_terminate_backend(\(writer.connection.backendPID))")
        let error = #expect(throws: StateStoreError.self) {
            try writer.commit(StoreCommit(writes: [Self.write("A/y", .integer(1))]))
        }
        #expect(error?.kind == .cannotOpen)
        #expect(error?.message.contains("kept in memory") == true, "\(error?.message ?? "")")
        _ = try writer.commit(StoreCommit(writes: [Self.write("A/y", .integer(1))]))
        #expect(Self.values(try reader.loadAllRows().rows)["A/y"] == .integer(1))
    }
}

/// A connection handed to one other thread, which alone uses it until the test has waited for
/// it: the database types are not `Sendable` (their owner serialises them), and here the
/// test's own sequence does.
final class HandedOver<Object: AnyObject>: @unchecked Sendable {
    let object: Object
    init(_ object: Object) { self.object = object }
}
