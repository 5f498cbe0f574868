import CSQLite

/// `AdminRows` on a store file's connection, inside one of its transactions.
class SQLiteAdminRows: AdminRows {
    let connection: SQLiteConnection

    init(_ connection: SQLiteConnection) {
        self.connection = connection
    }

    func row(_ key: String) throws -> StoredRow? {
        // Cached: `import` looks up every slot of its file, one at a time.
        let statement = try connection.cached(StoredRow.selectSQL + " WHERE key = ?1")
        statement.bind(key, at: 1)
        defer { statement.reset() }
        return try statement.step() ? StoredRow(readingUTF8: statement, path: connection.path) : nil
    }

    func forEachRow(from start: String?, _ body: (StoredRow) throws -> Bool) throws {
        // SQLite steps through the key index, so rows are read as they are handed on.
        var texts = RepeatedTexts()
        let statement: SQLiteStatement
        if let start {
            statement = try connection.prepare(StoredRow.selectSQL + " WHERE key >= ?1 ORDER BY key")
            statement.bind(start, at: 1)
        } else {
            statement = try connection.prepare(StoredRow.selectSQL + " ORDER BY key")
        }
        while try statement.step() {
            guard try body(StoredRow(readingUTF8: statement, texts: &texts, path: connection.path)) else { return }
        }
    }

    func keys(from start: String, limit: Int) throws -> [String] { try keys(from: start, limit: limit, skipping: false) }
    func keys(before start: String, limit: Int) throws -> [String] { try keys(before: start, limit: limit, skipping: false) }
    func nameableKeys(from start: String, limit: Int) throws -> [String] { try keys(from: start, limit: limit, skipping: true) }
    func nameableKeys(before start: String, limit: Int) throws -> [String] { try keys(before: start, limit: limit, skipping: true) }

    private func keys(from start: String, limit: Int, skipping: Bool) throws -> [String] {
        try keys(try connection.prepare("SELECT key FROM slots WHERE key >= ?1 ORDER BY key LIMIT ?2"), start, limit, skipping: skipping)
    }

    private func keys(before start: String, limit: Int, skipping: Bool) throws -> [String] {
        try keys(try connection.prepare("SELECT key FROM slots WHERE key < ?1 ORDER BY key DESC LIMIT ?2"), start, limit, skipping: skipping)
    }

    /// `skipping`: pass over a key that is not UTF-8 instead of refusing it.
    private func keys(_ statement: SQLiteStatement, _ start: String, _ limit: Int, skipping: Bool) throws -> [String] {
        statement.bind(start, at: 1)
        statement.bind(Int64(limit), at: 2)
        var keys: [String] = []
        while try statement.step() {
            if skipping {
                if !statement.isUTF8Text(at: 0) { continue }
            } else {
                try statement.requireUTF8Key(at: 0, path: connection.path)
            }
            keys.append(statement.string(at: 0))
        }
        return keys
    }

    func rowCount() throws -> Int {
        let statement = try connection.prepare("SELECT count(*) FROM slots")
        return try statement.step() ? Int(statement.int64(at: 0)) : 0
    }

    func quarantine(id: Int64?) throws -> [QuarantinedValue] {
        let statement = try connection.prepare(id == nil
            ? "SELECT id, key, stored_type, expected_type, encoding, value, error, quarantined_at FROM quarantine ORDER BY id"
            : "SELECT id, key, stored_type, expected_type, encoding, value, error, quarantined_at FROM quarantine WHERE id = ?1")
        if let id { statement.bind(id, at: 1) }
        var entries: [QuarantinedValue] = []
        while try statement.step() {
            let encoding = statement.string(at: 4)
            let (value, problem) = QuarantinedValue.json(
                encoding: encoding, typeFault: statement.invalidUTF8(at: 2),
                valueFault: { statement.columnType(at: 5) == SQLITE_TEXT ? statement.invalidUTF8(at: 5) : nil }
            ) { try StoredValue.read(from: statement, at: 5, encoding: encoding) }
            // `restore` writes the entry back under its key: one that is not UTF-8 is marked,
            // so that it is refused (and `check` lists it).
            let keyProblem = statement.invalidUTF8(at: 1).map { "its key is not valid UTF-8 (\($0))" }
            entries.append(QuarantinedValue(id: statement.int64(at: 0), key: statement.string(at: 1), storedType: statement.string(at: 2),
                                            expectedType: statement.string(at: 3), encoding: encoding, value: value, problem: problem,
                                            error: statement.string(at: 6), quarantinedAt: statement.int64(at: 7), keyProblem: keyProblem))
        }
        return entries
    }

    func quarantineKeys() throws -> [(id: Int64, key: String, nameable: Bool)] {
        let statement = try connection.prepare("SELECT id, key FROM quarantine ORDER BY id")
        var entries: [(id: Int64, key: String, nameable: Bool)] = []
        while try statement.step() {
            let nameable = statement.isUTF8Text(at: 1)  // before the key is read as text (a BLOB then looks like text)
            entries.append((statement.int64(at: 0), statement.string(at: 1), nameable))
        }
        return entries
    }

    func quarantineIDs(around id: Int64, each: Int) throws -> [Int64] {
        func ids(_ sql: SQL) throws -> [Int64] {
            let statement = try connection.prepare(sql)
            statement.bind(id, at: 1)
            statement.bind(Int64(each), at: 2)
            var found: [Int64] = []
            while try statement.step() { found.append(statement.int64(at: 0)) }
            return found
        }
        let below = try ids("SELECT id FROM quarantine WHERE id < ?1 ORDER BY id DESC LIMIT ?2")
        let above = try ids("SELECT id FROM quarantine WHERE id > ?1 ORDER BY id LIMIT ?2")
        return below.reversed() + above
    }

    func rows(seenBefore cutoff: Int64, excludingPrefixes excluded: [String]) throws -> [StoredRow] {
        precondition(excluded.count == 2, "the statement names two prefixes")
        let statement = try connection.prepare(StoredRow.selectSQL + " WHERE seen_at < ?1 AND key NOT GLOB ?2 AND key NOT GLOB ?3 ORDER BY key")
        statement.bind(cutoff, at: 1)
        statement.bind(excluded[0] + "*", at: 2)
        statement.bind(excluded[1] + "*", at: 3)
        var rows: [StoredRow] = []
        while try statement.step() { rows.append(try StoredRow(readingUTF8: statement, path: connection.path)) }
        return rows
    }

    func isExplicitKey(_ key: String) throws -> Bool {
        let statement = try connection.cached("SELECT 1 FROM statedb_explicit_keys WHERE key = ?1")
        statement.bind(key, at: 1)
        defer { statement.reset() }
        return try statement.step()
    }

    func forEachKeyAndType(seenSince cutoff: Int64, _ body: (String, String) throws -> Void) throws {
        let statement = try connection.prepare("SELECT key, type FROM slots WHERE seen_at >= ?1 AND key NOT IN (SELECT key FROM statedb_explicit_keys)")
        statement.bind(cutoff, at: 1)
        var types = RecentTexts()
        while try statement.step() {
            try statement.requireUTF8Key(at: 0, path: connection.path)
            try body(statement.string(at: 0), statement.string(at: 1, reusing: &types))
        }
    }

    func adoptions() throws -> [RecordedAdoption] {
        let statement = try connection.prepare("SELECT key, from_key, type, adopted_at FROM statedb_adoptions ORDER BY adopted_at DESC, id DESC")
        var adoptions: [RecordedAdoption] = []
        while try statement.step() {
            adoptions.append(RecordedAdoption(key: statement.string(at: 0), fromKey: statement.string(at: 1),
                                              type: statement.string(at: 2), adoptedAt: statement.int64(at: 3)))
        }
        return adoptions
    }
}

/// One write transaction of `StoreAdmin` on a store file. The clock advances once, at the
/// first write, so an operation that turns out to change nothing leaves no trace.
final class WriteContext: SQLiteAdminRows, AdminTransaction {
    let now = nowMilliseconds()
    private var tick: Int64?

    /// The tick every row written in this transaction is stamped with. Must be taken before
    /// deleting, so the tombstones carry it too.
    func stamp() throws -> Int64 {
        if let tick { return tick }
        let next = try StoreClock.advance(on: connection)
        tick = next
        return next
    }

    func upsert(key: String, type: String, value: StoredValue, encoding: String? = nil,
                createdAt: Int64, updatedAt: Int64? = nil, seenAt: Int64) throws {
        try SlotRows.write(key, type: type, value: value, encoding: encoding, createdAt: createdAt,
                           updatedAt: updatedAt ?? now, seenAt: seenAt, tick: try stamp(), on: connection)
    }

    func delete(key: String) throws {
        try SlotRows.delete(key, tick: try stamp(), on: connection)
    }

    func restoreQuarantined(id: Int64, key: String) throws {
        let stamp = try stamp()
        // The identity and property from the key, as every write makes them (the entry's own
        // columns may have been edited by hand).
        let slotKey = SlotKey(key)
        let restore = try connection.prepare("""
            INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at, version)
            SELECT key, ?4, ?5, stored_type, encoding, value, ?2, ?2, ?2, ?3 FROM quarantine WHERE id = ?1
            ON CONFLICT (key) DO UPDATE SET type = excluded.type, encoding = excluded.encoding, value = excluded.value,
                updated_at = excluded.updated_at, version = excluded.version
            """)
        restore.bind(id, at: 1)
        restore.bind(now, at: 2)
        restore.bind(stamp, at: 3)
        restore.bind(slotKey.identity, at: 4)
        restore.bind(slotKey.property, at: 5)
        try restore.run()
    }

    func deleteQuarantined(id: Int64) throws {
        let delete = try connection.prepare("DELETE FROM quarantine WHERE id = ?1")
        delete.bind(id, at: 1)
        try delete.run()
    }

    func moveQuarantined(id: Int64, to key: String) throws {
        let slotKey = SlotKey(key)
        let requarantine = try connection.cached("UPDATE quarantine SET key = ?1, identity = ?2, property = ?3 WHERE id = ?4")
        requarantine.bind(key, at: 1)
        requarantine.bind(slotKey.identity, at: 2)
        requarantine.bind(slotKey.property, at: 3)
        requarantine.bind(id, at: 4)
        try requarantine.run()
    }
}

extension SQLiteAdminRows {
    func forEachRawRow(from start: String, _ body: (RawRow) throws -> Bool) throws {
        let statement = try connection.prepare("SELECT key, type, encoding, value, created_at, updated_at, seen_at FROM slots WHERE key >= ?1 ORDER BY key")
        statement.bind(start, at: 1)
        while try statement.step() {
            // Copied as they are by `mv`: text read with U+FFFD would be written back changed.
            try statement.requireUTF8Key(at: 0, path: connection.path)
            try statement.requireUTF8Text(at: 1, of: "type", path: connection.path)
            if statement.columnType(at: 3) == SQLITE_TEXT { try statement.requireUTF8Text(at: 3, of: "value", path: connection.path) }
            let row = RawRow(key: statement.string(at: 0), type: statement.string(at: 1), encoding: statement.string(at: 2),
                             value: Self.rawValue(statement, at: 3), createdAt: statement.int64(at: 4),
                             updatedAt: statement.int64(at: 5), seenAt: statement.int64(at: 6))
            guard try body(row) else { return }
        }
    }

    /// The column by its SQLite storage class.
    static func rawValue(_ statement: SQLiteStatement, at index: Int32) -> StoredValue {
        switch statement.columnType(at: index) {
        case SQLITE_INTEGER: .integer(statement.int64(at: index))
        case SQLITE_FLOAT: .real(statement.double(at: index))
        case SQLITE_TEXT: .text(statement.string(at: index))
        case SQLITE_BLOB: .blob(statement.bytes(at: index))
        default: .null
        }
    }
}
