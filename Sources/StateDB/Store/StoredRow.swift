import Foundation

/// A row as loaded from the `slots` table.
struct StoredRow: Sendable {
    /// The columns a row is read from. Not `identity` and `property`: they are the key's two
    /// parts, and reading them made SQLite decode two more texts per row for nothing.
    static let selectSQL = "SELECT key, type, encoding, value, created_at, updated_at, seen_at, version FROM slots"

    let key: String
    let type: String
    let encoding: String
    /// The value, or why it could not be read as its encoding.
    let value: Result<StoredValue, StoredValueError>
    let createdAt: Int64
    let updatedAt: Int64
    let seenAt: Int64
    let version: Int64

    /// The identity and property, split from the key as the store wrote them.
    var identity: String { SlotKey(key).identity }
    var property: String { SlotKey(key).property }

    /// The row `statement` (a query of `selectSQL`'s columns) is on.
    init(_ statement: SQLiteStatement) {
        var typeNames = RecentTexts()
        self.init(statement, typeNames: &typeNames)
    }

    /// The row `statement` is on; `typeNames` lends the `type` texts of earlier rows, which
    /// repeat (a store holds a handful of types), so most rows make no new string for it.
    init(_ statement: SQLiteStatement, typeNames: inout RecentTexts) {
        key = statement.string(at: 0)
        type = statement.string(at: 1, reusing: &typeNames)
        let encoding = StoredValue.encodingName(statement, at: 2)
        self.encoding = encoding
        value = Result { try StoredValue.read(from: statement, at: 3, encoding: encoding) }
            .mapError { $0 as? StoredValueError ?? StoredValueError(message: "\($0)") }
        createdAt = statement.int64(at: 4)
        updatedAt = statement.int64(at: 5)
        seenAt = statement.int64(at: 6)
        version = statement.int64(at: 7)
    }
}

/// A few texts read lately, handed out again when a column holds the same bytes.
struct RecentTexts {
    private var texts: [String] = []

    /// The text of `bytes`: one read before, or a new one remembered for next time.
    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        for index in texts.indices {
            var text = texts[index]
            let same = text.withUTF8 { $0.count == bytes.count && (bytes.isEmpty || memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0) }
            if same { return text }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if texts.count < 8 { texts.append(text) }
        return text
    }
}
