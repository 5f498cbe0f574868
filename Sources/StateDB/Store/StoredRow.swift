import Foundation

/// A row as loaded from the `slots` table.
struct StoredRow: Sendable {
    /// The columns a row is read from. Not `identity` and `property`: they are the key's two
    /// parts, and reading them made SQLite decode two more texts per row for nothing.
    static let selectSQL: SQL = "SELECT key, type, encoding, value, seen_at, version, created_at, updated_at FROM slots"

    /// `selectSQL` without the two timestamps, which the store never reads: its load of every
    /// row at open. Reading them was ~2% of opening a store and mounting its tree.
    static let loadSQL: SQL = "SELECT key, type, encoding, value, seen_at, version FROM slots"

    /// The key as read: whole, or (the store's own load, see `RepeatedTexts.sharesKeyParts`)
    /// in the parts `SlotKey` splits it into, the identity shared with the row before.
    let storedKey: StoredKey
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

    /// `identity/property`, the row's key (built when it was loaded in parts).
    var key: String { storedKey.text }

    /// The identity and property, split from the key as the store wrote them.
    var identity: String { storedKey.slotKey.identity }
    var property: String { storedKey.slotKey.property }

    /// The row `statement` (a query of `selectSQL`'s or `loadSQL`'s columns, in that order) is on.
    init(_ statement: SQLiteStatement) {
        var texts = RepeatedTexts()
        self.init(statement, texts: &texts)
    }

    /// The row `statement` is on; `texts` lends the `type` and `encoding` texts of earlier
    /// rows, which repeat (a store holds a handful of types, and seven encodings), so most rows
    /// make no new string for either.
    init(_ statement: SQLiteStatement, texts: inout RepeatedTexts) {
        storedKey = texts.sharesKeyParts ? statement.keyInParts(at: 0, reusing: &texts) : StoredKey(statement.string(at: 0))
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
    /// Read keys in parts (`StoredKey.init(identity:property:)`): the rows of the store's own load, which its
    /// slots' cells and views keep. Other readers (the CLI) want the key whole.
    let sharesKeyParts: Bool
    /// The properties of the rows read, and the identity of the last (a view's slots are
    /// written together, so its rows mostly follow each other).
    var properties = RecentTexts()
    var lastIdentity = ""

    init(sharesKeyParts: Bool = false) {
        self.sharesKeyParts = sharesKeyParts
    }

    /// The key of `bytes` in parts, split at the last `/` (as `SlotKey` splits it), the
    /// identity shared with the previous row's and the property with earlier rows' when the
    /// bytes are the same. A key with no identity is kept whole.
    mutating func key(_ bytes: UnsafeBufferPointer<UInt8>) -> StoredKey {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")), slash > 0 else {
            return StoredKey(String(decoding: bytes, as: UTF8.self))
        }
        let identityBytes = UnsafeBufferPointer(rebasing: bytes[..<slash])
        if !Self.hasBytes(lastIdentity, identityBytes) { lastIdentity = String(decoding: identityBytes, as: UTF8.self) }
        return StoredKey(identity: lastIdentity, property: properties.text(UnsafeBufferPointer(rebasing: bytes[(slash + 1)...])))
    }

    /// Whether `text` is `bytes`. Its bytes are borrowed in place: `withUTF8` on a copy cost a
    /// retain, a release and a uniqueness check per row.
    static func hasBytes(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let utf8 = text.utf8
        guard utf8.count == bytes.count else { return false }
        guard !bytes.isEmpty else { return true }
        if let same = utf8.withContiguousStorageIfAvailable({ memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }) {
            return same
        }
        return utf8.elementsEqual(bytes)
    }
}

/// A row's key as loaded.
///
/// The store's own load keeps the parts: the identity text is shared by the rows of one view,
/// and handed on to the cells and the view node that mount them, so a mounted tree holds one
/// copy of each view's identity. Whole keys loaded for every slot cost ~96 bytes a slot, and
/// freeing them as slots mounted left the heap too scattered to give the memory back.
///
/// A struct of two fields rather than an enum: a field is read in place through the row's box,
/// where matching an enum's case copied (retained) its payload on every lookup.
struct StoredKey: Sendable {
    /// The whole key, or its identity (never empty) when `property` is not nil.
    let head: String
    /// The property, for a key kept in parts: the key is `head/property`.
    let property: String?

    /// The key `text`, kept whole.
    init(_ text: String) {
        head = text
        property = nil
    }

    /// The key `identity/property`; `identity` is not empty.
    init(identity: String, property: String) {
        head = identity
        self.property = property
    }

    var text: String {
        guard let property else { return head }
        return head + "/" + property
    }

    /// The slot key; for a key in parts, made of the same texts.
    var slotKey: SlotKey {
        guard let property else { return SlotKey(head) }
        return SlotKey(identity: head, property: property)
    }

    /// The key of the store's slot index.
    var indexKey: SlotIndexKey {
        guard let property else { return SlotIndexKey(head) }
        return SlotIndexKey(identity: head, property: property)
    }

    /// Whether the key's bytes start with `prefix`'s, compared without joining the parts.
    func hasPrefix(_ prefix: [UInt8]) -> Bool {
        guard let property else {
            return head.utf8.withContiguousStorageIfAvailable { $0.starts(with: prefix) } ?? head.utf8.starts(with: prefix)
        }
        let identityCount = head.utf8.count
        if prefix.count <= identityCount { return head.utf8.starts(with: prefix) }
        return head.utf8.elementsEqual(prefix[..<identityCount]) && prefix[identityCount] == UInt8(ascii: "/")
            && property.utf8.starts(with: prefix[(identityCount + 1)...])
    }
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
        for index in texts.indices where RepeatedTexts.hasBytes(texts[index], bytes) {
            return (texts[index], index)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if texts.count < 16 { texts.append(text) }
        return (text, nil)
    }
}
