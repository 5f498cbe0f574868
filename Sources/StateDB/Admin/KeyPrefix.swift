/// A prefix of slot keys that respects identity boundaries.
///
/// `P` matches a key that equals `P`, or continues it with `/` (a child view or a property)
/// or `[` (a qualifier of the last segment: `A/Row` matches `A/Row[id: 1]/x`). A prefix that
/// ends with `/` matches everything below it. So `A/Row` never matches `A/Rows/x`.
@_spi(Admin) public struct KeyPrefix: Sendable, Equatable, CustomStringConvertible {
    public let text: String

    public init(_ text: String) { self.text = text }

    // Compared byte by byte: `String.hasPrefix` compares canonically equivalent characters,
    // and a rename must touch exactly the keys that were asked for.
    public func matches(_ key: String) -> Bool {
        let bytes = Array(key.utf8), prefix = Array(text.utf8)
        guard bytes.starts(with: prefix) else { return false }
        if bytes.count == prefix.count || prefix.last == UInt8(ascii: "/") { return true }
        let next = bytes[prefix.count]
        return next == UInt8(ascii: "/") || next == UInt8(ascii: "[")
    }

    /// `key` with this prefix replaced by `replacement` (the key must match).
    func replace(in key: String, with replacement: String) -> String {
        replacement + String(decoding: key.utf8.dropFirst(text.utf8.count), as: UTF8.self)
    }

    public var description: String { text }
}

extension StoreAdmin {
    /// Checks a key a person typed or a file supplied: `identity/property`, no empty segments.
    static func validateKey(_ key: String, path: String, what: String = "key") throws {
        func fail(_ problem: String) -> AdminError {
            AdminError(.invalidInput, path: path, "\(what) \(JSONValue.quoted(key)) \(problem); a key is identity segments and a property separated by /, as `statedb inspect` shows them.")
        }
        if key.isEmpty { throw fail("is empty") }
        if key.hasPrefix("/") || key.hasSuffix("/") { throw fail("starts or ends with /") }
        if key.contains("//") { throw fail("has an empty segment (//)") }
        if key.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { throw fail("contains control characters") }
    }
}
