import CSQLite
import Foundation
@testable import StateDB
import Testing

/// Runs `action` once, the first time the connection it is installed on hands out a row of a
/// statement whose SQL is `whenReading`: something another process does at exactly that point
/// of a read (a commit), or something that makes the read fail.
final class DuringRead {
    let whenReading: String
    private let action: (_ connection: OpaquePointer) -> Void
    /// Whether the action ran.
    private(set) var happened = false

    init(whenReading: String, action: @escaping (_ connection: OpaquePointer) -> Void) {
        self.whenReading = whenReading
        self.action = action
    }

    /// Commits `commit` on a connection of its own, as the sqlite3 shell would: its triggers
    /// stamp the rows with a fresh tick.
    static func commit(_ commit: String, to path: String, whenReading: String) -> DuringRead {
        DuringRead(whenReading: whenReading) { _ in
            var database: OpaquePointer?
            defer { sqlite3_close(database) }
            guard sqlite3_open_v2(path, &database, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK,
                  sqlite3_exec(database, commit, nil, nil, nil) == SQLITE_OK else {
                Issue.record("the commit during the read failed: \(String(cString: sqlite3_errmsg(database)))")
                return
            }
        }
    }

    /// Interrupts the read (`sqlite3_interrupt`): it fails with `SQLITE_INTERRUPT`.
    static func interrupt(whenReading: String) -> DuringRead {
        DuringRead(whenReading: whenReading) { sqlite3_interrupt($0) }
    }

    /// The hook stays for the connection's life; `self` must outlive it (the tests hold it).
    func install(on connection: SQLiteConnection) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_trace_v2(connection.handle, UInt32(SQLITE_TRACE_ROW), { _, context, statement, _ in
            Unmanaged<DuringRead>.fromOpaque(context!).takeUnretainedValue().rowHandedOut(by: OpaquePointer(statement!))
            return 0
        }, context)
    }

    private func rowHandedOut(by statement: OpaquePointer) {
        guard !happened, let sql = sqlite3_sql(statement), String(cString: sql) == whenReading else { return }
        happened = true
        action(sqlite3_db_handle(statement))
    }
}
