import CSQLite

// SQLite keeps whatever bytes it is given as TEXT: a hand edit or a hostile file can hold a key
// or text that is not UTF-8, which Swift reads with U+FFFD in place of the bad bytes. Code that
// acts on a key it read (deletes, renames, copies it) must not act on the changed one: it
// checks with `isUTF8Text` (or `invalidUTF8`, which says why not) and leaves such a row alone
// or refuses (the CLI's reads in Admin/Backend/SQLite/StoredRow+UTF8.swift, the state
// migrations' scans). A key stored as a BLOB (`CAST('A/x' AS BLOB)`, a hand edit) counts too:
// it reads as the text of its bytes, but equals no text, so no statement by key ever finds it.

extension SQLiteStatement {
    /// The offset and value of the first byte of column `index`'s text that breaks UTF-8, or
    /// nil when it is valid.
    func firstInvalidUTF8(at index: Int32) -> (offset: Int, byte: UInt8)? {
        guard let text = sqlite3_column_text(handle, index) else { return nil }
        return UTF8Validation.firstInvalid(in: UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, index))))
    }

    /// Whether column `index` is text, and valid UTF-8 (or NULL): not a BLOB.
    func isUTF8Text(at index: Int32) -> Bool {
        sqlite3_column_type(handle, index) != SQLITE_BLOB && firstInvalidUTF8(at: index) == nil
    }

    /// Why column `index` is not valid UTF-8 text, for a message ("byte 0xFF at offset 3",
    /// "stored as a blob, not as text"), or nil when it is.
    func invalidUTF8(at index: Int32) -> String? {
        if sqlite3_column_type(handle, index) == SQLITE_BLOB { return Self.storedAsBlob }
        return firstInvalidUTF8(at: index).map { "byte 0x\($0.byte.hexDigits) at offset \($0.offset)" }
    }

    /// What `invalidUTF8` says of a BLOB.
    static let storedAsBlob = "stored as a blob, not as text"

    /// "is not valid UTF-8 (byte 0xFF at offset 3)" or "is stored as a blob, not as text", for
    /// a message about a key, from what `invalidUTF8` said.
    static func describing(_ fault: String) -> String {
        fault == storedAsBlob ? "is " + fault : "is not valid UTF-8 (\(fault))"
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
