import CSQLite
import Foundation

/// A store's SQLite file: the `StoreDatabase` conformance every `StateStore(path:)` runs on,
/// holding every statement the store runs on its connection.
///
/// Not thread-safe: its owner serialises use (`StateStore.databaseLock`).
final class SQLiteStoreDatabase: StoreDatabase {
    let connection: SQLiteConnection
    /// The file, or `:memory:`: the `path` of every error.
    let path: String
    /// `PRAGMA data_version` when last polled: it changes when another connection committed.
    private var dataVersion: Int64 = 0
    /// The file the connection opened, as `lstat` saw it once SQLite had opened it (the check
    /// after opening; nil in memory): a second connection opened by path later (`statedb check`'s integrity check)
    /// must find this file there, not one put in its place since.
    private(set) var openedFile: stat?
    /// From how many rows (the largest rowid) the open reads half of them on a second
    /// connection (`Options.rowsLoadedAlongsideFrom`).
    private let rowsLoadedAlongsideFrom: Int
    /// How many rows the open read on the second connection (0: none, all on this one).
    private(set) var rowsReadAlongside = 0

    /// Opens the store file at `path` (`StoreFile.inspect` has refused what is not ours), applies
    /// pending schema migrations (after a backup) and the app's state migrations, and turns the
    /// connection's triggers off (see the note above `configure`).
    init(path: String, schemaVersion: Int, migrations: [StateMigration], options: StateStore.Options,
         report: @escaping (StateDiagnostic) -> Void) throws {
        self.path = path
        rowsLoadedAlongsideFrom = options.rowsLoadedAlongsideFrom
        do {
            connection = try SQLiteConnection(path: path, mode: options.readOnly ? .readOnly : .readWrite)
            try configure(options)
            if !options.readOnly {
                if schemaVersion > 0 && schemaVersion < SchemaMigration.latestVersion && options.backupBeforeSchemaMigration {
                    try SchemaMigrator.backup(connection, path: path, version: schemaVersion)
                }
                try SchemaMigrator(connection: connection, path: path).migrate(from: schemaVersion)
                try AppMigrator(database: SQLiteMigrationDatabase(connection: connection), path: path, migrations: migrations, unknownPolicy: options.unknownAppMigrations,
                                report: report, applied: options.stateMigrationApplied).run()
                try connection.setTriggersEnabled(false)  // see the note above `configure`
                // A new store's -wal exists only since its first write, the schema's.
                try FileSafety.checkAfterOpening(connection, path: path, expectWAL: true)
            } else if !options.toleratesDamage {
                // Nothing to write, but a newer build's store, or one this build's migrations
                // have not converted yet, must not be read as if they had.
                try AppMigrator(database: SQLiteMigrationDatabase(connection: connection), path: path, migrations: migrations, unknownPolicy: options.unknownAppMigrations, report: report).run(readOnly: true)
            }
        } catch let error as SQLiteError {
            throw StateStoreError(error, path: path, doing: "opening the store")
        }
    }

    /// An in-memory database with the schema, for `StateStore.inMemory()`.
    init(inMemory: Void) throws {
        path = ":memory:"
        rowsLoadedAlongsideFrom = .max  // no file to open a second connection on
        connection = try SQLiteConnection(path: ":memory:", mode: .readWriteCreate)
        try InMemorySchema.copy(into: connection)
        try connection.setTriggersEnabled(false)
    }

    // The schema's triggers stamp a fresh tick on rows and tombstones that other writers (an
    // operator's sqlite3 shell) change without one. Every write through a store — the app's
    // commits, the CLI's edits (`StoreAdmin` opens a store too), state migrations — stamps its
    // commit's tick itself, so for a store's connection they would do nothing, at ~40% of the
    // cost of writing a row (SQLite runs a trigger's program, frame and all, just to test its
    // WHEN). A store's connection therefore runs with triggers off once the migrations are
    // applied; any other connection keeps them. A new write path on a store's connection must
    // stamp its tick (see `SlotRows`), and a new trigger does not fire for it: a test pins the
    // schema's triggers so that adding one means revisiting this.

    private func configure(_ options: StateStore.Options) throws {
        try connection.execute("PRAGMA busy_timeout = \(options.busyTimeoutMilliseconds)")
        // A checker reads a truncated file's pages that are still there (see
        // `readsTruncatedFiles`); only read-only, so nothing can be written through it.
        if options.readOnly && options.toleratesDamage && StoreFile.truncation(path) != nil { try connection.readsTruncatedFiles() }
        // A first read opens an existing -wal and -shm: SQLite opens them by name, so check
        // that they are still ours before anything is written (see FileSafety).
        _ = try connection.pragmaInteger(.schemaVersion)
        openedFile = try FileSafety.checkAfterOpening(connection, path: path, expectWAL: false)
        guard !options.readOnly else { return }
        // WAL lets readers (the CLI) run beside the app; NORMAL sync keeps every committed
        // transaction across a process crash, which is the promise `flush()` makes.
        try connection.execute("PRAGMA journal_mode = WAL")
        try connection.execute("PRAGMA synchronous = NORMAL")
    }

    func close() { connection.close() }

    var statementsExecuted: Int { connection.statementsExecuted }

    /// A file is always there once open: its failures are about what was asked.
    var isUnavailable: Bool { false }

    /// Runs `body`, turning SQLite errors into `StateStoreError`s that say what was being done.
    func run<T>(_ what: String, retry: StateStoreError.Retry = .again, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError {
            throw StateStoreError(error, path: path, doing: what, retry: retry)
        }
    }

    // MARK: - Reading

    func loadAllRows(atMost limit: Int) throws -> (rows: LoadedStoreRows?, tick: Int64) {
        try run("loading the store") {
            // Asked before the read, so a commit by another connection from here on changes
            // it, and the first poll reads what that commit wrote.
            dataVersion = try connection.pragmaInteger(.dataVersion)
            // A store of many rows shares the load with a second connection, ready before this
            // one's snapshot begins (see `LoadAlongside`). Whether there are many is asked
            // outside the snapshot: the split itself is made inside it.
            let probe = try Self.largestRowID(on: connection)
            let alongside = probe >= Int64(rowsLoadedAlongsideFrom) && probe <= Int64(limit)
                ? openedFile.map { LoadAlongside(path: path, file: $0, expected: Int(probe / 2)) } : nil
            defer { alongside?.end() }
            // Room for every row, so that nothing regrows as they are added: counted while the
            // second connection opens (a count only sizes buffers, so it need not be of the
            // snapshot). Not for a store read on demand, where count(*) would read the whole
            // key index.
            let expected = probe <= Int64(limit) ? Int(try rowCount()) : 0
            alongside?.waitUntilReady()
            // One read transaction: the tick is the one the rows are complete up to, and a
            // commit landing while they are read is read by the first poll
            // (`changesDuringTheLoadAreReadByTheFirstPoll`). Said, rather than left to the
            // `max(rowid)` statement that happened to hold the snapshot open until the end.
            return try connection.transaction(immediate: false) {
                let tick = try StoreClock.current(on: connection)
                // The largest rowid bounds the row count and costs one descent of the table's
                // B-tree, where count(*) reads the whole key index (~200 ms at a million rows).
                // A file with many rows deleted may so be read on demand though it holds
                // fewer: that changes what opening and mounting cost, not what they do.
                let bound = try Self.largestRowID(on: connection)
                // Rows read on demand later are as new as they are then: a poll from `tick`
                // rereads those changed since, to the same values.
                guard bound <= Int64(limit) else { return (nil, tick) }
                let rows = try loadRows(upTo: bound, expected: expected, alongside: alongside)
                // Every page of the table was just read once and is now held in memory as
                // rows: keeping them in SQLite's cache too cost ~50 bytes per slot of a
                // mounted tree (the cache's 2 MB at 40,000 slots). Later commits read the few
                // pages they touch again from the file system's cache.
                connection.releaseCachedPages()
                return (.loaded(rows.finish()), tick)
            }
        }
    }

    /// Every row of the table, none of whose rowids is above `bound`, in this connection's
    /// read transaction. With a second connection (`alongside`, from `rowsLoadedAlongsideFrom`
    /// rows on), the rows after the middle rowid are read there meanwhile: on two cores that
    /// takes opening a store of 20,000 rows from ~9.0 ms to ~5.9 ms, and of 8,192 from ~4.0 ms
    /// to ~3.5 ms (BENCHMARKS.md, *Fourteenth pass*). When the second connection does not read
    /// them, this one does.
    private func loadRows(upTo bound: Int64, expected: Int, alongside: LoadAlongside?) throws -> LoadedRows.Builder {
        var rows = LoadedRows.Builder(expectedRows: expected)  // no regrowth as it fills
        guard let alongside, bound >= Int64(rowsLoadedAlongsideFrom) else {
            alongside?.cancel()
            try Self.read(.all, on: connection, into: &rows)
            return rows
        }
        let split = bound / 2
        alongside.start(after: split, bound: bound)
        try Self.read(.through(split), on: connection, into: &rows)
        if let upper = alongside.rows() {
            rowsReadAlongside = upper.count
            rows.append(contentsOf: upper)
        } else {
            try Self.read(.after(split), on: connection, into: &rows)
        }
        return rows
    }

    /// The largest rowid of the table (0 when empty): one descent of its B-tree.
    static func largestRowID(on connection: SQLiteConnection) throws -> Int64 {
        let statement = try connection.prepare("SELECT max(rowid) FROM slots")
        return try statement.step() ? statement.int64(at: 0) : 0
    }

    /// Which of the table's rows a load reads, by rowid.
    enum LoadedPart {
        case all
        case through(Int64)
        case after(Int64)
    }

    /// Adds the rows of `part` on `connection` to `rows`, as `StoredRow.loadSQL` reads them.
    static func read(_ part: LoadedPart, on connection: SQLiteConnection, into rows: inout LoadedRows.Builder) throws {
        let statement: SQLiteStatement
        switch part {
        case .all:
            statement = try connection.prepare(StoredRow.loadSQL)
        case .through(let last):
            statement = try connection.prepare(StoredRow.loadSQL + " WHERE rowid <= ?1")
            statement.bind(last, at: 1)
        case .after(let first):
            statement = try connection.prepare(StoredRow.loadSQL + " WHERE rowid > ?1")
            statement.bind(first, at: 1)
        }
        while try statement.step() { rows.append(statement) }
    }

    private func rowCount() throws -> Int64 {
        let statement = try connection.prepare("SELECT count(*) FROM slots")
        return try statement.step() ? statement.int64(at: 0) : 0
    }

    /// Cheap when nothing happened: one `PRAGMA data_version`.
    func pollChanges(since tick: Int64) throws -> StoreChanges? {
        try run("reading changes made by other processes") {
            let version = try connection.pragmaInteger(.dataVersion)
            guard version != dataVersion else { return nil }
            // One read transaction, as at open: rows, deletions and the tick they are complete
            // up to all from one snapshot (`changesDuringAPollAreReadByTheNext`).
            let changes = try connection.transaction(immediate: false) {
                let rows = try connection.prepare(StoredRow.selectSQL + " WHERE version > ?1")
                rows.bind(tick, at: 1)
                var changed: [StoredRow] = []
                var present = Set<String>()
                while try rows.step() {
                    let row = StoredRow(rows)
                    present.insert(row.key)
                    changed.append(row)
                }
                let tombstones = try connection.prepare("SELECT key, version FROM slot_tombstones WHERE version > ?1")
                tombstones.bind(tick, at: 1)
                var deleted: [StoredDeletion] = []
                while try tombstones.step() {
                    let key = tombstones.string(at: 0)
                    if !present.contains(key) { deleted.append(StoredDeletion(key: key, version: tombstones.int64(at: 1))) }
                }
                return StoreChanges(rows: changed, deletions: deleted, tick: try StoreClock.current(on: connection))
            }
            // Only once read: a poll that failed is made again next time, not skipped as if
            // nothing had changed.
            dataVersion = version
            return changes
        }
    }

    func row(at key: String) throws -> StoredRow? {
        try run("reading a slot") {
            let statement = try connection.cached(StoredRow.selectSQL + " WHERE key = ?1")
            defer { statement.reset() }
            statement.bind(key, at: 1)
            return try statement.step() ? StoredRow(statement) : nil
        }
    }

    func forEachRow(from low: String, below high: String, _ body: (String, String) -> Bool) throws {
        try run("looking for unused rows") {
            let statement = try connection.prepare("SELECT key, type FROM slots WHERE key >= ?1 AND key < ?2 ORDER BY key")
            statement.bind(low, at: 1)
            statement.bind(high, at: 2)
            while try statement.step() {
                if !body(statement.string(at: 0), statement.string(at: 1)) { return }
            }
        }
    }

    func isExplicitKey(_ key: String) throws -> Bool {
        try run("reading the app's own keys") {
            let statement = try connection.cached("SELECT 1 FROM statedb_explicit_keys WHERE key = ?1")
            statement.bind(key, at: 1)
            defer { statement.reset() }
            return try statement.step()
        }
    }
}
