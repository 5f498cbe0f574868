import CSQLite

// SQLite keeps whatever bytes it is given as TEXT, so a hand edit or a hostile file can hold a
// key, a type or a text value that is not UTF-8. The app reads such text with U+FFFD in place
// of the bad bytes, and so would the CLI: an export would change the bytes, and a key read that
// way names no row (or another row, spelled with a real U+FFFD), so a `statedb rm --prefix`,
// `mv`, `gc` or `import --replace` that read it would act on the wrong slot. So the CLI reads
// keys checked, and refuses to go on past one it cannot name; `check` lists every such row.
// A text value that is not UTF-8 makes only its own slot unreadable.
//
// Not on the app's load: it would cost a scan of every text, and the app repairs as it reads.

extension StoredRow {
    /// The row `statement` (a query of `selectSQL`'s columns) is on, for `check`: a key,
    /// type or text value that is not UTF-8 marks the value unreadable, saying why.
    init(checkingUTF8 statement: SQLiteStatement, texts: inout RepeatedTexts) {
        self.init(statement, texts: &texts)
        if let problem = Self.keyProblem(statement) ?? Self.utf8Problem(statement, encoding: encoding) {
            value = .failure(StoredValueError(message: problem))
        }
    }

    /// The row `statement` is on, for the CLI's other reads: a type or text value that is not
    /// UTF-8 marks the value unreadable.
    /// - Throws: `AdminError(.unreadableValue)` for a key that is not UTF-8 (see above).
    init(readingUTF8 statement: SQLiteStatement, texts: inout RepeatedTexts, path: String) throws {
        try statement.requireUTF8Key(at: 0, path: path)
        self.init(statement, texts: &texts)
        if let problem = Self.utf8Problem(statement, encoding: encoding) { value = .failure(StoredValueError(message: problem)) }
    }

    init(readingUTF8 statement: SQLiteStatement, path: String) throws {
        var texts = RepeatedTexts()
        try self.init(readingUTF8: statement, texts: &texts, path: path)
    }

    private static func keyProblem(_ statement: SQLiteStatement) -> String? {
        guard let (offset, byte) = statement.firstInvalidUTF8(at: 0) else { return nil }
        let hex = statement.bytes(at: 0).map(\.hexDigits).joined()
        return "the key is not valid UTF-8 (byte 0x\(byte.hexDigits) at offset \(offset)): no app writes such a key, and statedb cannot name it. Delete it with the sqlite3 shell: DELETE FROM slots WHERE key = CAST(X'\(hex)' AS TEXT)"
    }

    /// What is not UTF-8 in the type (column 1) or a text value (3), or nil.
    private static func utf8Problem(_ statement: SQLiteStatement, encoding: String) -> String? {
        if let (offset, byte) = statement.firstInvalidUTF8(at: 1) {
            return "the type is not valid UTF-8 (byte 0x\(byte.hexDigits) at offset \(offset)); no app reads this slot. `statedb rm` it"
        }
        if encoding == "text" || encoding == "json", statement.columnType(at: 3) == SQLITE_TEXT,
           let (offset, byte) = statement.firstInvalidUTF8(at: 3) {
            return "the \(encoding) value is not valid UTF-8 (byte 0x\(byte.hexDigits) at offset \(offset)); the app reads it with U+FFFD in place of the bad bytes. `statedb set` it to the value meant"
        }
        return nil
    }
}

extension SQLiteStatement {
    /// The key in column `index`, which must be UTF-8 (see above).
    /// - Throws: `AdminError(.unreadableValue)` naming the key's bytes and how to delete it.
    func requireUTF8Key(at index: Int32, path: String) throws {
        guard let (offset, byte) = firstInvalidUTF8(at: index) else { return }
        let hex = bytes(at: index).map(\.hexDigits).joined()
        throw AdminError(.unreadableValue, path: path, "the store holds a key that is not valid UTF-8 (\(JSONValue.quoted(string(at: index))), byte 0x\(byte.hexDigits) at offset \(offset)): no app writes such a key, and statedb cannot name it, and stops rather than show or act on a changed key; nothing was written. Delete it with the sqlite3 shell (DELETE FROM slots WHERE key = CAST(X'\(hex)' AS TEXT)); `statedb check` lists every such row.")
    }

    /// The text of column `index` (`what`: "type", "value") of the row whose key is in column
    /// 0, which must be UTF-8 for a command that copies it.
    /// - Throws: `AdminError(.unreadableValue)` naming the slot and what to do.
    func requireUTF8Text(at index: Int32, of what: String, path: String) throws {
        guard let (offset, byte) = firstInvalidUTF8(at: index) else { return }
        throw AdminError(.unreadableValue, path: path, "the \(what) of slot \(JSONValue.quoted(string(at: 0))) is not valid UTF-8 (byte 0x\(byte.hexDigits) at offset \(offset)), and copying it would change its bytes; nothing was written. `statedb set` it to the value meant (or `statedb rm` it), then try again; `statedb check` lists every such row.")
    }

    /// The offset and value of the first byte of column `index`'s text that breaks UTF-8, or
    /// nil when it is valid.
    func firstInvalidUTF8(at index: Int32) -> (offset: Int, byte: UInt8)? {
        guard let text = sqlite3_column_text(handle, index) else { return nil }
        return UTF8Validation.firstInvalid(in: UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, index))))
    }
}

extension UInt8 {
    /// Two upper-case hex digits.
    var hexDigits: String {
        let digits = String(self, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }
}

/// UTF-8 as the Unicode standard defines it (table 3-7): no overlong forms, no surrogates,
/// nothing above U+10FFFF.
enum UTF8Validation {
    static func firstInvalid(in bytes: UnsafeBufferPointer<UInt8>) -> (offset: Int, byte: UInt8)? {
        var index = 0
        let count = bytes.count
        while index < count {
            // Eight ASCII bytes at a time: most text, and every key a view makes.
            if index + 8 <= count {
                let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 { index += 8; continue }
            }
            let lead = bytes[index]
            if lead < 0x80 { index += 1; continue }
            let length: Int
            var second: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; second = 0xA0...0xBF
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; second = 0x80...0x9F
            case 0xF0: length = 4; second = 0x90...0xBF
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; second = 0x80...0x8F
            default: return (index, lead)
            }
            for position in 1..<length {
                guard index + position < count else { return (index, lead) }
                let byte = bytes[index + position]
                guard (position == 1 ? second : 0x80...0xBF).contains(byte) else { return (index + position, byte) }
            }
            index += length
        }
        return nil
    }
}
