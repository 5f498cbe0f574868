/// A pattern over slot keys: `*` matches any run of characters (`/` included), everything
/// else matches itself. `"Settings/*"` matches every slot under `Settings`; `"*/isOn"` every
/// `isOn` property; a pattern without `*` matches one key.
///
/// Brackets, quotes and dots are literal (identities contain them: `Row[id: "42"]`), which is
/// why this is not SQL's `GLOB` or `LIKE`.
public struct KeyPattern: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The pattern as written.
    public let pattern: String
    private let parts: [Substring]

    /// A pattern where `*` matches any run of characters.
    public init(_ pattern: String) {
        self.pattern = pattern
        self.parts = pattern.split(separator: "*", omittingEmptySubsequences: false)
    }

    public init(stringLiteral value: String) { self.init(value) }

    public var description: String { pattern }

    /// Whether `key` matches the whole pattern.
    public func matches(_ key: String) -> Bool {
        guard parts.count > 1 else { return key == pattern }
        var rest = Substring(key)
        guard rest.hasPrefix(parts[0]) else { return false }
        rest = rest.dropFirst(parts[0].count)
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let range = rest.range(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return rest.hasSuffix(parts[parts.count - 1])
    }
}
