import CSQLite

/// `SQLITE_TRANSIENT`: SQLite copies bound text and blobs before the call returns. The C API
/// defines it as the destructor pointer -1, which Swift can only make by reinterpreting the
/// integer; SQLite compares it and never calls it.
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
/// `SQLITE_STATIC`: SQLite uses bound text and blobs where they are, until they are unbound.
let sqliteStatic: sqlite3_destructor_type? = nil

/// One SQLite connection. Not thread-safe by itself: `StateStore` serialises all use of it.
///
/// Counts the statements it executes, so tests and benchmarks can prove that a hydrated read
/// costs no SQL at all.
final class SQLiteConnection {
    let path: String
    private(set) var handle: OpaquePointer?
    /// Searched in order: a connection caches a handful of statements, and comparing SQL
    /// literals by address is cheaper than hashing a 300-character UPSERT on every use, which
    /// cost ~4,000 instructions per lookup.
    private var cache: [(address: UnsafeRawPointer?, sql: String, statement: SQLiteStatement)] = []
    /// Statements stepped on this connection since it opened.
    private(set) var statementsExecuted = 0

    enum Mode { case readOnly, readWrite, readWriteCreate }

    /// Opens `path`. Only with `uri` is the path read as a `file:` URI, so a store whose name
    /// happens to start with `file:` is still just a file. (Debian's SQLite reads such names as
    /// URIs whatever the flags say, so they are opened as `./file:…`.)
    init(path: String, mode: Mode, uri: Bool = false) throws {
        self.path = path
        let openPath = !uri && path.hasPrefix("file:") ? "./" + path : path
        var flags = SQLITE_OPEN_NOMUTEX | (uri ? SQLITE_OPEN_URI : 0)
        switch mode {
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .readWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        }
        var db: OpaquePointer?
        let rc = sqlite3_open_v2(openPath, &db, flags, nil)
        if rc != SQLITE_OK {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close_v2(db)
            throw SQLiteError(code: rc, message: message, sql: nil)
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        // Every connection waits for another process's lock instead of failing at once: even a
        // read-only look can meet a writer's lock while it checkpoints. (Stores set their own.)
        sqlite3_busy_timeout(db, 5_000)
    }

    deinit { close() }

    func close() {
        guard let db = handle else { return }
        cache.removeAll()  // statements finalise in their deinit, before the connection closes
        sqlite3_close_v2(db)
        handle = nil
    }

    func error(_ code: Int32, sql: String?) -> SQLiteError {
        let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "connection closed"
        return SQLiteError(code: code, message: message, sql: sql)
    }

    /// Lets a read-only connection open a file shorter than its header says (a copy that
    /// stopped, a full disk), for the tools that report or salvage damage: SQLite refuses such
    /// a file whole, schema included, unless its schema is "writable" (btree.c, `lockBtree`),
    /// and then reads every page still there and reports the missing ones as corrupt.
    /// Read-only, the pragma lets nothing be written.
    func readsTruncatedFiles() throws {
        guard let db = handle, sqlite3_db_readonly(db, "main") == 1 else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "writable_schema is for read-only connections", sql: nil)
        }
        try execute("PRAGMA writable_schema = ON")
    }

    /// Runs one or more statements that take no parameters.
    func execute(_ sql: SQL) throws {
        let text = sql.text
        guard let db = handle else { throw SQLiteError(code: SQLITE_MISUSE, message: "connection closed", sql: text) }
        statementsExecuted += 1
        var errorMessage: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(db, text, nil, nil, &errorMessage)
        if rc != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(db))
            sqlite3_free(errorMessage)
            throw SQLiteError(code: rc, message: message, sql: text)
        }
    }

    /// A prepared statement, cached for the connection's lifetime.
    ///
    /// A literal is found by its address, one word compared, where `==` on the entries' text
    /// cost ~800 instructions per lookup (a commit looks up a statement for every row);
    /// composed SQL by its text.
    func cached(_ sql: SQL) throws -> SQLiteStatement {
        if let address = sql.literalAddress {
            if let entry = cache.first(where: { $0.address == address }) { return entry.statement }
        } else {
            let text = sql.text
            if let entry = cache.first(where: { $0.address == nil && $0.sql == text }) { return entry.statement }
        }
        let statement = try prepare(sql)
        cache.append((sql.literalAddress, statement.sql, statement))
        return statement
    }

    /// A fresh prepared statement, finalised when released.
    func prepare(_ sql: SQL) throws -> SQLiteStatement {
        let text = sql.text
        guard let db = handle else { throw SQLiteError(code: SQLITE_MISUSE, message: "connection closed", sql: text) }
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v3(db, text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard rc == SQLITE_OK, let statement else { throw error(rc, sql: text) }
        return SQLiteStatement(connection: self, handle: statement, sql: text)
    }

    fileprivate func countStatement() { statementsExecuted += 1 }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    ///
    /// BEGIN and COMMIT are prepared once: parsing them for every commit was a third of the
    /// instructions of a one-row update.
    func transaction<T>(immediate: Bool = true, _ body: () throws -> T) throws -> T {
        try cached(immediate ? "BEGIN IMMEDIATE" : "BEGIN").run()
        do {
            let result = try body()
            // A write's commit is one step for an interrupted `statedb` (see InterruptCleanup).
            if immediate { try InterruptCleanup.committing(to: path) { try cached("COMMIT").run() } } else { try cached("COMMIT").run() }
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The value of a pragma that returns one integer.
    func pragmaInteger(_ pragma: SQLPragma) throws -> Int64 {
        // Cached: `data_version` is polled at every update, and preparing it each time cost
        // more than the rest of an update with nothing to do.
        let statement = try cached(pragma.query)
        defer { statement.reset() }
        guard try statement.step() else { return 0 }
        return statement.int64(at: 0)
    }

    var changes: Int { handle.map { Int(sqlite3_changes($0)) } ?? 0 }

    /// Frees the pages this connection's cache holds that no statement is using.
    func releaseCachedPages() {
        if let handle { sqlite3_db_release_memory(handle) }
    }

    /// Turns this connection's triggers on or off (other connections keep theirs).
    func setTriggersEnabled(_ enabled: Bool) throws {
        guard let db = handle, statedb_set_triggers_enabled(db, enabled ? 1 : 0) == (enabled ? 1 : 0) else {
            throw SQLiteError(code: SQLITE_ERROR, message: "cannot turn triggers \(enabled ? "on" : "off")", sql: nil)
        }
    }
}

/// A prepared statement. Bind with `bind`, iterate with `step()`, reset with `reset()`.
final class SQLiteStatement {
    private unowned let connection: SQLiteConnection
    let handle: OpaquePointer
    let sql: String

    fileprivate init(connection: SQLiteConnection, handle: OpaquePointer, sql: String) {
        self.connection = connection
        self.handle = handle
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    // MARK: - Binding (1-based, as in SQLite)

    func bind(_ value: Int64, at index: Int32) { sqlite3_bind_int64(handle, index, value) }
    func bind(_ value: Double, at index: Int32) { sqlite3_bind_double(handle, index, value) }
    func bindNull(at index: Int32) { sqlite3_bind_null(handle, index) }
    func bind(_ value: String, at index: Int32) {
        // `withCString` lends a native string's own bytes; passing the String straight to the
        // C parameter copied it into a new array first (one allocation per bound text).
        // The length is given, not -1: a string may contain NUL characters, and SQLite would
        // stop at the first one.
        _ = value.withCString {
            sqlite3_bind_text64(handle, index, $0, sqlite3_uint64(value.utf8.count), sqliteTransient, UInt8(SQLITE_UTF8))
        }
    }
    /// Lends `value`'s bytes to SQLite for the duration of `body`, which steps the statement:
    /// no copy, where `bind` has SQLite copy the text (an allocation and a copy per bound text,
    /// a tenth of a commit). The statement is reset and the text unbound before the bytes go
    /// away, however `body` ends, so it never keeps a pointer to memory it does not own.
    func withText<R>(_ value: String, at index: Int32, _ body: () throws -> R) rethrows -> R {
        try value.withCString { pointer in
            sqlite3_bind_text64(handle, index, pointer, sqlite3_uint64(value.utf8.count), sqliteStatic, UInt8(SQLITE_UTF8))
            defer {
                sqlite3_reset(handle)  // unbinding a statement that is not reset does nothing
                sqlite3_bind_null(handle, index)
            }
            return try body()
        }
    }

    /// `withText(_:at:_:)` for the text of `slotKey.key`, joined in a temporary buffer (on the
    /// stack for any key of a sane length) rather than in a new string.
    func withText<R>(of slotKey: SlotKey, at index: Int32, _ body: () throws -> R) rethrows -> R {
        if slotKey.identity.isEmpty { return try withText(slotKey.property, at: index, body) }
        var identity = slotKey.identity, property = slotKey.property
        let identityCount = identity.utf8.count, count = identityCount + 1 + property.utf8.count
        return try withUnsafeTemporaryAllocation(byteCount: count, alignment: 1) { buffer in
            identity.withUTF8 { buffer.copyMemory(from: UnsafeRawBufferPointer($0)) }
            buffer[identityCount] = UInt8(ascii: "/")
            property.withUTF8 { UnsafeMutableRawBufferPointer(rebasing: buffer[(identityCount + 1)...]).copyMemory(from: UnsafeRawBufferPointer($0)) }
            sqlite3_bind_text64(handle, index, buffer.baseAddress!.assumingMemoryBound(to: CChar.self), sqlite3_uint64(count), sqliteStatic, UInt8(SQLITE_UTF8))
            defer {
                sqlite3_reset(handle)  // as in `withText(_:at:_:)`: no pointer outlives the buffer
                sqlite3_bind_null(handle, index)
            }
            return try body()
        }
    }

    /// Binds a text that lives as long as the program (a string literal), without a copy.
    func bindStatic(_ value: StaticString, at index: Int32) {
        sqlite3_bind_text64(handle, index, UnsafeRawPointer(value.utf8Start).assumingMemoryBound(to: CChar.self),
                            sqlite3_uint64(value.utf8CodeUnitCount), sqliteStatic, UInt8(SQLITE_UTF8))
    }

    /// Binds `lent[range]` as text without a copy. The caller keeps `lent` alive until the
    /// statement is reset (and unbound: `run()` and `reset()` do both), as a batched commit
    /// does (`SlotRows.upsertValues`).
    func bindStatic(text lent: UnsafeRawBufferPointer, _ range: Range<Int>, at index: Int32) {
        // An empty text still needs a pointer: NULL would bind SQL NULL.
        let start = lent.baseAddress.map { $0 + range.lowerBound } ?? UnsafeRawPointer(bitPattern: 1)!
        sqlite3_bind_text64(handle, index, start.assumingMemoryBound(to: CChar.self), sqlite3_uint64(range.count), sqliteStatic, UInt8(SQLITE_UTF8))
    }

    /// `bindStatic(text:_:at:)` for a blob.
    func bindStatic(blob lent: UnsafeRawBufferPointer, _ range: Range<Int>, at index: Int32) {
        let start = lent.baseAddress.map { $0 + range.lowerBound } ?? UnsafeRawPointer(bitPattern: 1)!
        sqlite3_bind_blob64(handle, index, start, sqlite3_uint64(range.count), sqliteStatic)
    }

    /// Binds `bytes` as text, as they are (for copying a text that may not be UTF-8).
    func bind(textBytes bytes: ArraySlice<UInt8>, at index: Int32) {
        bytes.withUnsafeBytes { raw in
            // An empty text still needs a pointer: NULL would bind SQL NULL.
            let start = raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!
            _ = sqlite3_bind_text64(handle, index, start.assumingMemoryBound(to: CChar.self), sqlite3_uint64(raw.count),
                                    sqliteTransient, UInt8(SQLITE_UTF8))
        }
    }

    func bind(_ value: [UInt8], at index: Int32) {
        value.withUnsafeBytes { bytes in
            _ = sqlite3_bind_blob64(handle, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), sqlite3_uint64(bytes.count), sqliteTransient)
        }
    }
    func bind(_ value: String?, at index: Int32) {
        if let value { bind(value, at: index) } else { bindNull(at: index) }
    }

    // MARK: - Stepping

    /// Advances to the next row; `false` when done.
    @discardableResult
    func step() throws -> Bool {
        if sqlite3_stmt_busy(handle) == 0 { connection.countStatement() }
        let rc = sqlite3_step(handle)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = connection.error(rc, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Steps to completion, discarding rows, then resets.
    func run() throws {
        defer { reset() }
        while try step() {}
    }

    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    // MARK: - Columns (0-based, as in SQLite)

    func columnType(at index: Int32) -> Int32 { sqlite3_column_type(handle, index) }
    func isNull(at index: Int32) -> Bool { columnType(at: index) == SQLITE_NULL }
    func int64(at index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }
    /// How many columns the statement's rows have.
    var columnCount: Int32 { sqlite3_column_count(handle) }
    func double(at index: Int32) -> Double { sqlite3_column_double(handle, index) }
    func string(at index: Int32) -> String {
        guard let text = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }
    /// The text in column `index`, shared with an earlier row's when the bytes are the same.
    func string(at index: Int32, reusing recent: inout RecentTexts) -> String {
        guard let text = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return recent.text(UnsafeBufferPointer(start: text, count: count))
    }
    /// `string(at:reusing:)`, with the text's place among `recent`'s when it was one of them.
    func stringAndPlace(at index: Int32, reusing recent: inout RecentTexts) -> (text: String, place: Int?) {
        guard let text = sqlite3_column_text(handle, index) else { return ("", nil) }
        let count = Int(sqlite3_column_bytes(handle, index))
        return recent.textAndPlace(UnsafeBufferPointer(start: text, count: count))
    }
    /// The text in column `index` as SQLite holds it: valid until the statement steps,
    /// resets or reads the column as another type.
    func rawText(at index: Int32) -> UnsafeBufferPointer<UInt8> {
        guard let text = sqlite3_column_text(handle, index) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, index)))
    }
    /// The blob in column `index` as SQLite holds it (see `rawText(at:)`).
    func rawBlob(at index: Int32) -> UnsafeBufferPointer<UInt8> {
        guard let blob = sqlite3_column_blob(handle, index) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: blob.assumingMemoryBound(to: UInt8.self), count: Int(sqlite3_column_bytes(handle, index)))
    }
    func optionalString(at index: Int32) -> String? { isNull(at: index) ? nil : string(at: index) }
    func bytes(at index: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(handle, index))
        guard count > 0, let pointer = sqlite3_column_blob(handle, index) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }
}
