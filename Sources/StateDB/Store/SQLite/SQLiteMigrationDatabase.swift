/// State migrations on a SQLite store file: `MigrationDatabase` over a connection (the
/// store's while it opens, or the CLI's `statedb migrate`).
final class SQLiteMigrationDatabase: MigrationDatabase {
    let connection: SQLiteConnection

    init(connection: SQLiteConnection) {
        self.connection = connection
    }

    func appliedMigrations() throws -> [AppMigrationRecord] {
        let statement = try connection.prepare("SELECT name, position, applied_at FROM app_migrations ORDER BY applied_at, position")
        var records: [AppMigrationRecord] = []
        while try statement.step() {
            records.append(AppMigrationRecord(name: statement.string(at: 0), position: statement.int64(at: 1), appliedAt: statement.int64(at: 2)))
        }
        return records
    }

    func migrationTransaction(_ body: (Int64) throws -> Void) throws {
        try connection.transaction {
            try body(try StoreClock.advance(on: connection))
        }
    }

    func recordMigration(_ record: AppMigrationRecord) throws {
        let statement = try connection.cached("INSERT INTO app_migrations (name, position, applied_at) VALUES (?1, ?2, ?3)")
        statement.bind(record.name, at: 1)
        statement.bind(record.position, at: 2)
        statement.bind(record.appliedAt, at: 3)
        try statement.run()
    }

    func slotKeys() throws -> [String] {
        let statement = try connection.cached("SELECT key FROM slots ORDER BY key")
        defer { statement.reset() }
        var keys: [String] = []
        // A key that is not UTF-8 (a hand edit) names no slot a migration could mean, and read
        // with U+FFFD it would name another: such rows are left as they are (`statedb check`
        // lists them).
        while try statement.step() {
            if statement.isUTF8Text(at: 0) { keys.append(statement.string(at: 0)) }
        }
        return keys
    }

    func slotRow(_ key: String) throws -> StoredRow? {
        let statement = try connection.cached(StoredRow.selectSQL + " WHERE key = ?1")
        defer { statement.reset() }
        statement.bind(key, at: 1)
        return try statement.step() ? StoredRow(statement) : nil
    }

    func writeSlot(_ key: String, type: String, value: StoredValue, now: Int64, tick: Int64) throws {
        try SlotRows.write(key, type: type, value: value, createdAt: now, updatedAt: now, seenAt: now, tick: tick, on: connection)
    }

    func deleteSlot(_ key: String, tick: Int64) throws {
        try SlotRows.delete(key, tick: tick, on: connection)
    }

    func quarantineSlot(_ key: String, expectedType: String, error: String, now: Int64) throws {
        let insert = try connection.prepare("""
            INSERT INTO quarantine (key, identity, property, stored_type, expected_type, encoding, value, error, quarantined_at)
            SELECT key, identity, property, type, ?2, encoding, value, ?3, ?4 FROM slots WHERE key = ?1
            """)
        insert.bind(key, at: 1)
        insert.bind(expectedType, at: 2)
        insert.bind(error, at: 3)
        insert.bind(now, at: 4)
        try insert.run()
    }

    func moveSlot(_ key: String, to newKey: String, tick: Int64) throws {
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

    func quarantinedValues(storedType: String) throws -> [MigrationQuarantineEntry] {
        let statement = try connection.prepare("SELECT id, key, encoding, value, quarantined_at FROM quarantine WHERE stored_type = ?1 ORDER BY id")
        statement.bind(storedType, at: 1)
        var entries: [MigrationQuarantineEntry] = []
        while try statement.step() {
            guard statement.isUTF8Text(at: 1) else { continue }  // as in `slotKeys`
            entries.append(MigrationQuarantineEntry(id: statement.int64(at: 0), key: statement.string(at: 1),
                                            value: try? StoredValue.read(from: statement, at: 3, encoding: statement.string(at: 2)),
                                            quarantinedAt: statement.int64(at: 4)))
        }
        return entries
    }

    func releaseQuarantined(_ id: Int64) throws {
        let release = try connection.cached("DELETE FROM quarantine WHERE id = ?1")
        release.bind(id, at: 1)
        try release.run()
    }
}
