import CSQLite
import Foundation

/// A file of persisted state slots: the single source of truth behind every `@State`,
/// `@NonState` and slot `Binding`.
///
/// ```swift
/// let store = try StateStore(path: "/home/me/.local/state/myapp/state.sqlite")
/// let volume = try store.binding(for: "Settings/volume", default: 5)
/// volume.wrappedValue = 7   // in memory at once
/// try store.flush()         // durable: survives `kill -9` from here on
/// ```
///
/// **Reads** come from memory: every row is loaded when the store opens, so reading a slot
/// runs no SQL. A file of more than 100,000 rows is not loaded whole: a slot's row is read
/// (one indexed SELECT) when the slot mounts or is bound, and its reads run no SQL from then on. **Writes** change memory at once and are committed together, one transaction
/// per `flush()` (a `ViewHost` flushes at the end of each `update()`). A write of an equal
/// value (for `Equatable` types) changes nothing and writes nothing.
///
/// **Threads.** A store may be used from any thread or task: its memory is guarded by a lock
/// and its SQLite connection by another, so a flush never blocks readers for longer than it
/// takes to take a snapshot. View code runs on the main actor; background tasks may read and
/// write bindings too. None of the app's code runs under the memory lock — a value type's `==`,
/// key-path setters and `didSet`, `init(from:)` and deinitializers — so that code may use other
/// bindings of the store: a write compares or changes a copy outside the lock and goes in only
/// if the slot did not change meanwhile (else it starts over). `encode(to:)` runs during a
/// commit, outside the memory lock but inside the connection's: it may read and write
/// bindings, not call `flush()`.
///
/// **Files.** A new store gets mode 0600 and any missing parent folders 0700. A file that is
/// not a SQLite database, belongs to another application, is damaged, or has a newer schema is
/// refused with a `StateStoreError` and left byte-for-byte untouched; so is a path that is not
/// a private regular file of the user running the process (a link, a FIFO or device, another
/// user's file, one others may read or write), or has such a `-wal`, `-shm` or `-journal`
/// beside it (`.unsafeFile`).
///
/// Thread-safe: every mutable field is guarded by `lock` or `databaseLock`, as each field's
/// comment says, which is what its `@unchecked Sendable` stands on.
public final class StateStore: @unchecked Sendable {
    /// Options for opening a store.
    public struct Options: Sendable {
        /// Create the file (and its folders) when it does not exist. Default: true.
        public var createIfMissing = true
        /// Apply this build's pending schema migrations on open. When false, a store that is
        /// behind is refused with `.migrationRequired`. Default: true.
        public var migrateSchema = true
        /// Open without writing anything (the CLI's read commands). Default: false.
        public var readOnly = false
        /// How long a writer waits for another process's transaction, in milliseconds.
        public var busyTimeoutMilliseconds: Int32 = 5_000
        /// What to do when the store records state migrations this build does not register.
        public var unknownAppMigrations: UnknownMigrationPolicy = .refuse
        /// Copy an existing store next to itself (`VACUUM INTO`) before upgrading its schema.
        public var backupBeforeSchemaMigration = true
        /// Carry a view's stored state over to its new key when a new build of the app writes
        /// the view under another key (it was wrapped in a stack or a branch, moved to another
        /// container, or the store was written by an earlier statedb): only when exactly one
        /// stored row and one new slot match, with the same stored type; reported as
        /// `stateAdopted`. When false nothing moves; candidates are reported as `stateOrphaned`.
        /// See `docs/identity.md`. Default: true.
        public var adoptsMovedState = true
        /// Open a damaged store read-only all the same, without loading its rows, so that
        /// `statedb check` can report what is wrong (missing schema objects, the clock's row,
        /// unreadable pages). Only with `readOnly`.
        var toleratesDamage = false
        /// Load every row into memory on open (what reads without SQL stand on). False for
        /// `StoreAdmin`, which reads and writes rows through the connection only: at a million
        /// slots loading them is most of what a one-key command would cost.
        var loadsRows = true
        /// A file with more rows than this is not loaded whole at open: rows are read when
        /// slots mount (`StateStore+RowsOnDemand.swift`). Internal, so tests can reach the
        /// on-demand path with small files.
        var rowsLoadedAtOpen = 100_000

        public init() {}
    }

    /// The file, or `:memory:`.
    public let path: String
    let options: Options

    /// Guards everything below that is marked "(lock)". The fields every slot write touches
    /// skip the runtime exclusivity check, which the lock makes redundant: with the cells'
    /// own, 5.8% of the write bench (see `SlotCell`).
    let lock = NSLock()
    /// Serialises use of `connection` (commits, polls); taken before `lock` when both are held.
    let databaseLock = NSLock()

    /// (databaseLock) nil once closed.
    var connection: SQLiteConnection?
    /// (lock) Every key this process knows: the cell of a slot in use, or the row loaded from
    /// the file that nothing has asked for yet.
    @exclusivity(unchecked) var slots: [SlotIndexKey: SlotEntry] = [:]
    /// Set once while opening: the file was too large to load whole, so rows are read when
    /// asked for (`StateStore+RowsOnDemand.swift`).
    var rowsOnDemand = false
    /// (lock) With `rowsOnDemand`: keys whose rows the file still holds but whose deletion is
    /// pending, with how many deletions of each are pending.
    var goingRows: [SlotIndexKey: Int] = [:]
    /// (lock) Cells whose rows the next commit must write.
    @exclusivity(unchecked) var commitQueue: [SlotCell] = []
    /// (lock) Keys whose rows the next commit must delete.
    var pendingDeletions: [String] = []
    /// (lock) Values the next commit moves to the quarantine table.
    var pendingQuarantine: [QuarantineEntry] = []
    /// (lock) Moves of stored values to new keys the next commit records.
    var pendingAdoptions: [Adoption] = []
    /// (lock) Keys the app named itself (`binding(for:)`) since the last commit, which the next
    /// commit records in `statedb_explicit_keys` (once per key and process).
    var pendingExplicitKeys: [String] = []
    /// (lock) Who is told about changed slots.
    @exclusivity(unchecked) var subscribers: [ChangeSubscriber] = []
    /// (lock) The last batch number handed to a subscriber (see `ChangeSubscriber.batch`).
    var changeBatchCounter: UInt64 = 0
    /// (lock) Bumped whenever a subscriber drains its changes or joins: a cell noted to every
    /// subscriber in the current epoch is still pending for all of them.
    @exclusivity(unchecked) var changeEpoch: UInt64 = 1
    /// (databaseLock) The clock tick up to which this process has seen every commit.
    var seenTick: Int64 = 0
    /// (databaseLock) Ticks this process committed after `seenTick` while others committed too.
    var ownTicks: Set<Int64> = []
    /// (databaseLock) `PRAGMA data_version` when last polled.
    var dataVersion: Int64 = 0
    /// Cells whose values may change in place, compared before each commit, and the
    /// diagnostics reported once per key (see `StateStore+InPlaceChanges.swift`).
    let inPlaceChanges = InPlaceChangeWatch()
    let onceReports = OnceReports()

    private let diagnosticLock = NSLock()
    private var _diagnosticHandler: @Sendable (StateDiagnostic) -> Void = { diagnostic in
        FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
    }

    /// Where diagnostics go (values quarantined, duplicate identities, dropped writes, failed
    /// commits). Default: one line on standard error.
    public var diagnosticHandler: @Sendable (StateDiagnostic) -> Void {
        get { diagnosticLock.withLock { _diagnosticHandler } }
        set { diagnosticLock.withLock { _diagnosticHandler = newValue } }
    }

    func report(_ diagnostic: StateDiagnostic) {
        diagnosticHandler(diagnostic)
    }

    // MARK: - Opening

    /// Opens the store at `path`, creating it (mode 0600, folders 0700) when missing.
    ///
    /// - Throws: `StateStoreError` when the file is not a store of ours, is damaged, has a
    ///   newer schema, or cannot be opened. The file is then left untouched.
    public convenience init(path: String) throws {
        try self.init(path: path, migrations: [], options: Options())
    }

    /// Opens the store at `path` with `options`.
    public convenience init(path: String, options: Options) throws {
        try self.init(path: path, migrations: [], options: options)
    }

    /// Opens the store at `path` and applies the app's pending state migrations (see
    /// `StateMigration`), all in one transaction, before any slot is read.
    public init(path: String, migrations: [StateMigration], options: Options = Options()) throws {
        self.path = path
        self.options = options
        let tolerant = options.toleratesDamage && options.readOnly
        let verdict = try StoreFile.inspect(path: path, verifyingSchema: !tolerant)
        var schemaVersion = 0
        switch verdict {
        case .create:
            guard options.createIfMissing else {
                throw StateStoreError(.missing, path: path, "no such store; check the path (nothing was created).")
            }
            guard !options.readOnly else {
                throw StateStoreError(.missing, path: path, "no such store; check the path (nothing was created).")
            }
            try StoreFile.createFile(path: path)
        case .store(let version):
            schemaVersion = version
        }
        if schemaVersion < SchemaMigration.latestVersion && (!options.migrateSchema || options.readOnly) {
            throw StateStoreError(.migrationRequired, path: path, "store schema version \(schemaVersion) is behind this build's \(SchemaMigration.latestVersion); run `statedb migrate up \(path)`.")
        }
        let connection: SQLiteConnection
        do {
            connection = try SQLiteConnection(path: path, mode: options.readOnly ? .readOnly : .readWrite)
            try configure(connection)
            if !options.readOnly {
                if schemaVersion > 0 && schemaVersion < SchemaMigration.latestVersion && options.backupBeforeSchemaMigration {
                    try SchemaMigrator.backup(connection, path: path, version: schemaVersion)
                }
                try SchemaMigrator(connection: connection, path: path).migrate(from: schemaVersion)
                try AppMigrator(connection: connection, path: path, migrations: migrations, unknownPolicy: options.unknownAppMigrations, report: report).run()
                try connection.setTriggersEnabled(false)  // see the note above `configure`
                // A new store's -wal exists only since its first write, the schema's.
                try FileSafety.checkAfterOpening(connection, path: path, expectWAL: true)
            }
        } catch let error as SQLiteError {
            throw StateStoreError(error, path: path, doing: "opening the store")
        }
        self.connection = connection
        if !tolerant && options.loadsRows { try loadAllRows() }  // a checker reads the file itself, row by row
        StoreRegistry.shared.register(self)
    }

    /// A store that lives in memory only, for tests and previews. Its values are never
    /// encoded or written anywhere: `flush()` only marks them committed.
    public static func inMemory() -> StateStore {
        do {
            return try StateStore(inMemory: ())
        } catch {
            preconditionFailure("statedb: cannot create an in-memory SQLite database: \(error)")
        }
    }

    private init(inMemory: Void) throws {
        path = ":memory:"
        options = Options()
        let connection = try SQLiteConnection(path: ":memory:", mode: .readWriteCreate)
        try SchemaMigrator(connection: connection, path: path).migrate(from: 0)
        try connection.setTriggersEnabled(false)
        self.connection = connection
        try loadAllRows()
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

    private func configure(_ connection: SQLiteConnection) throws {
        try connection.execute("PRAGMA busy_timeout = \(options.busyTimeoutMilliseconds)")
        // A first read opens an existing -wal and -shm: SQLite opens them by name, so check
        // that they are still ours before anything is written (see FileSafety).
        _ = try connection.pragmaInteger(.schemaVersion)
        try FileSafety.checkAfterOpening(connection, path: path, expectWAL: false)
        guard !options.readOnly else { return }
        // WAL lets readers (the CLI) run beside the app; NORMAL sync keeps every committed
        // transaction across a process crash, which is the promise `flush()` makes.
        try connection.execute("PRAGMA journal_mode = WAL")
        try connection.execute("PRAGMA synchronous = NORMAL")
    }

    /// Loads every row into memory, so reads never touch SQLite; or, for a file of more than
    /// `Options.rowsLoadedAtOpen` rows, none (they are read as slots mount).
    private func loadAllRows() throws {
        try withConnection("loading the store") { connection in
            // The largest rowid bounds the row count and costs one descent of the table's
            // B-tree, where count(*) reads the whole key index (~200 ms at a million rows). A
            // file with many rows deleted may so be read on demand though it holds fewer: that
            // changes what opening and mounting cost, not what they do.
            let largestRowID = try connection.prepare("SELECT max(rowid) FROM slots")
            let bound = try largestRowID.step() ? largestRowID.int64(at: 0) : 0
            if bound > Int64(options.rowsLoadedAtOpen) {
                rowsOnDemand = true
                seenTick = try StoreClock.current(on: connection)
                dataVersion = try connection.pragmaInteger(.dataVersion)
                return
            }
            let statement = try connection.prepare(StoredRow.selectSQL)
            var rows: [SlotIndexKey: SlotEntry] = [:]
            rows.reserveCapacity(Int(try rowCount(connection)))  // no rehashing as it fills
            var texts = RepeatedTexts()
            while try statement.step() {
                let row = StoredRow(statement, texts: &texts)
                rows[SlotIndexKey(row.key)] = .dormant(row)
            }
            seenTick = try StoreClock.current(on: connection)
            dataVersion = try connection.pragmaInteger(.dataVersion)
            lock.withLock { slots = rows }
        }
    }

    private func rowCount(_ connection: SQLiteConnection) throws -> Int64 {
        let statement = try connection.prepare("SELECT count(*) FROM slots")
        return try statement.step() ? statement.int64(at: 0) : 0
    }

    /// Runs `body` with the connection under `databaseLock`, turning SQLite errors into
    /// `StateStoreError`s that say what was being done.
    func withConnection<T>(_ what: String, _ body: (SQLiteConnection) throws -> T) throws -> T {
        try databaseLock.withLock {
            guard let connection else {
                throw StateStoreError(.closed, path: path, "the store is closed; open it again.")
            }
            do {
                return try body(connection)
            } catch let error as SQLiteError {
                throw StateStoreError(error, path: path, doing: what)
            }
        }
    }

    // MARK: - Closing

    /// Commits pending writes, then closes the file. A failed final commit is reported through
    /// `diagnosticHandler` and the store stays open, so nothing is lost; call `flush()` first
    /// to handle that error yourself.
    public func close() {
        do {
            try flush()
        } catch {
            report(StateDiagnostic(kind: .flushFailed, key: nil, message: "close() could not commit: \(error); the store stays open"))
            return
        }
        databaseLock.withLock {
            connection?.close()
            connection = nil
        }
        StoreRegistry.shared.unregister(self)
    }

    /// True once `close()` succeeded.
    public var isClosed: Bool { databaseLock.withLock { connection == nil } }

    deinit {
        // A store dropped without close() still keeps its writes; one that cannot commit them
        // says so, as `close()` does (the writes are lost with the store: nothing holds them).
        guard connection != nil else { return }
        do {
            try flush()
        } catch {
            report(StateDiagnostic(kind: .flushFailed, key: nil, message: "the store was released without close() with writes it could not commit, and they are lost (\(error)). Call close(), or flush() and handle its error, before letting go of a store."))
        }
    }

    /// SQL statements run on this store's connection since it opened; reads of hydrated
    /// slots add none.
    public var sqlStatementCount: Int { databaseLock.withLock { connection?.statementsExecuted ?? 0 } }
}

/// A value on its way to the quarantine table.
struct QuarantineEntry: Sendable {
    let row: StoredRow
    let expectedType: String
    let error: String
}

/// Unix time in milliseconds.
func nowMilliseconds() -> Int64 {
    Int64((Date().timeIntervalSince1970 * 1000).rounded())
}
