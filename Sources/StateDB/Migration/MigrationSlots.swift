/// The store's slots as a migration sees them: read, write, rename and delete rows inside
/// the transaction that applies the migration. Nothing here is visible to the app until every
/// pending migration succeeded.
public final class MigrationSlots {
    let connection: SQLiteConnection
    let path: String
    /// The clock tick of the migration transaction; every row written is stamped with it.
    let tick: Int64
    let now = nowMilliseconds()

    init(connection: SQLiteConnection, path: String, tick: Int64) {
        self.connection = connection
        self.path = path
        self.tick = tick
    }

    /// Every key matching `pattern`, sorted.
    public func keys(matching pattern: KeyPattern) throws -> [String] {
        let statement = try connection.cached("SELECT key FROM slots ORDER BY key")
        defer { statement.reset() }
        var keys: [String] = []
        while try statement.step() {
            let key = statement.string(at: 0)
            if pattern.matches(key) { keys.append(key) }
        }
        return keys
    }

    /// The declared type of a slot (`Swift.Int`, `MyApp.Settings`), nil when there is no row.
    public func typeName(of key: String) throws -> String? {
        try row(key)?.type
    }

    /// The value of a slot as `T`; nil when there is no row.
    /// - Throws: `StateStoreError(.typeMismatch)` when the value does not decode as `T`.
    public func value<T: Codable>(_ type: T.Type, at key: String) throws -> T? {
        guard let row = try row(key) else { return nil }
        do {
            return try ValueCodec.decode(T.self, from: row.value.get())
        } catch {
            throw StateStoreError(.typeMismatch, path: path, "slot \(key) holds a \(row.type) that does not decode as \(ValueCodec.typeName(of: T.self)): \(error)")
        }
    }

    /// Writes a slot, creating it if needed, with `T` as its declared type.
    public func set<T: Codable>(_ value: T, at key: String) throws {
        try write(key: key, typeName: ValueCodec.typeName(of: T.self), value: ValueCodec.encode(value))
    }

    /// Deletes a slot (nothing when there is none).
    public func remove(_ key: String) throws {
        try SlotRows.delete(key, tick: tick, on: connection)
    }

    /// Moves a slot to another key.
    /// - Throws: `StateStoreError(.migrationFailed)` when `newKey` is taken.
    public func rename(_ key: String, to newKey: String) throws {
        guard key != newKey else { return }
        if try row(newKey) != nil {
            throw StateStoreError(.migrationFailed, path: path, "cannot move \(key) to \(newKey): that slot exists. Delete one of them first.")
        }
        let target = SlotKey(newKey)
        let update = try connection.cached("UPDATE slots SET key = ?2, identity = ?3, property = ?4, version = ?5 WHERE key = ?1")
        update.bind(key, at: 1)
        update.bind(newKey, at: 2)
        update.bind(target.identity, at: 3)
        update.bind(target.property, at: 4)
        update.bind(tick, at: 5)
        try update.run()
        // A running instance of the app must see the old key disappear.
        let tombstone = try connection.cached("INSERT OR REPLACE INTO slot_tombstones (key, version) VALUES (?1, ?2)")
        tombstone.bind(key, at: 1)
        tombstone.bind(tick, at: 2)
        try tombstone.run()
    }

    // MARK: - Building blocks of the predefined migrations

    func renameIdentity(from old: String, to new: String) throws {
        for key in try keys(matching: KeyPattern(old + "/*")) {
            let slotKey = SlotKey(key)
            guard slotKey.identity == old || slotKey.identity.hasPrefix(old + "/") else { continue }
            let identity = new + slotKey.identity.dropFirst(old.count)
            try rename(key, to: SlotKey(identity: identity, property: slotKey.property).key)
        }
    }

    func retype<A: Codable, B: Codable>(keys pattern: KeyPattern, _ transform: (A) throws -> B) throws {
        let oldType = ValueCodec.typeName(of: A.self)
        for key in try keys(matching: pattern) {
            guard let row = try row(key), row.type == oldType, let stored = try? row.value.get(),
                  let old = try? ValueCodec.decode(A.self, from: stored) else { continue }
            try set(try transform(old), at: key)
        }
        // Values set aside because the app's type changed before this migration existed.
        try recoverQuarantined(keys: pattern, storedType: oldType) { stored in
            guard let old = try? ValueCodec.decode(A.self, from: stored) else { return nil }
            return (ValueCodec.typeName(of: B.self), try ValueCodec.encode(try transform(old)))
        }
    }

    /// Moves quarantined values of `storedType` whose keys match back into their slots, as
    /// `convert` makes them (nil: leave the entry where it is).
    func recoverQuarantined(keys pattern: KeyPattern, storedType: String,
                            _ convert: (StoredValue) throws -> (typeName: String, value: StoredValue)?) throws {
        let quarantined = try connection.prepare(
            "SELECT id, key, encoding, value FROM quarantine WHERE stored_type = ?1 ORDER BY id")
        quarantined.bind(storedType, at: 1)
        var recovered: [(id: Int64, key: String, typeName: String, value: StoredValue)] = []
        while try quarantined.step() {
            let key = quarantined.string(at: 1)
            guard pattern.matches(key),
                  let stored = try? StoredValue.read(from: quarantined, at: 3, encoding: quarantined.string(at: 2)),
                  let converted = try convert(stored) else { continue }
            recovered.append((quarantined.int64(at: 0), key, converted.typeName, converted.value))
        }
        for entry in recovered {
            try write(key: entry.key, typeName: entry.typeName, value: entry.value)
            let release = try connection.cached("DELETE FROM quarantine WHERE id = ?1")
            release.bind(entry.id, at: 1)
            try release.run()
        }
    }

    // MARK: - Rows

    /// The stored value of a slot, nil when there is no row or it is unreadable.
    func storedValue(_ key: String) throws -> StoredValue? {
        try row(key).flatMap { try? $0.value.get() }
    }

    private func row(_ key: String) throws -> StoredRow? {
        let statement = try connection.cached(StoredRow.selectSQL + " WHERE key = ?1")
        defer { statement.reset() }
        statement.bind(key, at: 1)
        return try statement.step() ? StoredRow(statement) : nil
    }

    func write(key: String, typeName: String, value: StoredValue) throws {
        try SlotRows.write(key, type: typeName, value: value, createdAt: now, updatedAt: now, seenAt: now,
                           tick: tick, on: connection)
    }
}
