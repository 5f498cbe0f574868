import CSQLite

// SQLite keeps whatever bytes it is given as TEXT, so a hand edit or a hostile file can hold a
// key, a type or a text value that is not UTF-8. The app reads such text with U+FFFD in place
// of the bad bytes, and so would the CLI: an export would change the bytes, and a key read that
// way names no row (or another row, spelled with a real U+FFFD), so a `statedb rm --prefix`,
// `mv`, `gc` or `import --replace` that read it would act on the wrong slot. So the CLI reads
// keys checked, and refuses to go on past one it cannot name; `check` lists every such row.
// A text value that is not UTF-8 makes only its own slot unreadable.
//
// Not on the app's load, which would pay a scan of every text: it repairs as it reads (a key
// that is not UTF-8 is kept as its repaired text, `LoadedRows`, so it is found by that text).

extension StoredRow {
    /// The row `statement` (a query of `selectSQL`'s columns) is on, for `check`: a key,
    /// type or text value that is not UTF-8 marks the value unreadable, saying why.
    init(checkingUTF8 statement: SQLiteStatement, texts: inout RepeatedTexts) {
        // Before the columns are read as text: a BLOB read so looks like TEXT afterwards.
        let keyProblem = Self.keyProblem(statement), typeProblem = Self.typeProblem(statement)
        self.init(statement, texts: &texts)
        if let problem = keyProblem ?? typeProblem ?? Self.valueProblem(statement, encoding: encoding) {
            value = .failure(problem)
        }
    }

    /// The row `statement` is on, for the CLI's other reads: a type or text value that is not
    /// UTF-8 marks the value unreadable.
    /// - Throws: `AdminError(.unreadableValue)` for a key that is not UTF-8 (see above).
    init(readingUTF8 statement: SQLiteStatement, texts: inout RepeatedTexts, path: String) throws {
        try statement.requireUTF8Key(at: 0, path: path)
        let typeProblem = Self.typeProblem(statement)  // before the type is read as text, as above
        self.init(statement, texts: &texts)
        if let problem = typeProblem ?? Self.valueProblem(statement, encoding: encoding) { value = .failure(problem) }
    }

    init(readingUTF8 statement: SQLiteStatement, path: String) throws {
        var texts = RepeatedTexts()
        try self.init(readingUTF8: statement, texts: &texts, path: path)
    }

    private static func keyProblem(_ statement: SQLiteStatement) -> StoredValueError? {
        guard let fault = statement.invalidUTF8(at: 0) else { return nil }
        return StoredValueError(message: "the key \(SQLiteStatement.describing(fault)): no app writes such a key, and statedb cannot name it. \(statement.deletionAdvice(keyAt: 0))",
                                keyIsNotUTF8: true)
    }

    /// What is not UTF-8 in the type (column 1), or nil.
    private static func typeProblem(_ statement: SQLiteStatement) -> StoredValueError? {
        statement.invalidUTF8(at: 1).map {
            StoredValueError(message: "the type is not valid UTF-8 (\($0)); no app reads this slot. `statedb rm` it", typeIsNotUTF8: true)
        }
    }

    /// What is not UTF-8 in a text value (column 3), or nil.
    private static func valueProblem(_ statement: SQLiteStatement, encoding: String) -> StoredValueError? {
        if encoding == "text" || encoding == "json", statement.columnType(at: 3) == SQLITE_TEXT, let fault = statement.invalidUTF8(at: 3) {
            return StoredValueError(message: "the \(encoding) value is not valid UTF-8 (\(fault)); the app reads it with U+FFFD in place of the bad bytes. `statedb set` it to the value meant")
        }
        return nil
    }
}

extension SQLiteStatement {
    /// The slot key in column `index`, which must be UTF-8 (see above).
    /// - Throws: `AdminError(.unreadableValue)` naming the key's bytes and how to delete it.
    func requireUTF8Key(at index: Int32, path: String) throws {
        guard let fault = invalidUTF8(at: index) else { return }
        throw AdminError(.unreadableValue, path: path, "the store holds a key that \(Self.describing(fault)) (\(JSONValue.quoted(string(at: index))) in slots): no app writes such a key, and statedb cannot name it, so it stops rather than show or act on a changed key; nothing was written. \(deletionAdvice(keyAt: index)); `statedb check` lists every such slot.")
    }

    /// How to delete the slot whose key in column `index` is not UTF-8: by its bytes, with the
    /// sqlite3 shell, while no app has the store open (a running app would read the deletion's
    /// tombstone with U+FFFD and reset the slot that key reads as).
    func deletionAdvice(keyAt index: Int32) -> String {
        let hex = bytes(at: index).map(\.hexDigits).joined()
        return "With the app stopped, delete it with the sqlite3 shell: DELETE FROM slots WHERE CAST(key AS BLOB) = X'\(hex)'"
    }

    /// The text of column `index` (`what`: "type", "value") of the row whose key is in column
    /// 0, which must be UTF-8 for a command that copies it.
    /// - Throws: `AdminError(.unreadableValue)` naming the slot and what to do.
    func requireUTF8Text(at index: Int32, of what: String, path: String) throws {
        guard let fault = invalidUTF8(at: index) else { return }
        throw AdminError(.unreadableValue, path: path, "the \(what) of slot \(JSONValue.quoted(string(at: 0))) is not valid UTF-8 (\(fault)), and copying it would change its bytes; nothing was written. `statedb set` it to the value meant (or `statedb rm` it), then try again; `statedb check` lists every such row.")
    }
}
