import Foundation

/// A row as loaded from the `slots` table.
struct StoredRow: Sendable {
    /// The columns a row is read from. Not `identity` and `property`: they are the key's two
    /// parts, and reading them made SQLite decode two more texts per row for nothing.
    static let selectSQL: SQL = "SELECT key, type, encoding, value, seen_at, version, created_at, updated_at FROM slots"

    /// `selectSQL` without the two timestamps, which the store never reads: its load of every
    /// row at open. Reading them was ~2% of opening a store and mounting its tree.
    static let loadSQL: SQL = "SELECT key, type, encoding, value, seen_at, version FROM slots"

    /// `identity/property`, the row's key.
    let key: String
    let type: String
    let encoding: String
    /// The value, or why it could not be read as its encoding.
    var value: Result<StoredValue, StoredValueError>
    /// When the slot was created and last written (milliseconds since 1970); 0 in the rows of
    /// `loadSQL`, which the store loads for itself and never reads them from.
    let createdAt: Int64
    let updatedAt: Int64
    let seenAt: Int64
    let version: Int64

    /// The identity and property, split from the key as the store wrote them.
    var identity: String { SlotKey(key).identity }
    var property: String { SlotKey(key).property }

    init(key: String, type: String, encoding: String, value: Result<StoredValue, StoredValueError>, seenAt: Int64, version: Int64) {
        self.key = key
        self.type = type
        self.encoding = encoding
        self.value = value
        createdAt = 0
        updatedAt = 0
        self.seenAt = seenAt
        self.version = version
    }

    /// The row `statement` (a query of `selectSQL`'s or `loadSQL`'s columns, in that order) is on.
    init(_ statement: SQLiteStatement) {
        var texts = RepeatedTexts()
        self.init(statement, texts: &texts)
    }

    /// The row `statement` is on; `texts` lends the `type` and `encoding` texts of earlier
    /// rows, which repeat (a store holds a handful of types, and seven encodings), so most rows
    /// make no new string for either.
    init(_ statement: SQLiteStatement, texts: inout RepeatedTexts) {
        key = statement.string(at: 0)
        type = statement.string(at: 1, reusing: &texts.types)
        let (encoding, place) = statement.stringAndPlace(at: 2, reusing: &texts.encodings)
        self.encoding = encoding
        // A text among the seven `RepeatedTexts` starts with is its kind, told without
        // comparing strings (the comparisons were most of reading the value).
        let kind = place.flatMap(StoredEncoding.init(rawValue:)) ?? StoredEncoding(encoding)
        if let kind {
            value = Result { try StoredValue.read(from: statement, at: 3, kind: kind) }
                .mapError { $0 as? StoredValueError ?? StoredValueError(message: "\($0)") }
        } else {
            value = .failure(StoredValueError(message: "unknown encoding '\(encoding)'"))
        }
        seenAt = statement.int64(at: 4)
        version = statement.int64(at: 5)
        let hasTimestamps = statement.columnCount > 7
        createdAt = hasTimestamps ? statement.int64(at: 6) : 0
        updatedAt = hasTimestamps ? statement.int64(at: 7) : 0
    }
}

/// The column texts rows repeat, for `StoredRow` to share from one row to the next.
struct RepeatedTexts {
    var types = RecentTexts()
    /// Starts out knowing the seven encodings, in `StoredEncoding`'s order: a text's place
    /// there is its kind.
    var encodings = RecentTexts(StoredEncoding.allCases.map(\.text))
}

/// A few texts read lately, handed out again when a column holds the same bytes.
struct RecentTexts {
    private var texts: [String]

    /// Starts out knowing `texts`.
    init(_ texts: [String] = []) {
        self.texts = texts
    }

    /// The text of `bytes`: one read before, or a new one remembered for next time.
    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        textAndPlace(bytes).text
    }

    /// The text of `bytes`, and its place in this list when it was there already.
    mutating func textAndPlace(_ bytes: UnsafeBufferPointer<UInt8>) -> (text: String, place: Int?) {
        for index in texts.indices where texts[index].hasBytes(bytes) {
            return (texts[index], index)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if texts.count < 16 { texts.append(text) }
        return (text, nil)
    }
}
