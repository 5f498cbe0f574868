/// Where a slot lives: the identity of its owner plus the property name. The key string,
/// `identity/property`, is the row's primary key and what the CLI shows.
public struct SlotKey: Hashable, Sendable, CustomStringConvertible {
    /// The owning view's identity (`ContentView/VStack/Row[id: 42]`).
    public let identity: String
    /// The property name, without the wrapper's underscore (`isOn`).
    public let property: String

    /// The slot `property` of the view at `identity`.
    public init(identity: String, property: String) {
        self.identity = identity
        self.property = property
    }

    /// Splits `identity/property` at the last `/`; a key without `/` has an empty identity.
    ///
    /// The split is at the last `/` byte, as SQLite sees the text, even where Unicode joins
    /// that `/` with the character after it (a combining mark, a joiner) into one character.
    public init(_ key: String) {
        let bytes = key.utf8
        if let slash = bytes.lastIndex(of: UInt8(ascii: "/")) {
            identity = String(decoding: bytes[..<slash], as: UTF8.self)
            property = String(decoding: bytes[bytes.index(after: slash)...], as: UTF8.self)
        } else {
            identity = ""
            property = key
        }
    }

    /// `identity/property`: the row's primary key.
    public var key: String { identity.isEmpty ? property : identity.appendingPathSegment(property) }
    public var description: String { key }
}
