/// Where a slot lives: the identity of its owner plus the property name. The key string,
/// `identity/property`, is the row's primary key and what the CLI shows.
public struct SlotKey: Hashable, Sendable, CustomStringConvertible {
    public let identity: String
    public let property: String

    public init(identity: String, property: String) {
        self.identity = identity
        self.property = property
    }

    /// Splits `identity/property` at the last `/`; a key without `/` has an empty identity.
    public init(_ key: String) {
        if let slash = key.lastIndex(of: "/") {
            identity = String(key[..<slash])
            property = String(key[key.index(after: slash)...])
        } else {
            identity = ""
            property = key
        }
    }

    public var key: String { identity.isEmpty ? property : identity + "/" + property }
    public var description: String { key }
}
