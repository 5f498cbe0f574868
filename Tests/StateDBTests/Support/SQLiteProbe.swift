import CSQLite

/// Reads a store file directly, as an operator with the sqlite3 shell would, to check what a
/// commit really wrote.
struct SQLiteProbe {
    let path: String

    /// The rows of a query, each column as text (NULL as nil).
    func rows(_ sql: String) -> [[String?]] {
        var db: OpaquePointer?
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else {
            sqlite3_close(db)
            return []
        }
        defer { sqlite3_close(db) }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else { return [] }
        defer { sqlite3_finalize(statement) }
        var result: [[String?]] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            result.append((0..<sqlite3_column_count(statement)).map { index in
                sqlite3_column_text(statement, index).map { String(cString: $0) }
            })
        }
        return result
    }

    /// Every slot key in the file, sorted.
    var keys: [String] { rows("SELECT key FROM slots ORDER BY key").compactMap { $0[0] } }

    /// The stored value of a slot as text, nil when there is no such row.
    func value(_ key: String) -> String? {
        rows("SELECT value FROM slots WHERE key = '\(key.replacingOccurrences(of: "'", with: "''"))'").first?.first ?? nil
    }
}
