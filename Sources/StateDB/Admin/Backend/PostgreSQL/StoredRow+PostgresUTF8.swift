// The PostgreSQL side of `StoredRow+UTF8.swift`. A UTF8 database holds UTF-8 text only, but a
// SQL_ASCII or single-byte one (LATIN1, WIN1252) is spoken to in its own encoding, its bytes
// passed on unchanged (`PostgresConnection.takeServerEncoding`), so a hand edit there can leave
// a key, a type or a text value that is not UTF-8. The CLI treats it as on a file: it reads
// keys checked and stops before acting on one it cannot name, `check` lists every such row,
// and a text value makes only its own slot unreadable.

extension StoredRow {
    /// Row `row` of a result with `postgresSelectSQL`'s columns, for `check`: a key, type or
    /// text value that is not UTF-8 marks the value unreadable, saying why.
    init(checkingUTF8 result: PostgresResult, row: Int) {
        self.init(result, row: row)
        if let problem = Self.keyProblem(result, row: row) ?? Self.utf8Problem(result, row: row, encoding: encoding) {
            value = .failure(problem)
        }
    }

    /// Row `row`, for the CLI's other reads: a type or text value that is not UTF-8 marks the
    /// value unreadable.
    /// - Throws: `AdminError(.unreadableValue)` for a key that is not UTF-8.
    init(readingUTF8 result: PostgresResult, row: Int, location: String) throws {
        try result.requireUTF8Key(row, 0, location: location)
        self.init(result, row: row)
        if let problem = Self.utf8Problem(result, row: row, encoding: encoding) { value = .failure(problem) }
    }

    private static func keyProblem(_ result: PostgresResult, row: Int) -> StoredValueError? {
        guard let fault = result.invalidUTF8(row, 0) else { return nil }
        return StoredValueError(message: "the key is not valid UTF-8 (\(fault)): no app writes such a key, and statedb cannot name it. \(result.deletionAdvice(row, keyColumn: 0))")
    }

    /// What is not UTF-8 in the type (column 1) or a text value (3), or nil.
    private static func utf8Problem(_ result: PostgresResult, row: Int, encoding: String) -> StoredValueError? {
        if let fault = result.invalidUTF8(row, 1) {
            return StoredValueError(message: "the type is not valid UTF-8 (\(fault)); no app reads this slot. `statedb rm` it", typeIsNotUTF8: true)
        }
        if encoding == "text" || encoding == "json", let fault = result.invalidUTF8(row, 3) {
            return StoredValueError(message: "the \(encoding) value is not valid UTF-8 (\(fault)); the app reads it with U+FFFD in place of the bad bytes. `statedb set` it to the value meant")
        }
        return nil
    }
}

extension PostgresResult {
    /// Where column `column`'s text breaks UTF-8, for a message ("byte 0xFF at offset 3"), or
    /// nil when it is valid.
    func invalidUTF8(_ row: Int, _ column: Int) -> String? {
        firstInvalidUTF8(row, column).map { "byte 0x\($0.byte.hexDigits) at offset \($0.offset)" }
    }

    /// The slot key in column `column`, which must be UTF-8.
    /// - Throws: `AdminError(.unreadableValue)` naming the key's bytes and how to delete it.
    func requireUTF8Key(_ row: Int, _ column: Int, location: String) throws {
        guard let fault = invalidUTF8(row, column) else { return }
        throw AdminError(.unreadableValue, path: location, "the store holds a key that is not valid UTF-8 (\(JSONValue.quoted(string(row, column) ?? "")) in slots, \(fault)): no app writes such a key, and statedb cannot name it, so it stops rather than show or act on a changed key; nothing was written. \(deletionAdvice(row, keyColumn: column)); `statedb check` lists every such slot.")
    }

    /// The text of column `column` (`what`: "type", "value") of the row whose key is in column
    /// 0, which must be UTF-8 for a command that copies it.
    /// - Throws: `AdminError(.unreadableValue)` naming the slot and what to do.
    func requireUTF8Text(_ row: Int, _ column: Int, of what: String, location: String) throws {
        guard let fault = invalidUTF8(row, column) else { return }
        throw AdminError(.unreadableValue, path: location, "the \(what) of slot \(JSONValue.quoted(string(row, 0) ?? "")) is not valid UTF-8 (\(fault)), and copying it would change its bytes; nothing was written. `statedb set` it to the value meant (or `statedb rm` it), then try again; `statedb check` lists every such row.")
    }

    /// How to delete the slot whose key in column `keyColumn` is not UTF-8: by its bytes in the
    /// database's encoding, with psql, while no app has the store open (a running app would
    /// read the deletion's tombstone with U+FFFD and reset the slot that key reads as).
    func deletionAdvice(_ row: Int, keyColumn: Int) -> String {
        let hex = rawBytes(row, keyColumn).map(\.hexDigits).joined()
        return "With the app stopped, delete it with psql: DELETE FROM slots WHERE convert_to(key, current_setting('server_encoding')) = decode('\(hex)', 'hex')"
    }
}
