import Foundation
@testable import StateDB
import Testing

/// Another session's open transaction (an operator's psql left after `BEGIN; UPDATE …`) holds
/// row locks every commit needs. A write waits for it as long as SQLite's busy timeout, then
/// fails as on a file: the CLI exits 9 with "the store is locked", an app keeps its writes in
/// memory and commits them once the lock is gone; nothing is half-written either way.
@Suite(.serialized, .enabled(if: PostgresTestServer.isAvailable, "needs PostgreSQL server binaries (apt-get install postgresql)"))
struct PostgresLockTimeoutTests {
    /// A second session with an open transaction that has updated `sql`'s rows, as a
    /// forgotten psql would. The server ends it after `releaseAfter` seconds idle in its
    /// transaction, so a write that waited for it without a limit finishes then (and the test
    /// fails on what it returned) instead of hanging the suite.
    static func holdLocks(_ database: PostgresTestDatabase, _ sql: PostgresSQL, releaseAfter seconds: Int) throws -> PostgresConnection {
        let holder = try PostgresConnection(url: database.url)
        try holder.execute("BEGIN")
        try holder.execute("SELECT set_config('idle_in_transaction_session_timeout', $1, true)", [.text("\(seconds)s")])
        try holder.execute(sql)
        return holder
    }

    @Test func aCLIWriteBlockedByAnOpenTransactionExits9AndWritesNothing() throws {
        let database = try PostgresCLITests.store(PostgresCLITests.sample)
        let holder = try Self.holdLocks(database, "UPDATE slots SET value = value WHERE key = 'ContentView/count'", releaseAfter: 20)
        defer { holder.close() }
        let started = Date()
        let run = try CLI.run("set", database.url, "ContentView/count", "7")
        let waited = Date().timeIntervalSince(started)
        #expect(run.status == 9, "\(run)")
        #expect(run.stderr.contains("the store is locked by another session") && run.stderr.contains("then try again"), "\(run)")
        #expect(run.stderr.split(separator: "\n").count == 1, "one line: \(run)")
        #expect(waited >= 4.5 && waited < 15, "it waited SQLite's 5 s busy timeout, not for the lock: \(waited) s")

        try holder.execute("ROLLBACK")
        // The clock the command advanced before it met the lock went back with the rest.
        #expect(try database.psql("SELECT tick FROM statedb_clock") == "1")
        #expect(try database.psql("SELECT value FROM slots WHERE key = 'ContentView/count'") == "3")
        #expect(try CLI.run("set", database.url, "ContentView/count", "7").status == 0, "with the lock gone it goes through")
        #expect(try database.psql("SELECT value || ' ' || version FROM slots WHERE key = 'ContentView/count'") == "7 2")
    }

    @Test @MainActor func anAppKeepsItsWritesWhileTheClockIsLockedAndCommitsThemAfter() throws {
        let database = try PostgresTestServer.shared().database()
        var options = StateStore.Options()
        options.busyTimeoutMilliseconds = 300
        let store = try StateStore(url: database.url, options: options)
        defer { store.close() }
        let diagnostics = DiagnosticsRecorder(store)
        let host = ViewHost(root: PostgresCounter(), store: store)
        host.update()
        #expect(countShown(by: host) == "count 0")
        let tick = try database.psql("SELECT tick FROM statedb_clock")

        // The clock row every commit updates first, as `UPDATE statedb_clock SET tick = tick` in psql.
        let holder = try Self.holdLocks(database, "UPDATE statedb_clock SET tick = tick", releaseAfter: 20)
        defer { holder.close() }
        try host.button("bump").tap()
        let started = Date()
        host.update()
        #expect(Date().timeIntervalSince(started) < 10, "the update waited the busy timeout, not for the lock")
        #expect(countShown(by: host) == "count 1", "the write is in memory")
        #expect(store.hasPendingWrites)
        let failures = diagnostics.of(.flushFailed)
        #expect(!failures.isEmpty && failures.allSatisfy {
            $0.message.contains("the store is locked by another session (canceling statement due to lock timeout) while committing")
                && $0.message.contains("kept in memory") && !$0.message.contains("\n")
        }, "\(failures)")
        let again = #expect(throws: StateStoreError.self) { try store.flush() }
        #expect(again?.kind == .busy)

        try holder.execute("ROLLBACK")
        #expect(try database.psql("SELECT tick FROM statedb_clock") == tick, "nothing of the failed commits was written")
        try store.flush()
        #expect(!store.hasPendingWrites)
        #expect(try database.psql("SELECT value FROM slots WHERE key LIKE '%/count'") == "1")
    }

    @Test func aSessionsOwnLockTimeoutIsKept() throws {
        let database = try PostgresTestServer.shared().database()
        let plain = try PostgresConnection(url: database.url)
        defer { plain.close() }
        #expect(try plain.execute("SHOW lock_timeout").string(0, 0) == "5s", "SQLite's busy timeout")
        let separator = database.url.contains("?") ? "&" : "?"
        let configured = try PostgresConnection(url: database.url + separator + "options=-c%20lock_timeout%3D250")
        defer { configured.close() }
        #expect(try configured.execute("SHOW lock_timeout").string(0, 0) == "250ms", "the URL's own setting")
    }
}
