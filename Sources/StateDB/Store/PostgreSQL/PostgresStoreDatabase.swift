import Foundation

/// A store's database on a PostgreSQL server: every operation `StateStore` performs on its
/// SQLite file, with the same shapes, on libpq. Not wired under `StateStore` yet
/// (docs/postgresql.md says what is missing).
///
/// ## The storage seam
///
/// The operations below are the small protocol both backends will conform to, `SQLite` and
/// `PostgreSQL` each in its own folder (as swift-sharing's keys are). Everything above it — the
/// cells, reads from memory, the commit queue, conflict rules — stays in `StateStore`:
///
/// ```swift
/// protocol StoreDatabase: AnyObject {
///     /// Connects or opens; refuses a foreign database, a newer schema or an edited migration,
///     /// leaving it untouched; applies pending schema migrations (with `options.migrateSchema`);
///     /// verifies the schema objects and the clock row.
///     init(location: String, options: StateStore.Options) throws
///     /// Every row, and the tick they are complete up to (the store's `seenTick`).
///     func loadAllRows() throws -> (rows: [StoredRow], tick: Int64)
///     /// Rows and deletions committed after `tick` (`version > tick`), and the tick now.
///     func changes(since tick: Int64) throws -> StoreChanges
///     /// Whether anyone may have committed since the last look: SQLite's `PRAGMA data_version`,
///     /// PostgreSQL's notifications (waiting up to `timeout` seconds for one).
///     func waitForChanges(timeout: Double) throws -> Bool
///     /// One transaction, one clock tick (see `StoreCommit` for the order).
///     func commit(_ commit: StoreCommit) throws -> StoreCommitResult
///     /// `statedb_explicit_keys`.
///     func isExplicitKey(_ key: String) throws -> Bool
///     /// `app_migrations`, and recording newly applied ones under one tick.
///     func appMigrations() throws -> [AppMigrationRecord]
///     func recordAppMigrations(_ records: [AppMigrationRecord]) throws -> Int64
///     func close()
/// }
/// ```
///
/// Errors are `StateStoreError`s that say what failed and what to do, whose `path` is the URL
/// with any password hidden. A commit that fails has written nothing and may be run again: the
/// store keeps its batch in memory, as it does on SQLite.
///
/// **Reconnecting.** A read whose connection broke (a server restart, a failover) reconnects
/// once — through every host of the URL, so after a failover it reaches the new primary — and
/// runs again; the `version > seen` catch-up then returns whatever the notifications missed. A
/// commit is not run again by itself (whether its COMMIT arrived is unknown): it throws, and
/// the next commit reconnects first.
///
/// Not thread-safe: its owner serialises use (`StateStore.databaseLock`).
final class PostgresStoreDatabase {
    /// The channel every commit notifies, with its tick as the payload. Hand edits notify it
    /// too (the schema's triggers).
    static let changesChannel: StaticString = "statedb_changes"

    let connection: PostgresConnection
    /// The URL with any password hidden: the `path` of every error.
    var url: String { connection.redactedURL }

    /// Connects to `url`, inspects the database (reading only) and refuses what is not ours,
    /// applies pending schema migrations, verifies the schema, and listens for changes.
    ///
    /// - Throws: `StateStoreError` — `.foreignDatabase` (tables of another application),
    ///   `.newerSchema`, `.checksumMismatch`, `.migrationRequired` (behind, and told not to
    ///   migrate or read-only), `.missing` (an empty database and read-only), `.corrupt`,
    ///   `.cannotOpen` (no server, no primary). A refused database is left untouched.
    init(url: String, options: StateStore.Options = StateStore.Options()) throws {
        let redacted = PostgresURL.redacted(url)
        do {
            connection = try PostgresConnection(url: url)
        } catch let error as PostgresError {
            throw StateStoreError(error, url: redacted, doing: "connecting")
        }
        try run("opening the store", retryingOnReconnect: false) {
            let version = try PostgresSchema.inspect(connection)
            if version < PostgresSchemaMigration.latestVersion {
                if options.readOnly && version == 0 {
                    throw StateStoreError(.missing, path: url, "the database holds no store, and it was opened read-only (nothing was created).")
                }
                if !options.migrateSchema || options.readOnly {
                    throw StateStoreError(.migrationRequired, path: url, "store schema version \(version) (PostgreSQL dialect) is behind this build's \(PostgresSchemaMigration.latestVersion); open it with schema migration allowed.")
                }
                try PostgresSchema.migrate(connection)
            }
            try PostgresSchema.verify(connection)
            try connection.listen(Self.changesChannel)
        }
    }

    func close() { connection.close() }

    /// Runs `body`, reconnecting first when the connection is known to be down. With
    /// `retryingOnReconnect`, a body that fails because the connection broke runs once more on
    /// a new connection (reads only: they may run twice). Maps `PostgresError`s to
    /// `StateStoreError`s that say what was being done.
    func run<T>(_ what: String, retry: StateStoreError.Retry = .again, retryingOnReconnect: Bool = true,
                _ body: () throws -> T) throws -> T {
        do {
            try connection.ensureConnected()
            do {
                return try body()
            } catch let error as PostgresError where error.kind == .connectionLost && retryingOnReconnect {
                try connection.reconnect()
                return try body()
            }
        } catch let error as PostgresError {
            throw StateStoreError(error, url: url, doing: what, retry: retry)
        }
    }

    // MARK: - Reading

    /// Every row, and the tick they are complete up to, read in one snapshot.
    func loadAllRows() throws -> (rows: [StoredRow], tick: Int64) {
        try run("loading the store") {
            try connection.transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") {
                let tick = try currentTick()
                let result = try connection.execute(StoredRow.postgresSelectSQL)
                return ((0..<result.rowCount).map { StoredRow(result, row: $0) }, tick)
            }
        }
    }

    /// Rows and deletions committed after `tick`, read in one snapshot with the clock: ticks
    /// become visible in order (the clock row's lock), so a snapshot holds every commit up to
    /// the tick it shows and none after, and the next call's `since` misses nothing.
    func changes(since tick: Int64) throws -> StoreChanges {
        try run("reading changes made by other processes") {
            try connection.transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") {
                let now = try currentTick()
                let result = try connection.execute("""
                    SELECT key, type, encoding, value, blob, created_at, updated_at, seen_at, version FROM slots
                    WHERE version > $1
                    """, [.integer(tick)])
                let rows = (0..<result.rowCount).map { StoredRow(result, row: $0) }
                let written = Set(rows.map(\.key))
                let tombstones = try connection.execute("SELECT key FROM slot_tombstones WHERE version > $1", [.integer(tick)])
                let deleted = (0..<tombstones.rowCount).compactMap { tombstones.string($0, 0) }.filter { !written.contains($0) }
                return StoreChanges(rows: rows, deletedKeys: deleted, tick: now)
            }
        }
    }

    /// The clock's tick now.
    func currentTick() throws -> Int64 {
        let result = try connection.execute("SELECT tick FROM statedb_clock WHERE id = 1")
        guard let tick = result.int64(0, 0) else {
            throw PostgresError(.statement, message: "statedb_clock has no row", sql: "SELECT tick FROM statedb_clock")
        }
        return tick
    }

    /// Waits up to `timeout` seconds for a notification that another session committed, and
    /// returns whether one came (this session's own are skipped). The wake-up only: what
    /// changed is read with `changes(since:)`, which is the truth — a notification missed
    /// while disconnected loses nothing. After a reconnect it returns true at once, since
    /// commits may have gone unnotified meanwhile.
    func waitForChanges(timeout: Double) throws -> Bool {
        try run("waiting for changes") {
            if !connection.isConnected {
                try connection.reconnect()
                return true
            }
            let own = connection.backendPID
            // Its own commits' notifications are queued too (they come with the COMMIT's
            // answer): they must not end the wait for someone else's.
            let deadline = Date().addingTimeInterval(timeout)
            repeat {
                let received = try connection.waitForNotifications(timeout: max(0, deadline.timeIntervalSinceNow))
                if received.contains(where: { $0.channel == Self.changesChannel.description && $0.senderPID != own }) { return true }
                if received.isEmpty { return false }
            } while deadline.timeIntervalSinceNow > 0
            return false
        }
    }

    /// Whether the app named `key` itself (`binding(for:)`).
    func isExplicitKey(_ key: String) throws -> Bool {
        try run("reading the app's own keys") {
            try connection.execute("SELECT 1 FROM statedb_explicit_keys WHERE key = $1", [.text(key)]).rowCount == 1
        }
    }

    // MARK: - App migrations

    /// The app migrations the store has applied, in the order they were.
    func appMigrations() throws -> [AppMigrationRecord] {
        try run("reading the applied state migrations") {
            let result = try connection.execute("SELECT name, position, applied_at FROM app_migrations ORDER BY applied_at, position")
            return (0..<result.rowCount).map {
                AppMigrationRecord(name: result.string($0, 0) ?? "", position: result.int64($0, 1) ?? 0, appliedAt: result.int64($0, 2) ?? 0)
            }
        }
    }

    /// Records newly applied app migrations in one transaction with one clock tick (the tick
    /// their rows' writes would carry), and returns the tick.
    func recordAppMigrations(_ records: [AppMigrationRecord]) throws -> Int64 {
        try run("recording state migrations", retry: .command, retryingOnReconnect: false) {
            try connection.transaction {
                let tick = try advanceClock()
                for record in records {
                    try connection.execute("INSERT INTO app_migrations (name, position, applied_at) VALUES ($1, $2, $3)",
                                           [.text(record.name), .integer(record.position), .integer(record.appliedAt)])
                }
                try notify(tick)
                return tick
            }
        }
    }

    // MARK: - Clock

    /// Advances the clock inside a transaction and returns the new tick. The row stays locked
    /// until the transaction ends, which orders the commits (see the schema's comment).
    func advanceClock() throws -> Int64 {
        let result = try connection.execute("UPDATE statedb_clock SET tick = tick + 1 WHERE id = 1 RETURNING tick")
        guard let tick = result.int64(0, 0) else {
            throw PostgresError(.statement, message: "statedb_clock has no row", sql: "UPDATE statedb_clock")
        }
        return tick
    }

    /// Tells every listening session, at commit, that `tick` is committed.
    func notify(_ tick: Int64) throws {
        try connection.execute("SELECT pg_notify('statedb_changes', $1)", [.text(String(tick))])
    }
}
