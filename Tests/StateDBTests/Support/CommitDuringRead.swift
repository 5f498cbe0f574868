import CSQLite
import Foundation
@testable import StateDB
import Testing

/// Commits `commit` on a connection of its own the first time the connection it is installed
/// on hands out a row of a statement whose SQL is `whenReading`.
final class CommitDuringRead {
    let path: String
    let whenReading: String
    let commit: String
    private(set) var committed = false

    init(path: String, whenReading: String, commit: String) {
        self.path = path
        self.whenReading = whenReading
        self.commit = commit
    }

    /// The hook stays for the connection's life; `self` must outlive it (the tests hold it).
    func install(on connection: SQLiteConnection) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_trace_v2(connection.handle, UInt32(SQLITE_TRACE_ROW), { _, context, statement, _ in
            Unmanaged<CommitDuringRead>.fromOpaque(context!).takeUnretainedValue().rowHandedOut(by: OpaquePointer(statement!))
            return 0
        }, context)
    }

    private func rowHandedOut(by statement: OpaquePointer) {
        guard !committed, let sql = sqlite3_sql(statement), String(cString: sql) == whenReading else { return }
        committed = true
        // A connection of its own, as the sqlite3 shell's: its triggers stamp the row with a
        // fresh tick.
        var database: OpaquePointer?
        defer { sqlite3_close(database) }
        guard sqlite3_open_v2(path, &database, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK,
              sqlite3_exec(database, commit, nil, nil, nil) == SQLITE_OK else {
            Issue.record("the commit during the read failed: \(String(cString: sqlite3_errmsg(database)))")
            return
        }
    }
}
