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
    /// Checks a key a person typed (`set --type`): `identity/property`, no empty segments, no
    /// control characters.
    static func validateKey(_ key: String, path: String, what: String = "key") throws {
        if let problem = keyProblem(key) ?? controlCharacterProblem(key) { throw badKey(key, problem, path: path, what: what) }
    }

    static func badKey(_ key: String, _ problem: String, path: String, what: String = "key") -> AdminError {
        AdminError(.invalidInput, path: path, "\(what) \(JSONValue.quoted(key)) \(problem); a key is identity segments and a property separated by /, as `statedb inspect` shows them.")
    }

    /// What is wrong with the shape of a key, or nil: every key a view makes has this shape.
    /// A key an app names itself with `binding(for:)` may have any shape, so keys read from
    /// the store or an export are not held to it.
    ///
    /// Looked at byte by byte, as `SlotKey` splits keys: a `/` that Unicode joins with a
    /// combining mark after it is still a separator.
    static func keyProblem(_ key: String) -> String? {
        let slash = UInt8(ascii: "/")
        let bytes = key.utf8
        if bytes.isEmpty { return "is empty" }
        if bytes.first == slash || bytes.last == slash { return "starts or ends with /" }
        if zip(bytes, bytes.dropFirst()).contains(where: { $0 == slash && $1 == slash }) { return "has an empty segment (//)" }
        return nil
    }

    /// Control characters in text a person typed are a slip of the shell, not a key.
    static func controlCharacterProblem(_ text: String) -> String? {
        text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) ? "contains control characters" : nil
    }
}
