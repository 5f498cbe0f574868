/// Why an administrative operation on a store was refused. Nothing was written when one is
/// thrown. `description` is one line: the file, what is wrong, what to do.
///
/// Failures to open or write the file itself are `StateStoreError`s.
@_spi(Admin) public struct AdminError: Error, CustomStringConvertible, Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        /// No slot has the key, no slot matches the prefix, no quarantine entry has the id.
        case notFound
        /// The value does not fit the slot's declared type.
        case typeMismatch
        /// The change would overwrite something (a key taken by `mv`, a slot of another type).
        case conflict
        /// Input that is not valid (a bad key, type name or export file).
        case invalidInput
        /// `export` met a value that cannot be read as its encoding; `statedb check` lists them.
        case unreadableValue
    }

    public let kind: Kind
    /// The store file.
    public let path: String
    public let message: String

    public init(_ kind: Kind, path: String, _ message: String) {
        self.kind = kind
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}
