/// Reads and repairs a store from outside the app: the operations behind the `statedb`
/// command line tool, on a store file or a store on PostgreSQL (a `postgresql://` or
/// `postgres://` URL). Each operation is written once, on `AdminDatabase`.
///
/// ```swift
/// let admin = try StoreAdmin(path: "state.sqlite", access: .write)
/// defer { admin.close() }
/// try admin.set("ContentView/count", to: .number("5"))
/// ```
///
/// - **Reading** (`access: .read`) opens the store read-only: nothing is created or written,
///   not even a schema migration.
/// - **Writing** (`access: .write`) runs each operation in one transaction that first checks
///   everything and then, if it changes anything, advances the store's clock once and stamps
///   every row it writes with that tick. Deletions stamp tombstones with that tick too. A running
///   app picks the change up on its next `ViewHost.update()` (on PostgreSQL the commit also
///   notifies it). A refused operation rolls back and leaves the store as it was.
///
/// Neither mode migrates the store's schema: a store that is behind is refused with
/// `.migrationRequired`.
@_spi(Admin) public final class StoreAdmin {
    public enum Access: Sendable { case read, write }

    /// The store file's path, or the URL with any password hidden: what messages name.
    public let path: String
    public let access: Access
    let database: any AdminDatabase

    /// Opens an existing store: a `postgresql://` or `postgres://` URL opens the store in that
    /// PostgreSQL database; anything else is a file path.
    ///
    /// - Parameter toleratingDamage: with `.read`, open a store whose schema objects or clock
    ///   are damaged, whose rows cannot all be read, or (a SQLite file) whose applied schema
    ///   migrations were edited, for `check` to report what is wrong.
    /// - Throws: `StateStoreError` when the store is missing (`.missing`; nothing is created),
    ///   is not a store of ours or is damaged, has a newer or older schema, or, for `.write`,
    ///   cannot be written (`.readOnly`).
    public init(path: String, access: Access, toleratingDamage: Bool = false) throws {
        if StoreAdmin.isURL(path) {
            database = try PostgresAdminDatabase(url: path, access: access, toleratingDamage: toleratingDamage)
        } else {
            database = try SQLiteAdminDatabase(path: path, access: access, toleratingDamage: toleratingDamage)
        }
        self.path = database.location
        self.access = access
    }

    /// Whether `store` names a store on PostgreSQL rather than a file.
    public static func isURL(_ store: String) -> Bool { PostgresURL.isPostgresURL(store) }

    /// `store` as messages may show it: a URL's password hidden, a path as it is.
    public static func displayName(_ store: String) -> String {
        isURL(store) ? PostgresURL.redacted(store) : store
    }

    /// Closes the store.
    public func close() { database.close() }

    /// Closes without touching the store file's `-wal` and `-shm`: a `-wal` another process
    /// (or a crash) left is neither copied into the file nor removed, so a refused command
    /// leaves the store's files byte for byte as they were. The CLI's close after an error. (On
    /// PostgreSQL, `close()`: a server's files are its own.)
    @_spi(Admin) public func closeLeavingSideFiles() {
        guard let sqlite else { return close() }
        sqlite.closeLeavingSideFiles()
    }

    /// The store file's database, for what only SQLite has; nil on PostgreSQL.
    var sqlite: SQLiteAdminDatabase? { database as? SQLiteAdminDatabase }

    /// The store's schema version (on PostgreSQL, the PostgreSQL dialect's).
    public var schemaVersion: Int {
        get throws { try database.schemaVersion }
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
    /// in memory); only those under `prefix` and matching `pattern` when given. Returns how
    /// many `body` was handed.
    ///
    /// Read by a range scan of the key index where the key's start is known: from `prefix`, or
    /// else from the pattern's part before its first `*` (`Settings/*` reads only the keys
    /// under `Settings`; `*/isOn` reads them all).
    /// - Throws: `AdminError(.notFound)` naming the closest keys when a prefix matches nothing
    ///   (before `body` saw anything), or what `body` throws.
    @discardableResult
    public func forEachSlot(under prefix: KeyPrefix? = nil, matching pattern: KeyPattern? = nil,
                            _ body: (AdminSlot) throws -> Void) throws -> Int {
        try read("reading the slots") { rows in
            var count = 0
            func hand(_ row: StoredRow) throws {
                guard pattern?.matches(row.key) ?? true else { return }
                try body(AdminSlot(row))
                count += 1
            }
            guard let prefix else {
                let head = pattern?.literalHead ?? ""
                let start = Array(head.utf8)
                try rows.forEachRow(from: head.isEmpty ? nil : head) { row in
                    guard row.key.utf8.starts(with: start) else { return false }
                    try hand(row)
                    return true
                }
                return count
            }
            var underPrefix = 0
            try forEachRow(under: prefix, rows) { row in
                underPrefix += 1
                try hand(row)
            }
            if underPrefix == 0 { throw try notFound(prefix.text, rows, prefix: true) }
            return count
        }
    }

    /// Hands each row under `prefix` to `body`, sorted by key, read by a range scan of the key
    /// index: keys that start with the prefix's bytes sort together, from the prefix on.
    func forEachRow(under prefix: KeyPrefix, _ rows: any AdminRows, _ body: (StoredRow) throws -> Void) throws {
        let start = Array(prefix.text.utf8)
        try rows.forEachRow(from: prefix.text) { row in
            guard row.key.utf8.starts(with: start) else { return false }
            if prefix.matches(row.key) { try body(row) }
            return true
        }
    }

    /// The number of slots, for progress and count lines.
    public func slotCount() throws -> Int {
        try read("counting the slots") { try $0.rowCount() }
    }

    /// The slot at `key`.
    /// - Throws: `AdminError(.notFound)` naming the closest keys.
    public func slot(_ key: String) throws -> AdminSlot {
        try read("reading \(key)") { rows in
            guard let row = try rows.row(key) else { throw try notFound(key, rows) }
            return AdminSlot(row)
        }
    }

    /// "no slot K; closest: …" for a key or prefix that matched nothing.
    /// The closest keys come from the key's neighbourhood in the index (see `neighbourhood`).
    func notFound(_ key: String, _ rows: any AdminRows, prefix: Bool = false) throws -> AdminError {
        let keys = try neighbourhood(of: key, rows)
        let what = prefix ? "no slot matches the prefix" : "no slot"
        return AdminError(.notFound, path: path, "\(what) \(JSONValue.quoted(key))\(KeySuggestions.hint(for: key, among: keys)).")
    }

    // MARK: - Transactions

    /// Runs `body` in a read transaction, so everything it reads is one snapshot.
    func read<T>(_ what: String, _ body: (any AdminRows) throws -> T) throws -> T {
        try database.read(what, body)
    }

    /// Runs `body` in a write transaction; see `AdminTransaction`.
    func write<T>(_ what: String, _ body: (any AdminTransaction) throws -> T) throws -> T {
        guard access == .write else {
            throw StateStoreError(.readOnly, path: path, "opened for reading only; nothing was written.")
        }
        return try database.write(what, body)
    }

    /// Every row, sorted by key, for the operations that plan over the whole store.
    func loadRows(_ rows: any AdminRows) throws -> [StoredRow] {
        var all: [StoredRow] = []
        try rows.forEachRow(from: nil) { all.append($0); return true }
        return all
    }
}

/// A slot row with its metadata, as the CLI shows it.
@_spi(Admin) public struct AdminSlot: Sendable {
    public let key: String
    /// Split from the key when asked for (export never asks: splitting every key was a tenth
    /// of its time).
    public var identity: String { SlotKey(key).identity }
    public var property: String { SlotKey(key).property }
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

    /// Why the value cannot be used as its type says, or nil: it cannot be read, or it does
    /// not fit its standard type (a hand edit: `"yes"` in a `Swift.Bool`), which `set` and
    /// `import` would refuse. What `export` refuses a slot for (an export `import` would
    /// refuse), and `get` reports.
    public var valueProblem: String? {
        var types = SlotTypeCache()
        return valueProblem(types: &types)
    }

    /// `valueProblem`, the type's name parsed through `types` (an export asks for every slot).
    func valueProblem(types: inout SlotTypeCache) -> String? {
        guard let value else { return problem ?? "unreadable" }
        let slotType = types.type(type)
        guard slotType.isStandard else { return nil }
        do throws(TypeCheckFailure) {
            try slotType.check(value, reference: nil)  // import's check (its `storedValue` fails only where this does)
            return nil
        } catch {
            return "the stored value does not fit \(type): \(error)"
        }
    }

    init(_ row: StoredRow) {
        key = row.key
        type = row.type
        encoding = row.encoding
        createdAt = row.createdAt
        updatedAt = row.updatedAt
        seenAt = row.seenAt
        version = row.version
        switch row.value {
        case .success(let stored):
            do {
                value = try stored.jsonValue(type: row.type)
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
