/// A slot key (or a segment of one) that is equal to another only when both are the same
/// UTF-8 bytes, hashed and ordered by those bytes: as SQLite's `UNIQUE` index on `slots.key`
/// and its `ORDER BY key` see keys.
///
/// `String`'s `==`, and so `Set<String>` and `[String: …]`, take canonically equivalent
/// spellings as one string: `café` written with `é` and written with `e` and a combining
/// accent are equal, but they are two keys in the store, two slots. Every set, dictionary and
/// comparison of keys in the administration code uses this type, so no two slots are ever
/// taken for one (a dictionary of them would even trap on the "duplicate" key).
@_spi(Admin) public struct ByteKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let text: String

    public init(_ text: String) { self.text = text }

    public static func == (lhs: ByteKey, rhs: ByteKey) -> Bool {
        lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    public func hash(into hasher: inout Hasher) {
        for byte in text.utf8 { hasher.combine(byte) }
        hasher.combine(text.utf8.count)  // "ab" + "c" and "a" + "bc" in a tuple hash apart
    }

    /// Byte order, as SQLite's `BINARY` collation sorts keys.
    public static func < (lhs: ByteKey, rhs: ByteKey) -> Bool {
        lhs.text.utf8.lexicographicallyPrecedes(rhs.text.utf8)
    }

    public var description: String { text }
}
