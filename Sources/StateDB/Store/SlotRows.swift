/// Row operations every writer of the `slots` table shares, so the clock and tombstones stay
/// consistent whoever writes: the app's commits, migrations, the CLI.
enum SlotRows {
    /// Deletes a slot's row inside a write transaction whose clock tick is `tick`. The
    /// tombstone is stamped first, so the delete trigger does not advance the clock again.
    static func delete(_ key: String, tick: Int64, on connection: SQLiteConnection) throws {
        let tombstone = try connection.cached("INSERT OR REPLACE INTO slot_tombstones (key, version) VALUES (?1, ?2)")
        tombstone.bind(key, at: 1)
        tombstone.bind(tick, at: 2)
        try tombstone.run()
        let delete = try connection.cached("DELETE FROM slots WHERE key = ?1")
        delete.bind(key, at: 1)
        try delete.run()
    }

    /// Writes a whole row inside a write transaction whose clock tick is `tick`. An existing
    /// row keeps its `created_at` and `seen_at`; `encoding` overrides the value's own (to copy
    /// a row exactly as it was). Used by migrations and the CLI; commits have their own
    /// statements (`updateValue`, `insertValue`, `upsertValues`), which also stamp `seen_at`.
    static func write(_ key: String, type: String, value: StoredValue, encoding: String? = nil,
                      createdAt: Int64, updatedAt: Int64, seenAt: Int64, tick: Int64,
                      on connection: SQLiteConnection) throws {
        let slotKey = SlotKey(key)
        let statement = try connection.cached("""
            INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at, version)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
            ON CONFLICT (key) DO UPDATE SET identity = excluded.identity, property = excluded.property,
                type = excluded.type, encoding = excluded.encoding, value = excluded.value,
                updated_at = excluded.updated_at, version = excluded.version
            """)
        statement.bind(key, at: 1)
        statement.bind(slotKey.identity, at: 2)
        statement.bind(slotKey.property, at: 3)
        statement.bind(type, at: 4)
        statement.bind(encoding ?? value.encoding, at: 5)
        value.bind(to: statement, at: 6)
        statement.bind(createdAt, at: 7)
        statement.bind(updatedAt, at: 8)
        statement.bind(seenAt, at: 9)
        statement.bind(tick, at: 10)
        try statement.run()
    }

    /// Records that the app named `key` itself (`binding(for:)`), so its row is never carried
    /// over to a view's slot.
    static func markExplicit(_ key: String, on connection: SQLiteConnection) throws {
        let statement = try connection.cached("INSERT OR IGNORE INTO statedb_explicit_keys (key) VALUES (?1)")
        statement.bind(key, at: 1)
        try statement.run()
    }

    /// Renames the row `oldKey` to `newKey` (a value carried over to a moved view's slot), as a
    /// write of the commit's `tick`; the old key gets a tombstone, so other processes see it go.
    /// Returns false, changing nothing, when there is no such row or `newKey` has one.
    static func rename(_ oldKey: String, to newKey: SlotKey, key: String, now: Int64, tick: Int64,
                       on connection: SQLiteConnection) throws -> Bool {
        let rename = try connection.cached("""
            UPDATE OR IGNORE slots SET key = ?2, identity = ?3, property = ?4, seen_at = ?5, version = ?6
            WHERE key = ?1
            """)
        rename.bind(oldKey, at: 1)
        rename.bind(key, at: 2)
        rename.bind(newKey.identity, at: 3)
        rename.bind(newKey.property, at: 4)
        rename.bind(now, at: 5)
        rename.bind(tick, at: 6)
        try rename.run()
        guard connection.changes == 1 else { return false }
        let tombstone = try connection.cached("INSERT OR REPLACE INTO slot_tombstones (key, version) VALUES (?1, ?2)")
        tombstone.bind(oldKey, at: 1)
        tombstone.bind(tick, at: 2)
        try tombstone.run()
        return true
    }

    /// Records that a value stored under `adoption.fromKey` now lives under `adoption.key`.
    static func recordAdoption(_ adoption: StoreCommit.Rename, now: Int64, on connection: SQLiteConnection) throws {
        let statement = try connection.cached("INSERT INTO statedb_adoptions (key, from_key, type, adopted_at) VALUES (?1, ?2, ?3, ?4)")
        statement.bind(adoption.key, at: 1)
        statement.bind(adoption.fromKey, at: 2)
        statement.bind(adoption.type, at: 3)
        statement.bind(now, at: 4)
        try statement.run()
    }

    /// A commit's new value for a row that exists: value, type, encoding, `updated_at` and
    /// `seen_at` (both `now`) and the tick. Returns false when there was no such row.
    ///
    /// The texts are lent to SQLite for the step instead of copied (see
    /// `SQLiteStatement.withText`).
    static func updateValue(of slotKey: SlotKey, type: String, value: StoredValue, now: Int64, tick: Int64,
                            on connection: SQLiteConnection) throws -> Bool {
        let statement = try connection.cached("""
            UPDATE slots SET type = ?2, encoding = ?3, value = ?4, updated_at = ?5, seen_at = ?5, version = ?6
            WHERE key = ?1
            """)
        statement.bind(now, at: 5)
        statement.bind(tick, at: 6)
        statement.bindStatic(value.staticEncoding, at: 3)
        try statement.withText(of: slotKey, at: 1) {
            try statement.withText(type, at: 2) {
                try value.withBound(to: statement, at: 4) { try statement.run() }
            }
        }
        return connection.changes == 1
    }

    /// A commit's value for a row that may not exist yet: inserted with `created_at`,
    /// `updated_at` and `seen_at` all `now`, or, when the row is there after all, updated as
    /// `updateValue` does; with `replacing: false` (a slot's initial value), left as it is.
    static func insertValue(of slotKey: SlotKey, type: String, value: StoredValue, now: Int64, tick: Int64,
                            replacing: Bool = true, on connection: SQLiteConnection) throws {
        let statement = try connection.cached(replacing ? """
            INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at, version)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7, ?7, ?8)
            ON CONFLICT (key) DO UPDATE SET type = excluded.type, encoding = excluded.encoding,
                value = excluded.value, updated_at = excluded.updated_at,
                seen_at = excluded.seen_at, version = excluded.version
            """ : """
            INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at, version)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7, ?7, ?8)
            ON CONFLICT (key) DO NOTHING
            """)
        statement.bind(slotKey.identity, at: 2)
        statement.bind(slotKey.property, at: 3)
        statement.bindStatic(value.staticEncoding, at: 5)
        statement.bind(now, at: 7)
        statement.bind(tick, at: 8)
        try statement.withText(of: slotKey, at: 1) {
            try statement.withText(type, at: 4) {
                try value.withBound(to: statement, at: 6) { try statement.run() }
            }
        }
    }
}
