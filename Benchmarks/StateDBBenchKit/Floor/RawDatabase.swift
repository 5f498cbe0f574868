import CSQLite

/// The SQLite floor: a connection driven through the C API with nothing in between, set up
/// with the pragmas the store uses (WAL, `synchronous = NORMAL`).
/// Failures stop the bench: a floor that silently did less would make every ratio meaningless.
final class RawDatabase {
    let handle: OpaquePointer

    init(path: String) {
        var db: OpaquePointer?
        let rc = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard rc == SQLITE_OK, let db else { fatalError("statedb-bench: cannot open \(path): SQLite error \(rc)") }
        handle = db
        execute("PRAGMA journal_mode = WAL")
        execute("PRAGMA synchronous = NORMAL")
    }

    deinit { sqlite3_close_v2(handle) }

    func execute(_ sql: String) {
        var message: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &message)
        guard rc == SQLITE_OK else {
            fatalError("statedb-bench: \(sql): \(message.map { String(cString: $0) } ?? "SQLite error \(rc)")")
        }
    }

    /// Turns this connection's triggers off, as the store does for its own connection.
    func disableTriggers() {
        guard statedb_set_triggers_enabled(handle, 0) == 0 else { fatalError("statedb-bench: cannot turn triggers off") }
    }

    func prepare(_ sql: String) -> RawStatement {
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard rc == SQLITE_OK, let statement else {
            fatalError("statedb-bench: cannot prepare \(sql): \(String(cString: sqlite3_errmsg(handle)))")
        }
        return RawStatement(handle: statement, database: self)
    }
}

/// A prepared statement of the floor.
final class RawStatement {
    let handle: OpaquePointer
    private let database: RawDatabase

    init(handle: OpaquePointer, database: RawDatabase) {
        self.handle = handle
        self.database = database
    }

    deinit { sqlite3_finalize(handle) }

    func bind(_ text: String, at index: Int32) {
        // As the store binds text: the string's own bytes (no temporary copy) with their
        // length given, so SQLite need not look for the end.
        _ = text.withCString {
            sqlite3_bind_text64(handle, index, $0, sqlite3_uint64(text.utf8.count), rawTransient, UInt8(SQLITE_UTF8))
        }
    }
    func bind(_ value: Int64, at index: Int32) { sqlite3_bind_int64(handle, index, value) }

    /// Binds text SQLite uses where it is (no copy); the caller keeps it alive until `run()`.
    func bindLent(_ text: UnsafePointer<CChar>, count: Int, at index: Int32) {
        sqlite3_bind_text64(handle, index, text, sqlite3_uint64(count), nil, UInt8(SQLITE_UTF8))
    }

    /// Unbinds every parameter (after a run whose texts were lent).
    func clearBindings() { sqlite3_clear_bindings(handle) }

    /// Steps a statement that returns no rows, then resets it.
    func run() {
        let rc = sqlite3_step(handle)
        guard rc == SQLITE_DONE else {
            fatalError("statedb-bench: step failed: \(String(cString: sqlite3_errmsg(database.handle)))")
        }
        sqlite3_reset(handle)
    }

    /// Steps once: true when a row is available.
    func step() -> Bool {
        let rc = sqlite3_step(handle)
        if rc == SQLITE_ROW { return true }
        guard rc == SQLITE_DONE else {
            fatalError("statedb-bench: step failed: \(String(cString: sqlite3_errmsg(database.handle)))")
        }
        return false
    }
}

/// `SQLITE_TRANSIENT`: SQLite copies the bound bytes before the call returns, as the store
/// does.
let rawTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
