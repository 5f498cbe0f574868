/// `AdminRows` on a PostgreSQL connection, inside one of `PostgresAdminDatabase`'s
/// transactions.
///
/// Keys are compared and ordered `COLLATE "C"`, by their bytes, as SQLite orders them,
/// whatever the database's collation. Listings of every row go through a cursor fetched
/// `fetchSize` rows at a time, so the client holds one batch, never the table. Keys, types and
/// text values are read checked for UTF-8, as on a file (`StoredRow+PostgresUTF8.swift`).
class PostgresAdminRows: AdminRows {
    let connection: PostgresConnection
    /// The store's URL without its password, for messages.
    var location: String { connection.redactedURL }
    /// Rows per `FETCH`: few round trips, little memory.
    static let fetchSize = 500

    init(_ connection: PostgresConnection) {
        self.connection = connection
    }

    func row(_ key: String) throws -> StoredRow? {
        let result = try connection.execute(
            "SELECT key, type, encoding, value, blob, created_at, updated_at, seen_at, version FROM slots WHERE key = $1", [.text(key)])
        return result.rowCount == 1 ? try StoredRow(readingUTF8: result, row: 0, location: location) : nil
    }

    func forEachRow(from start: String?, _ body: (StoredRow) throws -> Bool) throws {
        if let start {
            try connection.execute("""
                DECLARE statedb_admin_rows NO SCROLL CURSOR FOR
                SELECT key, type, encoding, value, blob, created_at, updated_at, seen_at, version FROM slots
                WHERE key COLLATE "C" >= $1 ORDER BY key COLLATE "C"
                """, [.text(start)])
        } else {
            try connection.execute("""
                DECLARE statedb_admin_rows NO SCROLL CURSOR FOR
                SELECT key, type, encoding, value, blob, created_at, updated_at, seen_at, version FROM slots
                ORDER BY key COLLATE "C"
                """)
        }
        try fetchAll { result, index in try body(StoredRow(readingUTF8: result, row: index, location: location)) }
    }

    /// Fetches the open cursor `statedb_admin_rows` batch by batch until it is done or `body`
    /// returns false, then closes it.
    private func fetchAll(_ body: (PostgresResult, Int) throws -> Bool) throws {
        var closed = false
        defer { if !closed { _ = try? connection.execute("CLOSE statedb_admin_rows") } }
        while true {
            let batch = try connection.execute("FETCH 500 FROM statedb_admin_rows")
            if batch.rowCount == 0 { break }
            for index in 0..<batch.rowCount {
                guard try body(batch, index) else { return }
            }
        }
        try connection.execute("CLOSE statedb_admin_rows")
        closed = true
    }

    func keys(from start: String, limit: Int) throws -> [String] { try keys(from: start, limit: limit, skipping: false) }
    func keys(before start: String, limit: Int) throws -> [String] { try keys(before: start, limit: limit, skipping: false) }
    func nameableKeys(from start: String, limit: Int) throws -> [String] { try keys(from: start, limit: limit, skipping: true) }
    func nameableKeys(before start: String, limit: Int) throws -> [String] { try keys(before: start, limit: limit, skipping: true) }

    private func keys(from start: String, limit: Int, skipping: Bool) throws -> [String] {
        try keys(try connection.execute(#"SELECT key FROM slots WHERE key COLLATE "C" >= $1 ORDER BY key COLLATE "C" LIMIT $2"#,
                                        [.text(start), .integer(Int64(limit))]), skipping: skipping)
    }

    private func keys(before start: String, limit: Int, skipping: Bool) throws -> [String] {
        try keys(try connection.execute(#"SELECT key FROM slots WHERE key COLLATE "C" < $1 ORDER BY key COLLATE "C" DESC LIMIT $2"#,
                                        [.text(start), .integer(Int64(limit))]), skipping: skipping)
    }

    /// `skipping`: pass over a key that is not UTF-8 instead of refusing it.
    private func keys(_ result: PostgresResult, skipping: Bool) throws -> [String] {
        var keys: [String] = []
        for row in 0..<result.rowCount {
            if skipping {
                if !result.isValidUTF8(row, 0) { continue }
            } else {
                try result.requireUTF8Key(row, 0, location: location)
            }
            keys.append(result.string(row, 0) ?? "")
        }
        return keys
    }

    func rowCount() throws -> Int {
        Int(try connection.execute("SELECT count(*) FROM slots").int64(0, 0) ?? 0)
    }

    func quarantine(id: Int64?) throws -> [QuarantinedValue] {
        let result = try id.map {
            try connection.execute("SELECT id, key, stored_type, expected_type, encoding, value, blob, error, quarantined_at FROM quarantine WHERE id = $1",
                                   [.integer($0)])
        } ?? connection.execute("SELECT id, key, stored_type, expected_type, encoding, value, blob, error, quarantined_at FROM quarantine ORDER BY id")
        return (0..<result.rowCount).map { row in
            let encoding = result.string(row, 4) ?? ""
            // A SQL_ASCII or single-byte database passes on the bytes a hand edit gave it.
            let (value, problem) = QuarantinedValue.json(
                encoding: encoding, typeFault: result.invalidUTF8(row, 2), valueFault: { result.invalidUTF8(row, 5) }
            ) { try StoredValue.read(from: result, row: row, valueColumn: 5, blobColumn: 6, encoding: encoding) }
            // `restore` writes the entry back under its key: one that is not UTF-8 is marked,
            // so that it is refused (and `check` lists it).
            let keyProblem = result.invalidUTF8(row, 1).map { "its key is not valid UTF-8 (\($0))" }
            return QuarantinedValue(id: result.int64(row, 0) ?? 0, key: result.string(row, 1) ?? "", storedType: result.string(row, 2) ?? "",
                                    expectedType: result.string(row, 3) ?? "", encoding: encoding, value: value, problem: problem,
                                    error: result.string(row, 7) ?? "", quarantinedAt: result.int64(row, 8) ?? 0, keyProblem: keyProblem)
        }
    }

    func quarantineKeys() throws -> [(id: Int64, key: String, nameable: Bool)] {
        let result = try connection.execute("SELECT id, key FROM quarantine ORDER BY id")
        // Always UTF-8 in a UTF8 database; a SQL_ASCII or single-byte one passes on the bytes a
        // hand edit gave it (see `PostgresConnection.takeServerEncoding`).
        return (0..<result.rowCount).map { (result.int64($0, 0) ?? 0, result.string($0, 1) ?? "", result.isValidUTF8($0, 1)) }
    }

    func quarantineIDs(around id: Int64, each: Int) throws -> [Int64] {
        func ids(_ sql: PostgresSQL) throws -> [Int64] {
            let result = try connection.execute(sql, [.integer(id), .integer(Int64(each))])
            return (0..<result.rowCount).compactMap { result.int64($0, 0) }
        }
        let below = try ids("SELECT id FROM quarantine WHERE id < $1 ORDER BY id DESC LIMIT $2")
        let above = try ids("SELECT id FROM quarantine WHERE id > $1 ORDER BY id LIMIT $2")
        return below.reversed() + above
    }

    func rows(seenBefore cutoff: Int64, excludingPrefixes excluded: [String]) throws -> [StoredRow] {
        precondition(excluded.count == 2, "the statement names two prefixes")
        let result = try connection.execute("""
            SELECT key, type, encoding, value, blob, created_at, updated_at, seen_at, version FROM slots
            WHERE seen_at < $1 AND NOT starts_with(key, $2) AND NOT starts_with(key, $3) ORDER BY key COLLATE "C"
            """, [.integer(cutoff), .text(excluded[0]), .text(excluded[1])])
        return try (0..<result.rowCount).map { try StoredRow(readingUTF8: result, row: $0, location: location) }
    }

    func isExplicitKey(_ key: String) throws -> Bool {
        try connection.execute("SELECT 1 FROM statedb_explicit_keys WHERE key = $1", [.text(key)]).rowCount == 1
    }

    func forEachKeyAndType(seenSince cutoff: Int64, _ body: (String, String) throws -> Void) throws {
        try connection.execute("""
            DECLARE statedb_admin_rows NO SCROLL CURSOR FOR
            SELECT key, type FROM slots WHERE seen_at >= $1 AND key NOT IN (SELECT key FROM statedb_explicit_keys)
            """, [.integer(cutoff)])
        try fetchAll { result, index in
            try result.requireUTF8Key(index, 0, location: location)
            try body(result.string(index, 0) ?? "", result.string(index, 1) ?? "")
            return true
        }
    }

    func adoptions() throws -> [RecordedAdoption] {
        let result = try connection.execute("SELECT key, from_key, type, adopted_at FROM statedb_adoptions ORDER BY adopted_at DESC, id DESC")
        return (0..<result.rowCount).map {
            RecordedAdoption(key: result.string($0, 0) ?? "", fromKey: result.string($0, 1) ?? "",
                             type: result.string($0, 2) ?? "", adoptedAt: result.int64($0, 3) ?? 0)
        }
    }

    func forEachRawRow(from start: String, _ body: (RawRow) throws -> Bool) throws {
        try connection.execute("""
            DECLARE statedb_admin_rows NO SCROLL CURSOR FOR
            SELECT key, type, encoding, value, blob, created_at, updated_at, seen_at FROM slots
            WHERE key COLLATE "C" >= $1 ORDER BY key COLLATE "C"
            """, [.text(start)])
        try fetchAll { result, row in
            // Copied as they are by `mv`: text read with U+FFFD would be written back changed.
            try result.requireUTF8Key(row, 0, location: location)
            try result.requireUTF8Text(row, 1, of: "type", location: location)
            try result.requireUTF8Text(row, 3, of: "value", location: location)
            let encoding = result.string(row, 2) ?? ""
            // The columns as they are: text goes back as text under the same encoding, bytes as
            // bytes, so a value that does not read as its encoding moves unchanged.
            let value: StoredValue = if encoding == "blob" {
                .blob(result.bytes(row, 4) ?? [])
            } else {
                result.string(row, 3).map(StoredValue.text) ?? .null
            }
            return try body(RawRow(key: result.string(row, 0) ?? "", type: result.string(row, 1) ?? "", encoding: encoding, value: value,
                                   createdAt: result.int64(row, 5) ?? 0, updatedAt: result.int64(row, 6) ?? 0, seenAt: result.int64(row, 7) ?? 0))
        }
    }
}

/// One write transaction of `StoreAdmin` on PostgreSQL. Every row it writes carries the
/// transaction's tick, so the triggers (which stamp only writes that did not) leave them be.
final class PostgresAdminTransaction: PostgresAdminRows, AdminTransaction {
    let now = nowMilliseconds()
    /// The clock's tick once the transaction wrote something.
    private(set) var tick: Int64?

    func stamp() throws -> Int64 {
        if let tick { return tick }
        // Locks the clock row until the commit, which orders this commit among the others
        // (docs/postgresql.md, "Why a clock row").
        let result = try connection.execute("UPDATE statedb_clock SET tick = tick + 1 WHERE id = 1 RETURNING tick")
        guard let next = result.int64(0, 0) else {
            throw PostgresError(.statement, message: "statedb_clock has no row", sql: "UPDATE statedb_clock")
        }
        tick = next
        return next
    }

    func upsert(key: String, type: String, value: StoredValue, encoding: String?,
                createdAt: Int64, updatedAt: Int64?, seenAt: Int64) throws {
        try connection.upsertSlot(key: key, type: type, value: value, encoding: encoding ?? value.encoding,
                                  createdAt: createdAt, updatedAt: updatedAt ?? now, seenAt: seenAt, version: try stamp())
    }

    func delete(key: String) throws {
        // The tombstone first, at this tick: the delete trigger then leaves the clock alone.
        try connection.execute("""
            INSERT INTO slot_tombstones (key, version) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET version = EXCLUDED.version
            """, [.text(key), .integer(try stamp())])
        try connection.execute("DELETE FROM slots WHERE key = $1", [.text(key)])
    }

    func restoreQuarantined(id: Int64, key: String) throws {
        // The identity and property from the key, as every write makes them.
        let slotKey = SlotKey(key)
        try connection.execute("""
            INSERT INTO slots (key, identity, property, type, encoding, value, blob, created_at, updated_at, seen_at, version)
            SELECT key, $4, $5, stored_type, encoding, value, blob, $2, $2, $2, $3 FROM quarantine WHERE id = $1
            ON CONFLICT (key) DO UPDATE SET type = EXCLUDED.type, encoding = EXCLUDED.encoding, value = EXCLUDED.value,
                blob = EXCLUDED.blob, updated_at = EXCLUDED.updated_at, version = EXCLUDED.version
            """, [.integer(id), .integer(now), .integer(try stamp()), .text(slotKey.identity), .text(slotKey.property)])
    }

    func deleteQuarantined(id: Int64) throws {
        try connection.execute("DELETE FROM quarantine WHERE id = $1", [.integer(id)])
    }

    func moveQuarantined(id: Int64, to key: String) throws {
        let slotKey = SlotKey(key)
        try connection.execute("UPDATE quarantine SET key = $1, identity = $2, property = $3 WHERE id = $4",
                               [.text(key), .text(slotKey.identity), .text(slotKey.property), .integer(id)])
    }
}
