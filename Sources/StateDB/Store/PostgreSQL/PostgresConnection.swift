import CLibPQ
import Foundation

/// One libpq connection. Not thread-safe by itself: its owner serialises all use of it (as
/// `StateStore` does its SQLite connection).
///
/// Every statement is a `PostgresSQL` literal with its values bound as `$n` parameters; the
/// only statements run without parameters through the simple protocol are the literals
/// themselves and the embedded migration files.
///
/// **Failover.** A URL may list several hosts; libpq tries them in order and, with
/// `target_session_attrs=read-write` (added unless the URL says otherwise), keeps the first
/// that accepts writes. `reconnect()` goes through the list again, so after a failover it
/// finds the new primary, and it repeats the `LISTEN`s the connection had.
final class PostgresConnection {
    /// The URL as given (it may hold a password: show `redactedURL`).
    let url: String
    /// `url` with any password hidden.
    let redactedURL: String
    /// libpq's connection, nil once closed (the pipeline in +Pipeline.swift uses it too).
    private(set) var handle: OpaquePointer?
    /// Channels to listen on again after a reconnect.
    private(set) var channels: [String] = []
    /// Statements run since the connection opened.
    var statementsExecuted = 0
    /// Round trips to the server since the connection opened: one per statement, one per
    /// pipeline however many statements it holds.
    var roundTrips = 0
    /// The statements prepared in this session, by name (PostgresConnection+Prepared.swift).
    /// A session's prepared statements end with it, so `close()` forgets them.
    var preparedStatements: Set<String> = []
    /// Statements prepared since the connection opened, reconnects included.
    var statementsPrepared = 0
    /// How long a statement waits for a lock another session holds (see `limitLockWaits`).
    let lockTimeoutMilliseconds: Int32

    /// Connects to `url` (`postgresql://…` or `postgres://…`). A statement waits at most
    /// `lockTimeoutMilliseconds` for a lock another session holds: SQLite's busy timeout, the
    /// same default (`StateStore.Options.busyTimeoutMilliseconds`).
    /// - Throws: `PostgresError(.cannotConnect)` with libpq's reason; `StateStoreError(.cannotOpen)`
    ///   when libpq is not installed.
    init(url: String, lockTimeoutMilliseconds: Int32 = StateStore.Options().busyTimeoutMilliseconds) throws {
        self.url = url
        self.lockTimeoutMilliseconds = lockTimeoutMilliseconds
        redactedURL = PostgresURL.redacted(url)
        guard PostgresURL.isPostgresURL(url) else {
            throw PostgresError(.cannotConnect, message: "not a PostgreSQL URL: it must start with postgresql:// or postgres://")
        }
        try LibPQ.require(url: redactedURL)  // a StateStoreError callers pass on as it is
        handle = try Self.connect(url, lockTimeoutMilliseconds: lockTimeoutMilliseconds)
    }

    deinit { close() }

    func close() {
        if let handle { PQfinish(handle) }
        handle = nil
        preparedStatements = []
    }

    /// True while the connection is up, as far as libpq knows (it learns of a break at the
    /// next use).
    var isConnected: Bool { handle.map { PQstatus($0) == CONNECTION_OK } ?? false }

    /// The server's process id for this connection (`pg_backend_pid()`), 0 when closed.
    var backendPID: Int32 { handle.map { PQbackendPID($0) } ?? 0 }

    /// Connects again (the same URL, every host in order), then listens again on every
    /// channel it listened on.
    func reconnect() throws {
        close()
        handle = try Self.connect(url, lockTimeoutMilliseconds: lockTimeoutMilliseconds)
        let listened = channels
        channels = []
        for channel in listened { try listen(channel) }
    }

    /// Reconnects when libpq knows the connection broke.
    func ensureConnected() throws {
        if !isConnected { try reconnect() }
    }

    private static func connect(_ url: String, lockTimeoutMilliseconds: Int32) throws -> OpaquePointer {
        // Key words are read in order and a later one wins, so the defaults come before
        // `dbname` (the URL, expanded): the URL can override each of them. All but
        // `client_encoding`, which comes after (see `takeServerEncoding`).
        let keywords = ["target_session_attrs", "fallback_application_name", "connect_timeout", "dbname", "client_encoding"]
        let values = ["read-write", "statedb", "10", url, "UTF8"]
        let connection = withCStrings(keywords) { keywordPointers in
            withCStrings(values) { valuePointers in
                PQconnectdbParams(keywordPointers, valuePointers, 1)
            }
        }
        guard let connection else { throw PostgresError(.cannotConnect, message: "out of memory") }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(connection))
            PQfinish(connection)
            throw PostgresError(.cannotConnect, message: message)
        }
        do {
            try takeServerEncoding(connection)
            try limitLockWaits(connection, milliseconds: lockTimeoutMilliseconds)
        } catch {
            PQfinish(connection)
            throw error
        }
        // Notices (a `DROP … IF EXISTS` that found nothing) are not errors: not printed.
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
        return connection
    }

    /// The server encodings of several bytes a character other than UTF8, in which the bytes
    /// of UTF-8 text are mostly not valid: every commit of a key or value outside ASCII fails.
    private static let multibyteServerEncodings: Set<String> = ["EUC_CN", "EUC_JP", "EUC_JIS_2004", "EUC_KR", "EUC_TW", "MULE_INTERNAL"]

    /// Makes the connection's client encoding the database's own, so the server converts
    /// nothing: statedb's texts are UTF-8, and stored byte for byte they read back the same.
    ///
    /// In a UTF8 database that is the `client_encoding` the connection asked for, after the URL:
    /// a client encoding from the URL or `PGCLIENTENCODING` (LATIN1) would make the server
    /// convert the app's UTF-8 as if it were Latin-1, storing other text (`cafÃ©`) under other
    /// keys than a process without the setting uses. A SQL_ASCII or single-byte database
    /// (LATIN1, WIN1252, …) keeps any bytes, so it gets its own encoding (one `SET`, those
    /// databases only), as it did by default before: UTF-8 read as that encoding's characters by
    /// other clients, the same bytes for statedb. The server reports its encoding when the
    /// connection starts, so a UTF8 database costs no round trip.
    ///
    /// - Throws: `.unsuitableDatabase` for a multibyte encoding other than UTF8 (EUC_JP, …),
    ///   in which UTF-8 text fails to write at every commit, long after the open: refused
    ///   before anything is written.
    private static func takeServerEncoding(_ connection: OpaquePointer) throws {
        // Nil when the server did not report it (a pooler in between): left as asked for.
        guard let server = PQparameterStatus(connection, "server_encoding").map({ String(cString: $0) }), server != "UTF8" else { return }
        if multibyteServerEncodings.contains(server) {
            let database = PQdb(connection).map { String(cString: $0) } ?? "?"
            throw PostgresError(.unsuitableDatabase, message: "database \(database) uses the encoding \(server), in which most text outside ASCII cannot be written: a key or value with such characters would fail at every commit. Nothing was written. Create a UTF8 database (CREATE DATABASE name ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0) and point the URL at it.")
        }
        guard PQsetClientEncoding(connection, server) == 0 else {
            throw PostgresError(.cannotConnect, message: "setting the client encoding to the database's \(server) failed: \(String(cString: PQerrorMessage(connection)))")
        }
    }

    /// Makes a statement that waits for another session's lock give up after `milliseconds`
    /// (SQLSTATE 55P03, a `.busy` error), as SQLite's busy timeout does on a file.
    ///
    /// PostgreSQL's default is to wait for as long as the lock is held, and a lock is held
    /// until its transaction ends: a psql left open after `BEGIN; UPDATE slots …` (or `UPDATE
    /// statedb_clock …`, which every commit must update) would freeze an app's update on the
    /// main actor, and a `statedb set`, for as long as that shell stays open. After the
    /// timeout the failed statement's transaction is rolled back (the pipeline and
    /// `transaction` both roll back on a failure), so nothing is half-written; an app keeps its
    /// batch in memory for the next flush and the CLI exits 9, as on a file.
    ///
    /// A `lock_timeout` the session already has (the URL's `options=-c lock_timeout=…`,
    /// `ALTER ROLE … SET lock_timeout`, the server's configuration) is kept: that is an
    /// operator's choice. `0`, PostgreSQL's "wait forever", is what this replaces. One round
    /// trip per connection (a setting in the startup packet would take the place of any
    /// `options` the URL or `PGOPTIONS` give).
    private static func limitLockWaits(_ connection: OpaquePointer, milliseconds: Int32) throws {
        // 0 means no limit to PostgreSQL but no wait to SQLite: the shortest wait keeps the latter.
        let limit = String(max(1, milliseconds))
        let sql = "SELECT set_config('lock_timeout', $1, false) WHERE current_setting('lock_timeout') = '0'"
        let result: OpaquePointer? = withParameters([.text(limit)]) { values, lengths, formats in
            PQexecParams(connection, sql, 1, nil, values, lengths, formats, 0)
        }
        defer { PQclear(result) }
        guard PQresultStatus(result) == PGRES_TUPLES_OK else {
            throw PostgresError(.cannotConnect, message: "setting lock_timeout failed: \(String(cString: PQerrorMessage(connection)))")
        }
    }

    // MARK: - Statements

    /// Runs a statement with `parameters` bound to `$1`, `$2`, … and returns its rows.
    @discardableResult
    func execute(_ sql: PostgresSQL, _ parameters: [PostgresParameter] = []) throws -> PostgresResult {
        guard let handle else { throw PostgresError(.connectionLost, message: "the connection is closed", sql: sql.text) }
        statementsExecuted += 1
        roundTrips += 1
        let result: OpaquePointer? = Self.withParameters(parameters) { values, lengths, formats in
            PQexecParams(handle, sql.text, Int32(parameters.count), nil, values, lengths, formats, 0)
        }
        return try check(result, sql: sql.text)
    }

    /// Runs SQL that takes no parameters and may hold several statements (a migration file)
    /// through the simple query protocol. A failure names the line it happened on.
    func executeScript(_ sql: PostgresSQL) throws {
        guard let handle else { throw PostgresError(.connectionLost, message: "the connection is closed", sql: sql.text) }
        statementsExecuted += 1
        roundTrips += 1
        _ = try check(PQexec(handle, sql.text), sql: sql.text, script: true)
    }

    func check(_ result: OpaquePointer?, sql: String, script: Bool = false) throws -> PostgresResult {
        guard let result else {
            throw PostgresError(isConnected ? .statement : .connectionLost, message: handle.map { String(cString: PQerrorMessage($0)) } ?? "no result", sql: sql)
        }
        let status = PQresultStatus(result)
        if status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK { return PostgresResult(result) }
        defer { PQclear(result) }
        let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
        var message = String(cString: PQresultErrorMessage(result))
        if script, let position = PQresultErrorField(result, Int32(UInt8(ascii: "P"))).flatMap({ Int(String(cString: $0)) }) {
            // The position counts characters from 1; the line is what a person looks for.
            let line = sql.prefix(max(0, position - 1)).filter { $0 == "\n" }.count + 1
            message += " (line \(line))"
        }
        let lost = state == nil && !isConnected
        throw PostgresError(lost ? .connectionLost : .statement, sqlState: state, message: message, sql: script ? nil : sql)
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    /// `begin` opens it (a literal: `"BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"` for a
    /// read in one snapshot).
    func transaction<T>(_ begin: PostgresSQL = "BEGIN", _ body: () throws -> T) throws -> T {
        try execute(begin)
        do {
            let result = try body()
            // A write's commit is one step for an interrupted `statedb` (see InterruptCleanup).
            if begin.text.hasSuffix("READ ONLY") { try execute("COMMIT") } else { try InterruptCleanup.committing(to: nil) { try execute("COMMIT") } }
            return result
        } catch {
            if isConnected { _ = try? execute("ROLLBACK") }
            throw error
        }
    }

    // MARK: - LISTEN / NOTIFY

    /// A notification another session (or this one) sent with `NOTIFY` or `pg_notify`.
    struct Notification: Sendable, Equatable {
        let channel: String
        let payload: String
        /// The sending session's server process id.
        let senderPID: Int32
    }

    /// Starts listening on `channel`, one of the store's own channel names (a literal).
    func listen(_ channel: StaticString) throws {
        try listen(channel.description)
    }

    private func listen(_ channel: String) throws {
        // LISTEN takes an identifier, not a parameter; the names are the store's literals,
        // checked here to be plain identifiers all the same.
        precondition(channel.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }, "channel names are plain identifiers")
        guard let handle else { throw PostgresError(.connectionLost, message: "the connection is closed") }
        _ = try check(PQexec(handle, "LISTEN " + channel), sql: "LISTEN " + channel)
        if !channels.contains(channel) { channels.append(channel) }
    }

    /// The notifications that have arrived, waiting up to `timeout` seconds on the socket for
    /// the first when none has. Returns an empty list when the time ran out. Notifications that
    /// came in while other statements ran are returned at once.
    func waitForNotifications(timeout: Double) throws -> [Notification] {
        guard let handle else { throw PostgresError(.connectionLost, message: "the connection is closed") }
        var received = try drainNotifications(handle)
        if !received.isEmpty { return received }
        let deadline = Date().addingTimeInterval(timeout)
        while received.isEmpty {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { break }
            var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
            guard descriptor.fd >= 0 else { throw PostgresError(.connectionLost, message: "the connection has no socket") }
            let ready = poll(&descriptor, 1, Int32(min(remaining * 1000, Double(Int32.max)).rounded(.up)))
            if ready < 0 {
                if errno == EINTR { continue }
                throw PostgresError(.wait, message: String(cString: strerror(errno)))
            }
            if ready == 0 { break }
            received = try drainNotifications(handle)
        }
        return received
    }

    private func drainNotifications(_ handle: OpaquePointer) throws -> [Notification] {
        guard PQconsumeInput(handle) == 1 else {
            throw PostgresError(.connectionLost, message: String(cString: PQerrorMessage(handle)))
        }
        var received: [Notification] = []
        while let notify = PQnotifies(handle) {
            received.append(Notification(channel: String(cString: notify.pointee.relname),
                                         payload: String(cString: notify.pointee.extra),
                                         senderPID: notify.pointee.be_pid))
            PQfreemem(notify)
        }
        return received
    }

    // MARK: - Parameters

    /// Calls `body` with libpq's three parameter arrays: values (text NUL-terminated, bytes
    /// raw), lengths (for the binary ones) and formats (0 text, 1 binary).
    static func withParameters<R>(
        _ parameters: [PostgresParameter],
        _ body: (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?) -> R
    ) -> R {
        guard !parameters.isEmpty else { return body(nil, nil, nil) }
        var storage: [UnsafeMutableRawPointer?] = []
        var lengths: [Int32] = []
        var formats: [Int32] = []
        storage.reserveCapacity(parameters.count)
        defer { for pointer in storage { free(pointer) } }
        for parameter in parameters {
            switch parameter {
            case .null:
                storage.append(nil)
                lengths.append(0)
                formats.append(0)
            case .text(let text):
                storage.append(UnsafeMutableRawPointer(strdup(text)))
                lengths.append(0)
                formats.append(0)
            case .integer(let integer):
                storage.append(UnsafeMutableRawPointer(strdup(String(integer))))
                lengths.append(0)
                formats.append(0)
            case .bytes(let bytes):
                let copy = malloc(max(1, bytes.count))!
                bytes.withUnsafeBytes { if let base = $0.baseAddress { copy.copyMemory(from: base, byteCount: bytes.count) } }
                storage.append(copy)
                lengths.append(Int32(bytes.count))
                formats.append(1)
            }
        }
        let values = storage.map { $0.map { UnsafePointer($0.assumingMemoryBound(to: CChar.self)) } }
        return values.withUnsafeBufferPointer { values in
            lengths.withUnsafeBufferPointer { lengths in
                formats.withUnsafeBufferPointer { formats in
                    body(values.baseAddress, lengths.baseAddress, formats.baseAddress)
                }
            }
        }
    }
}

/// Calls `body` with a NULL-terminated array of C strings copied from `strings`.
private func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
    let copies = strings.map { strdup($0) }
    defer { for copy in copies { free(copy) } }
    let pointers: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } } + [nil]
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
