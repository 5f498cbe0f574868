/// State migrations on PostgreSQL: `AppMigrator` runs the app's `StateMigration`s through
/// these, in one transaction with one clock tick, as on SQLite. Statements run on the store's
/// connection as they are (no reconnecting inside a transaction); the caller maps errors.
extension PostgresStoreDatabase: MigrationDatabase {
    func appliedMigrations() throws -> [AppMigrationRecord] {
        let result = try connection.execute("SELECT name, position, applied_at FROM app_migrations ORDER BY applied_at, position")
        return (0..<result.rowCount).map {
            AppMigrationRecord(name: result.string($0, 0) ?? "", position: result.int64($0, 1) ?? 0, appliedAt: result.int64($0, 2) ?? 0)
        }
    }

    /// Notifies listeners at commit, so running apps pick the migrated rows up at once.
    func migrationTransaction(_ body: (Int64) throws -> Void) throws {
        try connection.transaction {
            let tick = try advanceClock()
            try body(tick)
            try notify(tick)
        }
    }

    func recordMigration(_ record: AppMigrationRecord) throws {
        try connection.execute("INSERT INTO app_migrations (name, position, applied_at) VALUES ($1, $2, $3)",
                               [.text(record.name), .integer(record.position), .integer(record.appliedAt)])
    }

    /// In byte order, as SQLite sorts (`COLLATE "C"`).
    func slotKeys() throws -> [String] {
        let result = try connection.execute(#"SELECT key FROM slots ORDER BY key COLLATE "C""#)
        // A key that is not UTF-8 (a hand edit in a SQL_ASCII or single-byte database) names
        // no slot a migration could mean, and read with U+FFFD it would name another: such
        // rows are left as they are (`statedb check` lists them).
        return (0..<result.rowCount).compactMap { result.isValidUTF8($0, 0) ? result.string($0, 0) ?? "" : nil }
    }

    func slotRow(_ key: String) throws -> StoredRow? {
        let result = try connection.execute("""
            SELECT key, type, encoding, value, blob, created_at, updated_at, seen_at, version FROM slots WHERE key = $1
            """, [.text(key)])
        return result.rowCount == 1 ? StoredRow(result, row: 0) : nil
    }

    func writeSlot(_ key: String, type: String, value: StoredValue, now: Int64, tick: Int64) throws {
        try connection.upsertSlot(key: key, type: type, value: value, encoding: value.encoding,
                                  createdAt: now, updatedAt: now, seenAt: now, version: tick)
    }

    /// The tombstone first, at this tick: the delete trigger then leaves the clock alone.
    func deleteSlot(_ key: String, tick: Int64) throws {
        try connection.execute("""
            INSERT INTO slot_tombstones (key, version) VALUES ($1, $2)
            ON CONFLICT (key) DO UPDATE SET version = EXCLUDED.version
            """, [.text(key), .integer(tick)])
        try connection.execute("DELETE FROM slots WHERE key = $1", [.text(key)])
    }

    func quarantineSlot(_ key: String, expectedType: String, error: String, now: Int64) throws {
        try connection.execute("""
            INSERT INTO quarantine (key, identity, property, stored_type, expected_type, encoding, value, blob, error, quarantined_at)
            SELECT key, identity, property, type, $2, encoding, value, blob, $3, $4 FROM slots WHERE key = $1
            """, [.text(key), .text(expectedType), .text(error), .integer(now)])
    }

    func moveSlot(_ key: String, to newKey: String, tick: Int64) throws {
        let target = SlotKey(newKey)
        try connection.execute("UPDATE slots SET key = $2, identity = $3, property = $4, version = $5 WHERE key = $1",
                               [.text(key), .text(newKey), .text(target.identity), .text(target.property), .integer(tick)])
        try connection.execute("""
            INSERT INTO slot_tombstones (key, version) VALUES ($1, $2)
            ON CONFLICT (key) DO UPDATE SET version = EXCLUDED.version
            """, [.text(key), .integer(tick)])
    }

    func quarantinedValues(storedType: String) throws -> [MigrationQuarantineEntry] {
        let result = try connection.execute("SELECT id, key, encoding, value, blob, quarantined_at FROM quarantine WHERE stored_type = $1 ORDER BY id",
                                            [.text(storedType)])
        return (0..<result.rowCount).compactMap { row in
            guard result.isValidUTF8(row, 1) else { return nil }  // as in `slotKeys`
            return MigrationQuarantineEntry(id: result.int64(row, 0) ?? 0, key: result.string(row, 1) ?? "",
                                    value: try? StoredValue.read(from: result, row: row, valueColumn: 3, blobColumn: 4, encoding: result.string(row, 2) ?? ""),
                                    quarantinedAt: result.int64(row, 5) ?? 0)
        }
    }

    func releaseQuarantined(_ id: Int64) throws {
        try connection.execute("DELETE FROM quarantine WHERE id = $1", [.integer(id)])
    }
}
