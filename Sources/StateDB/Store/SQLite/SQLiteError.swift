import CSQLite

/// An error reported by SQLite, with the statement that caused it.
struct SQLiteError: Error, CustomStringConvertible {
    /// The primary or extended SQLite result code.
    let code: Int32
    let message: String
    let sql: String?

    var description: String {
        let statement = sql.map { " in `\($0.prefix(200))`" } ?? ""
        return "SQLite error \(code) (\(SQLiteError.name(of: code))): \(message)\(statement)"
    }

    /// The primary result code (extended codes keep it in the low byte).
    var primaryCode: Int32 { code & 0xff }

    var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
    var isNotADatabase: Bool { primaryCode == SQLITE_NOTADB }
    var isCorrupt: Bool { primaryCode == SQLITE_CORRUPT }
    /// A read-only connection met a hot rollback journal (`-journal`): a writer stopped in the
    /// middle of a transaction, and the file is whole only once the journal is played back into
    /// it, which takes a write (`SQLITE_READONLY_ROLLBACK`).
    var isHotRollbackJournal: Bool { code == SQLITE_READONLY | (3 << 8) }
    var isReadOnly: Bool { primaryCode == SQLITE_READONLY || primaryCode == SQLITE_CANTOPEN || primaryCode == SQLITE_PERM }
    var isDiskFull: Bool { primaryCode == SQLITE_FULL || primaryCode == SQLITE_IOERR }

    static func name(of code: Int32) -> String {
        String(cString: sqlite3_errstr(code))
    }
}
