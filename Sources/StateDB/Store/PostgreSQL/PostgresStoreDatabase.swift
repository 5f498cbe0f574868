import Foundation

/// A store's database on a PostgreSQL server: the `StoreDatabase` conformance that
/// `StateStore(url:)` runs on, every operation the store performs on its SQLite file with the
/// same shapes, on libpq.
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
final class PostgresStoreDatabase: StoreDatabase {
    /// The channel every commit notifies, with its tick as the payload. Hand edits notify it
    /// too (the schema's triggers).
    static let changesChannel: StaticString = "statedb_changes"

    let connection: PostgresConnection
    /// The URL with any password hidden: the `path` of every error.
    var url: String { connection.redactedURL }
    /// The last call failed because no server would take it (see `noteFailure`); cleared by
    /// the next call that succeeds.
    private(set) var isUnavailable = false
    /// The server process of the session the last poll ran on (`pollChanges`).
    private var polledSession: Int32 = 0
    /// A notification came, or the session changed, and the catch-up has not been read yet.
    private var catchUpPending = false

    /// Connects to `url`, inspects the database (reading only) and refuses what is not ours,
    /// applies pending schema migrations, verifies the schema, listens for changes, and applies
    /// the app's pending state migrations (`migrations`, in one transaction with one tick).
    ///
    /// - Throws: `StateStoreError` — `.foreignDatabase` (tables of another application),
    ///   `.newerSchema`, `.checksumMismatch`, `.migrationRequired` (behind, and told not to
    ///   migrate or read-only), `.missing` (an empty database and read-only), `.corrupt`,
    ///   `.cannotOpen` (no server, no primary), `.migrationFailed`; `.corrupt` too, unless
    ///   read-only, when a table of the store has a trigger or rule statedb did not create
    ///   (`PostgresSchema.refuseForeignTriggers`). A refused database is left untouched.
    init(url: String, migrations: [StateMigration] = [], options: StateStore.Options = StateStore.Options(),
         report: @escaping (StateDiagnostic) -> Void = { _ in }) throws {
        let redacted = PostgresURL.redacted(url)
        do {
            connection = try PostgresConnection(url: url, lockTimeoutMilliseconds: options.busyTimeoutMilliseconds)
        } catch let error as PostgresError {
            throw StateStoreError(error, url: redacted, doing: "connecting")
        }
        try run("opening the store", retryingOnReconnect: false) {
            let version = try PostgresSchema.inspect(connection)
            // Before any migration writes: a foreign trigger would fire inside its writes too.
            if !options.readOnly && version > 0 { try PostgresSchema.refuseForeignTriggers(connection) }
            if version < PostgresSchemaMigration.latestVersion {
                if options.readOnly && version == 0 {
                    throw StateStoreError(.missing, path: redacted, "the database holds no store, and it was opened read-only (nothing was created).")
                }
                if !options.migrateSchema || options.readOnly {
                    throw StateStoreError(.migrationRequired, path: redacted, "store schema version \(version) (PostgreSQL dialect) is behind this build's \(PostgresSchemaMigration.latestVersion); open it with schema migration allowed.")
                }
                try PostgresSchema.migrate(connection)
            }
            try PostgresSchema.verify(connection)
            try connection.listen(Self.changesChannel)
        }
        polledSession = connection.backendPID
        if options.readOnly && options.toleratesDamage { return }
        try run("applying state migrations", retry: .command, retryingOnReconnect: false) {
            try AppMigrator(database: self, path: self.url, migrations: migrations, unknownPolicy: options.unknownAppMigrations,
                            report: report, applied: options.stateMigrationApplied)
                .run(readOnly: options.readOnly)
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
            let result: T
            do {
                result = try body()
            } catch let error as PostgresError where error.kind == .connectionLost && retryingOnReconnect {
                try connection.reconnect()
                result = try body()
            }
            isUnavailable = false
            return result
        } catch let error as PostgresError {
            noteFailure(error)
            throw StateStoreError(error, url: url, doing: what, retry: retry)
        }
    }

    /// Whether `error` means no server of the URL takes writes now: none answers, the
    /// connection broke, or the one reached is a standby (SQLSTATE 25006, a failover in
    /// progress). Such a connection is dropped, so the next call connects again through every
    /// host of the URL and finds the new primary.
    private func noteFailure(_ error: PostgresError) {
        switch error.kind {
        case .cannotConnect, .connectionLost, .wait, .unsuitableDatabase:
            isUnavailable = true
        case .statement where error.sqlState == "25006":
            isUnavailable = true
            connection.close()
        case .statement:
            break
        }
    }

    // MARK: - Reading

    var statementsExecuted: Int { connection.statementsExecuted }

    /// Every row, and the tick they are complete up to, read in one snapshot.
    func loadAllRows() throws -> (rows: [StoredRow], tick: Int64) {
        let loaded = try loadAllRows(atMost: .max)
        guard case .rows(let rows)? = loaded.rows else { return ([], loaded.tick) }
        return (rows, loaded.tick)
    }

    /// Every row, and the tick they are complete up to, read in one snapshot; no rows when
    /// there are more than `limit` (they are read on demand).
    func loadAllRows(atMost limit: Int) throws -> (rows: LoadedStoreRows?, tick: Int64) {
        try run("loading the store") {
            try connection.transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") {
                let tick = try currentTick()
                let count = try connection.execute("SELECT count(*) FROM slots").int64(0, 0) ?? 0
                guard count <= Int64(limit) else { return (nil, tick) }
                let result = try connection.execute(StoredRow.postgresSelectSQL)
                return (.rows((0..<result.rowCount).map { StoredRow(result, row: $0) }), tick)
            }
        }
    }

    /// What was committed after `tick`, or nil when nothing was: after a notification of a
    /// tick past `tick` or a new session (any call may have reconnected: a server restart, a
    /// failover — commits made meanwhile went unnotified), the catch-up is read at once;
    /// otherwise the clock row is asked (one single-row SELECT), because the notification of a
    /// commit that finished just before this poll may still be on its way from the server. So
    /// a commit that returned before an update began is always seen by that update, and an
    /// idle poll costs one small query. A notification of a tick already read (it came after
    /// the catch-up that read it) is dropped.
    func pollChanges(since tick: Int64) throws -> StoreChanges? {
        try run("reading changes made by other processes") {
            let own = connection.backendPID
            let received = try connection.waitForNotifications(timeout: 0)
            if received.contains(where: { $0.channel == Self.changesChannel.description && $0.senderPID != own && (Int64($0.payload) ?? .max) > tick }) {
                catchUpPending = true
            }
        }
        if connection.backendPID != polledSession { catchUpPending = true }
        if !catchUpPending {
            guard try run("reading changes made by other processes", { try currentTick(prepared: true) }) > tick else { return nil }
        }
        let changes = try changes(since: tick)
        // Only once read: a catch-up that failed is tried again at the next poll.
        catchUpPending = false
        polledSession = connection.backendPID
        return changes
    }

    /// The row at `key`, nil when there is none.
    func row(at key: String) throws -> StoredRow? {
        try run("reading a slot") {
            let result = try connection.execute("""
                SELECT key, type, encoding, value, blob, created_at, updated_at, seen_at, version FROM slots WHERE key = $1
                """, [.text(key)])
            return result.rowCount == 1 ? StoredRow(result, row: 0) : nil
        }
    }

    /// The key and type of every row from `low` up to (not including) `high`, in key order
    /// of bytes, as SQLite sorts (`COLLATE "C"`: the database's own collation may differ). Reads
    /// the range in one query; its rows are few (one view's unused state).
    func forEachRow(from low: String, below high: String, _ body: (String, String) -> Bool) throws {
        let result = try run("looking for unused rows") {
            try connection.execute("""
                SELECT key, type FROM slots WHERE key COLLATE "C" >= $1 AND key COLLATE "C" < $2 ORDER BY key COLLATE "C"
                """, [.text(low), .text(high)])
        }
        for row in 0..<result.rowCount {
            if !body(result.string(row, 0) ?? "", result.string(row, 1) ?? "") { return }
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
                let tombstones = try connection.execute("SELECT key, version FROM slot_tombstones WHERE version > $1", [.integer(tick)])
                let deleted = (0..<tombstones.rowCount).compactMap { row in
                    tombstones.string(row, 0).map { StoredDeletion(key: $0, version: tombstones.int64(row, 1) ?? 0) }
                }.filter { !written.contains($0.key) }
                return StoreChanges(rows: rows, deletions: deleted, tick: now)
            }
        }
    }

    /// The clock's tick now. `prepared` (outside a transaction only: see `execute(prepared:)`)
    /// runs it as a statement prepared once per session, for the poll at every update.
    func currentTick(prepared: Bool = false) throws -> Int64 {
        let sql: PostgresSQL = "SELECT tick FROM statedb_clock WHERE id = 1"
        let result = try prepared ? connection.execute(prepared: "statedb_clock", sql) : connection.execute(sql)
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
            // This session's own notifications end a wait too: they are dropped and the wait
            // goes on for what is left of the time.
            let deadline = Date().addingTimeInterval(timeout)
            while true {
                let received = try connection.waitForNotifications(timeout: max(0, deadline.timeIntervalSinceNow))
                if received.contains(where: { $0.channel == Self.changesChannel.description && $0.senderPID != own }) { return true }
                if received.isEmpty || deadline.timeIntervalSinceNow <= 0 { return false }
            }
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
