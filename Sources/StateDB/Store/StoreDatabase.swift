/// The storage seam: what `StateStore` needs from the database under it. Everything above it
/// — the cells, reads from memory, the commit queue, conflict rules, subscribers — stays in
/// `StateStore`; each backend is one conformance in its own folder (`SQLite/`, `PostgreSQL/`),
/// as swift-sharing's keys are.
///
/// A conformance is opened (and refuses a foreign database, a newer schema or an edited
/// migration, leaving it untouched; applies pending schema migrations and the app's state
/// migrations) by its own initialiser, which `StateStore`'s initialisers call. From then on the
/// store talks to it through these calls only.
///
/// The hot path is one call per batch: `commit(_:)` takes a whole flush, already encoded, so
/// what an existential call costs is paid once per transaction, not once per row.
///
/// Errors are `StateStoreError`s that say what failed and what to do. A commit that throws has
/// written nothing (or, when its connection broke during COMMIT, may have: the same batch is
/// then committed again, which writes the same values) and may be run again.
///
/// Not thread-safe: the store serialises every call under `StateStore.databaseLock`.
protocol StoreDatabase: AnyObject {
    /// Every row with the tick they are complete up to (the store's first `seenTick`), read in
    /// one snapshot; `rows` is nil when the store holds more than `limit` rows (the store then
    /// reads rows on demand, `StateStore+RowsOnDemand.swift`).
    func loadAllRows(atMost limit: Int) throws -> (rows: LoadedStoreRows?, tick: Int64)

    /// Rows and deletions committed after `tick` (`version > tick`) by anyone, and the tick
    /// now; nil when nobody can have committed since the last poll (SQLite's
    /// `PRAGMA data_version`, PostgreSQL's notifications), which keeps an idle poll cheap.
    /// `deletions` holds no key that is in `rows`.
    func pollChanges(since tick: Int64) throws -> StoreChanges?

    /// The row at `key`, nil when there is none (rows on demand).
    func row(at key: String) throws -> StoredRow?

    /// Calls `body` with the key and type of every row whose key is at least `low` and below
    /// `high`, in key order, until it returns false (rows on demand: adoption's unused rows
    /// under a root).
    func forEachRow(from low: String, below high: String, _ body: (_ key: String, _ type: String) -> Bool) throws

    /// Applies `commit` in one transaction with one clock tick (see `StoreCommit` for the order).
    func commit(_ commit: StoreCommit) throws -> StoreCommitResult

    /// Whether the app named `key` itself (`statedb_explicit_keys`).
    func isExplicitKey(_ key: String) throws -> Bool

    /// Whether the last call failed because no server would take it — a PostgreSQL server
    /// down or unreachable, or a standby during a failover — rather than because of what it
    /// asked. The store keeps its writes, reports the outage once (`.databaseUnavailable`), and
    /// tries again at the next flush, which reconnects. Always false for a SQLite file.
    var isUnavailable: Bool { get }

    /// Statements run since opening (`StateStore.sqlStatementCount`).
    var statementsExecuted: Int { get }

    func close()
}

/// The rows a store loads at open: kept as the bytes SQLite handed out (`LoadedRows`), or
/// each as a `StoredRow` (a server's, read from text columns).
enum LoadedStoreRows {
    case loaded(LoadedRows)
    case rows([StoredRow])
}
