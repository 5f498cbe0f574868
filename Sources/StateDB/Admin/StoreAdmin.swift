import CSQLite

/// Reads and repairs a store file from outside the app: the operations behind the `statedb`
/// command line tool.
///
/// ```swift
/// let admin = try StoreAdmin(path: "state.sqlite", access: .write)
/// defer { admin.close() }
/// try admin.set("ContentView/count", to: .number("5"))
/// ```
///
/// - **Reading** (`access: .read`) opens the file read-only: nothing is created or written,
///   not even a schema migration.
/// - **Writing** (`access: .write`) runs each operation in one transaction that first checks
///   everything and then, if it changes anything, advances the store's clock once and stamps
///   every row it writes with that tick. Deletions stamp tombstones with that tick too. A running
///   app picks the change up on its next `ViewHost.update()` (`StateStore.refreshFromDisk()`).
///   A refused operation rolls back and leaves the file as it was.
///
/// Neither mode migrates the store's schema: a store that is behind is refused with
/// `.migrationRequired`.
@_spi(Admin) public final class StoreAdmin {
    public enum Access: Sendable { case read, write }

    public let path: String
    public let access: Access
    let store: StateStore

    /// Opens an existing store.
    ///
    /// - Parameter toleratingDamage: with `.read`, open a store whose schema objects or clock
    ///   are damaged, or whose rows cannot all be read, for `check` to report what is wrong.
    /// - Throws: `StateStoreError` when the file is missing (`.missing`; nothing is created),
    ///   is not a store of ours or is damaged, has a newer or older schema, or, for `.write`,
    ///   cannot be written (`.readOnly`).
    public init(path: String, access: Access, toleratingDamage: Bool = false) throws {
        var options = StateStore.Options()
        options.createIfMissing = false
        options.migrateSchema = false
        options.readOnly = access == .read
        options.toleratesDamage = toleratingDamage
        options.loadsRows = false  // every operation reads the rows it needs through SQL
        self.path = path
        self.access = access
        store = try StateStore(path: path, options: options)
        if access == .write {
            // SQLite opens a file it may not write read-only without saying so; find out now
            // rather than in the middle of an operation.
            let readOnly = try store.withConnection("opening the store") { sqlite3_db_readonly($0.handle, "main") == 1 }
            if readOnly {
                store.close()
                throw StateStoreError(.readOnly, path: path, "the file is read-only (check its permissions and its folder's); nothing was written.")
            }
        }
    }

    /// Closes the file.
    public func close() { store.close() }

    /// The store's schema version.
    public var schemaVersion: Int {
        get throws { try read("reading the schema version") { Int(try $0.pragmaInteger(.userVersion)) } }
    }

    // MARK: - Reading slots

    /// Every slot, sorted by key; only those under `prefix` when given.
    /// - Throws: `AdminError(.notFound)` naming the closest keys when a prefix matches nothing.
    public func slots(under prefix: KeyPrefix? = nil) throws -> [AdminSlot] {
        var slots: [AdminSlot] = []
        try forEachSlot(under: prefix) { slots.append($0) }
        return slots
    }

    /// Hands every slot to `body`, sorted by key, one at a time (a million slots are never all
    /// in memory); only those under `prefix` when given, read by a range scan of the key index.
    /// Returns how many there were.
    /// - Throws: `AdminError(.notFound)` naming the closest keys when a prefix matches nothing
    ///   (before `body` saw anything), or what `body` throws.
    @discardableResult
    public func forEachSlot(under prefix: KeyPrefix? = nil, _ body: (AdminSlot) throws -> Void) throws -> Int {
        try read("reading the slots") { connection in
            var count = 0
            var texts = RepeatedTexts()
            guard let prefix else {
                let statement = try connection.prepare(StoredRow.selectSQL + " ORDER BY key")
                while try statement.step() {
                    try body(AdminSlot(StoredRow(statement, texts: &texts)))
                    count += 1
                }
                return count
            }
            try forEachRow(under: prefix, connection) { row in
                try body(AdminSlot(row))
                count += 1
            }
            if count == 0 { throw try notFound(prefix.text, connection, prefix: true) }
            return count
        }
    }

    /// Hands each row under `prefix` to `body`, sorted by key, read by a range scan of the key
    /// index: keys that start with the prefix's bytes sort together, from the prefix on.
    func forEachRow(under prefix: KeyPrefix, _ connection: SQLiteConnection, _ body: (StoredRow) throws -> Void) throws {
        var texts = RepeatedTexts()
        let statement = try connection.prepare(StoredRow.selectSQL + " WHERE key >= ?1 ORDER BY key")
        statement.bind(prefix.text, at: 1)
        let start = Array(prefix.text.utf8)
        while try statement.step() {
            let row = StoredRow(statement, texts: &texts)
            guard row.key.utf8.starts(with: start) else { break }
            guard prefix.matches(row.key) else { continue }
            try body(row)
        }
    }

    /// The number of slots, for progress and count lines.
    public func slotCount() throws -> Int {
        try read("counting the slots") { connection in
            let statement = try connection.prepare("SELECT count(*) FROM slots")
            return try statement.step() ? Int(statement.int64(at: 0)) : 0
        }
    }

    /// The slot at `key`.
    /// - Throws: `AdminError(.notFound)` naming the closest keys.
    public func slot(_ key: String) throws -> AdminSlot {
        try read("reading \(key)") { connection in
            guard let row = try loadRow(key, connection) else { throw try notFound(key, connection) }
            return AdminSlot(row)
        }
    }

    /// "no slot K; closest: …" for a key or prefix that matched nothing.
    /// The closest keys come from the key's neighbourhood in the index (see `neighbourhood`).
    func notFound(_ key: String, _ connection: SQLiteConnection, prefix: Bool = false) throws -> AdminError {
        let keys = try neighbourhood(of: key, connection)
        let what = prefix ? "no slot matches the prefix" : "no slot"
        return AdminError(.notFound, path: path, "\(what) \(JSONValue.quoted(key))\(KeySuggestions.hint(for: key, among: keys)).")
    }

    // MARK: - Transactions

    /// Runs `body` in a read transaction, so everything it reads is one snapshot.
    func read<T>(_ what: String, _ body: (SQLiteConnection) throws -> T) throws -> T {
        try store.withConnection(what) { connection in
            try asCommand(what) { try connection.transaction(immediate: false) { try body(connection) } }
        }
    }

    /// Runs `body` in a write transaction; see `WriteContext`.
    func write<T>(_ what: String, _ body: (WriteContext) throws -> T) throws -> T {
        guard access == .write else {
            throw StateStoreError(.readOnly, path: path, "opened for reading only; nothing was written.")
        }
        return try store.withConnection(what) { connection in
            try asCommand(what) {
                try connection.transaction {
                    try body(WriteContext(store: store, connection: connection))
                }
            }
        }
    }

    /// SQLite failures as errors whose advice fits a command that wrote nothing (not an app,
    /// whose failed flush keeps its writes in memory).
    private func asCommand<T>(_ what: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError {
            throw StateStoreError(error, path: path, doing: what, retry: .command)
        }
    }

    // MARK: - Rows

    func loadRows(_ connection: SQLiteConnection) throws -> [StoredRow] {
        let statement = try connection.prepare(StoredRow.selectSQL + " ORDER BY key")
        var rows: [StoredRow] = []
        while try statement.step() { rows.append(StoredRow(statement)) }
        return rows
    }

    func loadRow(_ key: String, _ connection: SQLiteConnection) throws -> StoredRow? {
        let statement = try connection.prepare(StoredRow.selectSQL + " WHERE key = ?1")
        statement.bind(key, at: 1)
        return try statement.step() ? StoredRow(statement) : nil
    }

    func loadKeys(_ connection: SQLiteConnection) throws -> [String] {
        let statement = try connection.prepare("SELECT key FROM slots ORDER BY key")
        var keys: [String] = []
        while try statement.step() { keys.append(statement.string(at: 0)) }
        return keys
    }
}

/// One write transaction of `StoreAdmin`. The clock advances once, at the first write, so an
/// operation that turns out to change nothing leaves no trace.
final class WriteContext {
    let store: StateStore
    let connection: SQLiteConnection
    let now = nowMilliseconds()
    private var tick: Int64?

    init(store: StateStore, connection: SQLiteConnection) {
        self.store = store
        self.connection = connection
    }

    /// The tick every row written in this transaction is stamped with. Must be taken before
    /// deleting, so the tombstones carry it too.
    func stamp() throws -> Int64 {
        if let tick { return tick }
        let next = try StoreClock.advance(on: connection)
        tick = next
        return next
    }

    /// Writes a whole row (insert or replace), stamped with this transaction's tick.
    /// `encoding` overrides the value's own (to copy a row as it is); `updatedAt` defaults
    /// to now. An existing row keeps its `created_at` and `seen_at`.
    func upsert(key: String, type: String, value: StoredValue, encoding: String? = nil,
                createdAt: Int64, updatedAt: Int64? = nil, seenAt: Int64) throws {
        try SlotRows.write(key, type: type, value: value, encoding: encoding, createdAt: createdAt,
                           updatedAt: updatedAt ?? now, seenAt: seenAt, tick: try stamp(), on: connection)
    }

    /// Deletes a row, leaving a tombstone stamped with this transaction's tick.
    func delete(key: String) throws {
        try SlotRows.delete(key, tick: try stamp(), on: connection)
    }
}

/// A slot row with its metadata, as the CLI shows it.
@_spi(Admin) public struct AdminSlot: Sendable {
    public let key: String
    public let identity: String
    public let property: String
    /// The `type` column: `String(reflecting:)` of the Swift type.
    public let type: String
    /// How the value column holds the value: null, bool, integer, real, text, blob or json.
    public let encoding: String
    /// The value as JSON (bytes as `{"$base64": "…"}`); nil when it cannot be read.
    public let value: JSONValue?
    /// Why `value` is nil.
    public let problem: String?
    /// Unix time in milliseconds.
    public let createdAt: Int64
    /// Last change of the value (Unix ms).
    public let updatedAt: Int64
    /// Last time a running app mounted or bound the slot (Unix ms).
    public let seenAt: Int64
    /// The store clock's tick of the last write.
    public let version: Int64

    /// The declared type, as far as the CLI understands it.
    public var slotType: SlotType { SlotType(storedName: type) }

    init(_ row: StoredRow) {
        key = row.key
        identity = row.identity
        property = row.property
        type = row.type
        encoding = row.encoding
        createdAt = row.createdAt
        updatedAt = row.updatedAt
        seenAt = row.seenAt
        version = row.version
        switch row.value {
        case .success(let stored):
            do {
                value = try stored.jsonValue()
                problem = nil
            } catch {
                value = nil
                problem = "the json value does not parse (\(error))"
            }
        case .failure(let error):
            value = nil
            problem = error.message
        }
    }
}
