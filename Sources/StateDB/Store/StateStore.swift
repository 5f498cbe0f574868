import Foundation

/// A file (or a PostgreSQL database, `init(url:options:)`) of persisted state slots: the
/// single source of truth behind every `@State`, `@NonState` and slot `Binding`.
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
/// and its database connection by another, so a flush never blocks readers for longer than it
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
        /// How long a writer waits for another process's transaction, in milliseconds. On
        /// PostgreSQL, the session's `lock_timeout` (see docs/postgresql.md).
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
        /// A file with at least this many rows (its largest rowid) is loaded on two
        /// connections at once, half each (`LoadAlongside`). Below it, opening a second
        /// connection and a thread costs more than it saves. Internal, so tests can reach the
        /// parallel load with small files, and turn it off.
        var rowsLoadedAlongsideFrom = 8_192
        /// Told each state migration the open applied, with the number of slots it changed.
        var stateMigrationApplied: StateMigration.Applied?

        public init() {}
    }

    /// The file, `:memory:`, or for a store on PostgreSQL its URL with any password hidden.
    public let path: String
    let options: Options

    /// Guards everything below that is marked "(lock)". The fields every slot write touches
    /// skip the runtime exclusivity check, which the lock makes redundant: with the cells'
    /// own, 5.8% of the write bench (see `SlotCell`).
    let lock = NSLock()
    /// Serialises use of `database` (commits, polls); taken before `lock` when both are held.
    let databaseLock = NSLock()

    /// (databaseLock) The backend (`StoreDatabase`); nil once closed.
    var database: (any StoreDatabase)?
    /// (lock) Every key this process knows: the cell of a slot in use, or the row loaded from
    /// the file that nothing has asked for yet.
    @exclusivity(unchecked) var slots = SlotIndex()
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
    /// (databaseLock) No server takes the store's writes since a failed flush or poll (see
    /// `StateStore+Outage.swift`).
    var inOutage = false
    /// (databaseLock) Ticks this process committed after `seenTick` while others committed too.
    var ownTicks: Set<Int64> = []
    /// (databaseLock) Slots whose value could not be encoded at their last write, reported
    /// once until they encode again (a path holding a value that is not `Codable` changes at
    /// every push).
    var unencodableKeys: Set<String> = []
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

    /// Opens a store on the database `open` makes (a backend's initialiser, which refuses what
    /// is not ours and migrates), then loads its rows. `location` is the store's `path`.
    init(location: String, options: Options, loadsRows: Bool = true, registers: Bool = true,
         opening open: (_ report: @escaping (StateDiagnostic) -> Void) throws -> any StoreDatabase) throws {
        path = location
        self.options = options
        database = try open { [unowned self] in self.report($0) }
        if loadsRows { try loadAllRows() }
        if registers { StoreRegistry.shared.register(self) }
    }

    /// Loads every row into memory, so reads never touch the database; or, for a store of more
    /// than `Options.rowsLoadedAtOpen` rows, none (they are read as slots mount).
    private func loadAllRows() throws {
        try withDatabase { database in
            let (rows, tick) = try database.loadAllRows(atMost: options.rowsLoadedAtOpen)
            seenTick = tick
            guard let rows else {
                rowsOnDemand = true
                return
            }
            var entries = SlotIndex()
            switch rows {
            case .loaded(let loaded):
                entries.insert(loaded)
            case .rows(let rows):
                entries.reserveCapacity(rows.count)  // no rehashing as it fills
                for row in rows { entries[SlotIndexKey(row.key)] = .dormant(DormantRow(row)) }
            }
            lock.withLock { slots = entries }
        }
    }

    /// Runs `body` with the database under `databaseLock`; throws `.closed` once closed.
    func withDatabase<T>(_ body: (any StoreDatabase) throws -> T) throws -> T {
        try databaseLock.withLock {
            guard let database else {
                throw StateStoreError(.closed, path: path, "the store is closed; open it again.")
            }
            return try body(database)
        }
    }

    // MARK: - Closing

    /// Commits pending writes, then closes the file. A failed final commit is reported through
    /// `diagnosticHandler` and the store stays open, so nothing is lost; call `flush()` first
    /// to handle that error yourself.
    public func close() {
        do {
            try flush(compactingLoadedRows: false)
        } catch {
            report(StateDiagnostic(kind: .flushFailed, key: nil, message: "close() could not commit: \(error); the store stays open"))
            return
        }
        databaseLock.withLock {
            database?.close()
            database = nil
        }
        StoreRegistry.shared.unregister(self)
    }

    /// True once `close()` succeeded.
    public var isClosed: Bool { databaseLock.withLock { database == nil } }

    deinit {
        // A store dropped without close() still keeps its writes; one that cannot commit them
        // says so, as `close()` does (the writes are lost with the store: nothing holds them).
        guard database != nil else { return }
        do {
            try flush(compactingLoadedRows: false)
        } catch {
            report(StateDiagnostic(kind: .flushFailed, key: nil, message: "the store was released with writes it could not commit, and they are lost (\(error)). A store holds writes it could not commit only while it lives: keep it until flush() or close() succeeds, trying again once the cause is gone (the lock released, disk space freed)."))
        }
    }

    /// SQL statements run on this store's connection since it opened; reads of hydrated
    /// slots add none.
    public var sqlStatementCount: Int { databaseLock.withLock { database?.statementsExecuted ?? 0 } }
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

/// Unix time in milliseconds as the kernel last ticked it (`CLOCK_REALTIME_COARSE`: a few
/// milliseconds behind at most, read from memory the kernel shares, without the clock
/// reading and conversions of `Date()`). For decisions counted in minutes made once per slot
/// mounted (whether a row's `seen_at` is due), where `nowMilliseconds()` was ~1% of the time
/// of mounting a large tree; stored times come from `nowMilliseconds()`.
func coarseNowMilliseconds() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME_COARSE, &time)
    return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
}
