/// The database under `StoreAdmin`: what its commands read and write, in the shapes they
/// need, so that each command is written once. One conformance per backend —
/// `SQLiteAdminDatabase` (a store file) and `PostgresAdminDatabase` (a `postgresql://` URL).
///
/// Keys are ordered by their bytes (UTF-8) on both, as SQLite's key index orders them, so a
/// prefix is one range and listings come out in the same order from either backend.
protocol AdminDatabase: AnyObject {
    /// What messages name: the file's path, or the URL with any password hidden.
    var location: String { get }
    /// The store's schema version (in the backend's own dialect).
    var schemaVersion: Int { get throws }
    func close()
    /// Runs `body` in a read transaction, so everything it reads is one snapshot.
    func read<T>(_ what: String, _ body: (any AdminRows) throws -> T) throws -> T
    /// Runs `body` in a write transaction that commits when it returns and rolls back, having
    /// written nothing, when it throws.
    func write<T>(_ what: String, _ body: (any AdminTransaction) throws -> T) throws -> T
}

/// Reading inside one of `AdminDatabase`'s transactions.
protocol AdminRows: AnyObject {
    /// The row at `key`, compared by bytes.
    func row(_ key: String) throws -> StoredRow?
    /// The rows at `keys`, in their order (nil for a key with no row), compared by bytes, in
    /// as few statements as the backend can; the default is one `row` each
    /// (AdminTransaction+Batches.swift).
    func rows(_ keys: [String]) throws -> [StoredRow?]
    /// Hands the rows to `body` in key order, from the first key ≥ `start` (every row when
    /// nil), a bounded number in memory at a time, until `body` returns false.
    func forEachRow(from start: String?, _ body: (StoredRow) throws -> Bool) throws
    /// Up to `limit` keys ≥ `start`, in key order.
    func keys(from start: String, limit: Int) throws -> [String]
    /// Up to `limit` keys < `start`, nearest first.
    func keys(before start: String, limit: Int) throws -> [String]
    /// `keys(from:limit:)` and `keys(before:limit:)` for suggestions, which pass over a key
    /// that cannot be named (SQLite: bytes that are not UTF-8) where those refuse it.
    func nameableKeys(from start: String, limit: Int) throws -> [String]
    func nameableKeys(before start: String, limit: Int) throws -> [String]
    func rowCount() throws -> Int
    /// Every quarantined value, oldest first; only entry `id` (looked up by its key) when given.
    func quarantine(id: Int64?) throws -> [QuarantinedValue]
    /// The rows last seen before `cutoff` whose keys start with none of `excluded`, in key order.
    func rows(seenBefore cutoff: Int64, excludingPrefixes excluded: [String]) throws -> [StoredRow]
    /// Whether the app named `key` itself (`binding(for:)`).
    func isExplicitKey(_ key: String) throws -> Bool
    /// Hands `body` the key and type of every row seen since `cutoff` that the app did not name
    /// itself, in no particular order.
    func forEachKeyAndType(seenSince cutoff: Int64, _ body: (String, String) throws -> Void) throws
    /// The moves recorded in `statedb_adoptions`, newest first.
    func adoptions() throws -> [RecordedAdoption]
    /// The keys of every quarantined value with its id, oldest first; `nameable` is false for
    /// a key whose bytes are not UTF-8 (read with U+FFFD, it names another slot).
    func quarantineKeys() throws -> [(id: Int64, key: String, nameable: Bool)]
    /// Up to `each` quarantined ids below `id` and `each` above it, in order: two descents of
    /// the id index, however large the quarantine (what a miss names instead of every id).
    func quarantineIDs(around id: Int64, each: Int) throws -> [Int64]
    /// The rows from `start` on, in key order, with their value column exactly as stored (for
    /// `mv`'s copies), handed to `body` as they are read until it returns false.
    func forEachRawRow(from start: String, _ body: (RawRow) throws -> Bool) throws
}

/// Writing inside `AdminDatabase.write`. The clock advances once, at the first write, so an
/// operation that turns out to change nothing leaves no trace; every row written and every
/// tombstone carry that tick, so a running app sees the change at its next update.
protocol AdminTransaction: AdminRows {
    /// Unix time in milliseconds, for every timestamp the transaction writes.
    var now: Int64 { get }
    /// The tick every row written in this transaction is stamped with.
    func stamp() throws -> Int64
    /// Writes a whole row (insert or replace), stamped with this transaction's tick.
    /// `encoding` overrides the value's own (to copy a row as it is); `updatedAt` defaults
    /// to now. An existing row keeps its `created_at` and `seen_at`.
    func upsert(key: String, type: String, value: StoredValue, encoding: String?,
                createdAt: Int64, updatedAt: Int64?, seenAt: Int64) throws
    /// Deletes a row, leaving a tombstone stamped with this transaction's tick.
    func delete(key: String) throws
    /// `upsert` of every row in `rows` (keys distinct), in as few statements as the backend
    /// can; the default is one `upsert` each (AdminTransaction+Batches.swift).
    func upsert(_ rows: [AdminRowWrite]) throws
    /// `delete` of every key in `keys` (distinct), likewise.
    func delete(keys: [String]) throws
    /// Writes quarantined value `id` into its slot with its stored type, stamped now.
    func restoreQuarantined(id: Int64, key: String) throws
    func deleteQuarantined(id: Int64) throws
    /// Re-keys quarantined value `id` (its slot moved).
    func moveQuarantined(id: Int64, to key: String) throws
}

extension AdminTransaction {
    func upsert(key: String, type: String, value: StoredValue, createdAt: Int64, seenAt: Int64) throws {
        try upsert(key: key, type: type, value: value, encoding: nil, createdAt: createdAt, updatedAt: nil, seenAt: seenAt)
    }
}

extension AdminRows {
    /// Every key a backend that holds UTF-8 text only (PostgreSQL) holds can be named.
    func nameableKeys(from start: String, limit: Int) throws -> [String] { try keys(from: start, limit: limit) }
    func nameableKeys(before start: String, limit: Int) throws -> [String] { try keys(before: start, limit: limit) }
}
