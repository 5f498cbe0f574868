import Foundation

/// Why `SortedKeyJSON` hands a value back to `JSONEncoder`.
struct JSONEncodingUnsupported: Error {}

/// The `Encoder` handed to each value's `encode(to:)`. It also holds what the value encoded —
/// a single value, the members of its keyed container or the elements of its unkeyed one — so
/// a struct costs one object here (plus the standard library's container box).
final class JSONNodeEncoder: Encoder {
    /// The encoder of the top-level value, which keeps `isUnsupported`; nil for that one.
    /// Unowned: the nodes of the root's tree hold the nested encoders, and the root lives
    /// until the text is written, after the last use of this field. (A value whose
    /// `encode(to:)` kept its encoder and used it after the encoding would trap here.)
    private unowned let root: JSONNodeEncoder?
    /// Something came up that only `JSONEncoder` does exactly (kept on the root).
    private var unsupported = false
    /// What was encoded into it: a container of its own (its `members` or `elements`), or a
    /// single value.
    private var content: Content?
    /// The encoder's own containers are kinds, not nodes: a node holds its encoder strongly,
    /// and an encoder holding its own node was a cycle that leaked every encoded struct and
    /// array, with all they held (~1 MB a commit of a list of 2,000 small structs).
    private enum Content {
        case object
        case array
        case value(JSONNode)
    }
    /// The keyed container's members in the order first set; a key set again keeps its place
    /// and takes the new value, as a `Dictionary` does in `JSONEncoder`.
    private(set) var members: [(key: String, value: JSONNode)] = []
    /// The unkeyed container's elements.
    var elements: [JSONNode] = []
    /// Member positions by key, once there are too many members to search.
    private var positions: [String: Int]?
    /// (top level) The top-level value is being encoded into this encoder.
    private var hasTakenValue = false

    init(root: JSONNodeEncoder?) {
        self.root = root
    }

    /// The node of what was encoded into it; nil when nothing was.
    var storage: JSONNode? {
        switch content {
        case nil: nil
        case .object: .object(self)
        case .array: .array(self)
        case .value(let node): node
        }
    }

    var isUnsupported: Bool {
        get { root?.isUnsupported ?? unsupported }
        set { if let root { root.isUnsupported = newValue } else { unsupported = newValue } }
    }

    /// The node of `value`; throws `JSONEncodingUnsupported` (or the value's own error, which
    /// also sends it to `JSONEncoder`) when this encoder must not do it.
    func node<T: Encodable>(for value: T) throws -> JSONNode {
        switch ObjectIdentifier(T.self) {
        // What `JSONEncoder`'s date strategy (`DateText.encode`) writes.
        case ObjectIdentifier(Date.self):
            let date = value as! Date  // `T` is `Date`
            if let text = DateText.canonical(date) { return .string(text) }
            return try number(date.timeIntervalSinceReferenceDate)
        // JSONEncoder special-cases these (base64, absoluteString, a number).
        case ObjectIdentifier(Data.self), ObjectIdentifier(URL.self), ObjectIdentifier(Decimal.self):
            throw JSONEncodingUnsupported()
        default:
            break
        }
        // The top-level value is encoded into this encoder itself (one object fewer); every
        // value nested in it gets its own.
        let encoder: JSONNodeEncoder
        if root == nil && !hasTakenValue {
            hasTakenValue = true
            encoder = self
        } else {
            encoder = JSONNodeEncoder(root: root ?? self)
        }
        try value.encode(to: encoder)
        guard !isUnsupported, let node = encoder.storage else { throw JSONEncodingUnsupported() }
        return node
    }

    func number<F: BinaryFloatingPoint & CustomStringConvertible>(_ value: F) throws -> JSONNode {
        guard value.isFinite else { throw JSONEncodingUnsupported() }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return .number(text)
    }

    func set(_ value: JSONNode, for key: String) {
        if let index = position(of: key) {
            members[index].value = value
            return
        }
        if members.isEmpty { members.reserveCapacity(8) }  // one allocation for a typical struct
        positions?[key] = members.count
        members.append((key, value))
        if positions == nil && members.count > 8 {
            positions = Dictionary(members.indices.map { (members[$0].key, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    private func position(of key: String) -> Int? {
        if let positions { return positions[key] }
        return members.firstIndex { $0.key == key }
    }

    /// Puts the members in `JSONEncoder`'s key order: by UTF-8 bytes.
    func sortMembers() {
        guard members.count > 1 else { return }
        func precedes(_ lhs: String, _ rhs: String) -> Bool { lhs.utf8.lexicographicallyPrecedes(rhs.utf8) }
        var ordered = true
        for index in 1..<members.count where !precedes(members[index - 1].key, members[index].key) {
            ordered = false
            break
        }
        if ordered { return }
        members.sort { precedes($0.key, $1.key) }
        positions = nil  // not needed any more
    }

    // MARK: - Encoder

    /// Not tracked: a value that asks gets `JSONEncoder` instead.
    var codingPath: [any CodingKey] {
        isUnsupported = true
        return []
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        switch content {
        case .object: break
        case nil: content = .object
        default: isUnsupported = true
        }
        return KeyedEncodingContainer(JSONKeyedContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        switch content {
        case .array: break
        case nil: content = .array
        default: isUnsupported = true
        }
        return JSONUnkeyedContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONSingleValueContainer(encoder: self)
    }

    /// Stores a single value. JSONEncoder stops the program on a second one; let it.
    func store(_ node: JSONNode) {
        if content != nil { isUnsupported = true }
        content = .value(node)
    }
}

struct JSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: JSONNodeEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil(forKey key: Key) throws { encoder.set(.null, for: key.stringValue) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { encoder.set(.bool(value), for: key.stringValue) }
    mutating func encode(_ value: String, forKey key: Key) throws { encoder.set(.string(value), for: key.stringValue) }
    mutating func encode(_ value: Double, forKey key: Key) throws { encoder.set(try encoder.number(value), for: key.stringValue) }
    mutating func encode(_ value: Float, forKey key: Key) throws { encoder.set(try encoder.number(value), for: key.stringValue) }
    mutating func encode(_ value: Int, forKey key: Key) throws { encoder.set(.integer(Int64(value)), for: key.stringValue) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { encoder.set(.integer(Int64(value)), for: key.stringValue) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { encoder.set(.integer(Int64(value)), for: key.stringValue) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { encoder.set(.integer(Int64(value)), for: key.stringValue) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { encoder.set(.integer(value), for: key.stringValue) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { encoder.set(.unsigned(UInt64(value)), for: key.stringValue) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { encoder.set(.unsigned(UInt64(value)), for: key.stringValue) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { encoder.set(.unsigned(UInt64(value)), for: key.stringValue) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { encoder.set(.unsigned(UInt64(value)), for: key.stringValue) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { encoder.set(.unsigned(value), for: key.stringValue) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { encoder.set(try encoder.node(for: value), for: key.stringValue) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        encoder.isUnsupported = true
        return KeyedEncodingContainer(JSONKeyedContainer<NestedKey>(encoder: JSONNodeEncoder(root: encoder)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder.isUnsupported = true
        return JSONUnkeyedContainer(encoder: JSONNodeEncoder(root: encoder))
    }

    mutating func superEncoder() -> any Encoder {
        encoder.isUnsupported = true
        return JSONNodeEncoder(root: encoder)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        encoder.isUnsupported = true
        return JSONNodeEncoder(root: encoder)
    }
}

struct JSONUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: JSONNodeEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    var count: Int { encoder.elements.count }

    mutating func encodeNil() throws { encoder.elements.append(.null) }
    mutating func encode(_ value: Bool) throws { encoder.elements.append(.bool(value)) }
    mutating func encode(_ value: String) throws { encoder.elements.append(.string(value)) }
    mutating func encode(_ value: Double) throws { encoder.elements.append(try encoder.number(value)) }
    mutating func encode(_ value: Float) throws { encoder.elements.append(try encoder.number(value)) }
    mutating func encode(_ value: Int) throws { encoder.elements.append(.integer(Int64(value))) }
    mutating func encode(_ value: Int8) throws { encoder.elements.append(.integer(Int64(value))) }
    mutating func encode(_ value: Int16) throws { encoder.elements.append(.integer(Int64(value))) }
    mutating func encode(_ value: Int32) throws { encoder.elements.append(.integer(Int64(value))) }
    mutating func encode(_ value: Int64) throws { encoder.elements.append(.integer(value)) }
    mutating func encode(_ value: UInt) throws { encoder.elements.append(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt8) throws { encoder.elements.append(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt16) throws { encoder.elements.append(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt32) throws { encoder.elements.append(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt64) throws { encoder.elements.append(.unsigned(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { encoder.elements.append(try encoder.node(for: value)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        encoder.isUnsupported = true
        return KeyedEncodingContainer(JSONKeyedContainer<NestedKey>(encoder: JSONNodeEncoder(root: encoder)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        encoder.isUnsupported = true
        return JSONUnkeyedContainer(encoder: JSONNodeEncoder(root: encoder))
    }

    mutating func superEncoder() -> any Encoder {
        encoder.isUnsupported = true
        return JSONNodeEncoder(root: encoder)
    }
}

struct JSONSingleValueContainer: SingleValueEncodingContainer {
    let encoder: JSONNodeEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { encoder.store(.null) }
    mutating func encode(_ value: Bool) throws { encoder.store(.bool(value)) }
    mutating func encode(_ value: String) throws { encoder.store(.string(value)) }
    mutating func encode(_ value: Double) throws { encoder.store(try encoder.number(value)) }
    mutating func encode(_ value: Float) throws { encoder.store(try encoder.number(value)) }
    mutating func encode(_ value: Int) throws { encoder.store(.integer(Int64(value))) }
    mutating func encode(_ value: Int8) throws { encoder.store(.integer(Int64(value))) }
    mutating func encode(_ value: Int16) throws { encoder.store(.integer(Int64(value))) }
    mutating func encode(_ value: Int32) throws { encoder.store(.integer(Int64(value))) }
    mutating func encode(_ value: Int64) throws { encoder.store(.integer(value)) }
    mutating func encode(_ value: UInt) throws { encoder.store(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt8) throws { encoder.store(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt16) throws { encoder.store(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt32) throws { encoder.store(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt64) throws { encoder.store(.unsigned(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { encoder.store(try encoder.node(for: value)) }
}
