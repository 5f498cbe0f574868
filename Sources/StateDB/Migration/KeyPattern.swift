/// A pattern over slot keys: `*` matches any run of characters (`/` included), everything
/// else matches itself. `"Settings/*"` matches every slot under `Settings`; `"*/isOn"` every
/// `isOn` property; a pattern without `*` matches one key.
///
/// Brackets, quotes and dots are literal (identities contain them: `Row[id: "42"]`), which is
/// why this is not SQL's `GLOB` or `LIKE`.
///
/// Matched byte for byte (UTF-8), as the store compares keys and as `KeyPrefix` matches: two
/// keys that differ only in how Unicode composes a character (`é` as one scalar or as `e` and
/// a combining accent) are two slots, and a pattern names one of them, never both.
public struct KeyPattern: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The pattern as written.
    public let pattern: String
    /// The pattern's bytes between its `*`s: the first must start the key, the last end it,
    /// the others appear in order between them.
    private let parts: [[UInt8]]

    /// A pattern where `*` matches any run of characters.
    public init(_ pattern: String) {
        self.pattern = pattern
        self.parts = pattern.utf8.split(separator: UInt8(ascii: "*"), omittingEmptySubsequences: false).map(Array.init)
    }

    public init(stringLiteral value: String) { self.init(value) }

    public var description: String { pattern }

    /// What every matching key starts with: the pattern up to its first `*` (all of it when it
    /// has none). Keys sorted by bytes that start with it sort together, so a reader of a
    /// sorted key index can seek there instead of reading every key.
    var literalHead: String { String(decoding: parts[0], as: UTF8.self) }

    /// Whether `key` matches the whole pattern.
    public func matches(_ key: String) -> Bool {
        if let matched = key.utf8.withContiguousStorageIfAvailable({ matches(bytes: $0[...]) }) { return matched }
        return matches(bytes: Array(key.utf8)[...])
    }

    private func matches<Bytes: Collection<UInt8>>(bytes key: Bytes) -> Bool where Bytes.SubSequence == Bytes, Bytes.Index == Int {
        guard parts.count > 1 else { return key.elementsEqual(parts[0]) }
        let head = parts[0], tail = parts[parts.count - 1]
        // The head and the tail may not overlap: `a*a` does not match `a`.
        guard key.count >= head.count + tail.count, key.starts(with: head) else { return false }
        var rest = key.dropFirst(head.count)
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let end = Self.end(of: part, in: rest) else { return false }
            rest = rest[end...]
        }
        return rest.count >= tail.count && rest.suffix(tail.count).elementsEqual(tail)
    }

    /// Where the first occurrence of `part` in `bytes` ends, or nil: the leftmost occurrence
    /// leaves the most room for the parts after it.
    private static func end<Bytes: Collection<UInt8>>(of part: [UInt8], in bytes: Bytes) -> Int? where Bytes.SubSequence == Bytes, Bytes.Index == Int {
        guard bytes.count >= part.count else { return nil }
        var start = bytes.startIndex
        let lastStart = bytes.endIndex - part.count
        while start <= lastStart {
            if bytes[start..<(start + part.count)].elementsEqual(part) { return start + part.count }
            start += 1
        }
        return nil
    }
}
