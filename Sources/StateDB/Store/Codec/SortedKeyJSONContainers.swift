import Foundation

/// Why `SortedKeyJSON` hands a value back to `JSONEncoder`.
struct JSONEncodingUnsupported: Error {}

/// Shared by every encoder of one top-level value: whether something came up that only
/// `JSONEncoder` does exactly.
final class JSONEncodingContext {
    var isUnsupported = false

    /// The node of `value`; throws `JSONEncodingUnsupported` (or the value's own error,
    /// which also sends it to `JSONEncoder`) when this encoder must not do it.
    func node<T: Encodable>(for value: T) throws -> JSONNode {
        switch ObjectIdentifier(T.self) {
        // JSONEncoder special-cases these (base64, absoluteString, a number, its date strategy).
        case ObjectIdentifier(Date.self), ObjectIdentifier(Data.self), ObjectIdentifier(URL.self), ObjectIdentifier(Decimal.self):
            throw JSONEncodingUnsupported()
        default:
            break
        }
        let encoder = JSONNodeEncoder(context: self)
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
}

/// The `Encoder` handed to each value's `encode(to:)`.
final class JSONNodeEncoder: Encoder {
    let context: JSONEncodingContext
    var storage: JSONNode?

    init(context: JSONEncodingContext) {
        self.context = context
    }

    /// Not tracked: a value that asks gets `JSONEncoder` instead.
    var codingPath: [any CodingKey] {
        context.isUnsupported = true
        return []
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let box: JSONObjectBox
        switch storage {
        case .object(let existing): box = existing
        case nil:
            box = JSONObjectBox()
            storage = .object(box)
        default:
            context.isUnsupported = true
            box = JSONObjectBox()
        }
        return KeyedEncodingContainer(JSONKeyedContainer<Key>(box: box, context: context))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let box: JSONArrayBox
        switch storage {
        case .array(let existing): box = existing
        case nil:
            box = JSONArrayBox()
            storage = .array(box)
        default:
            context.isUnsupported = true
            box = JSONArrayBox()
        }
        return JSONUnkeyedContainer(box: box, context: context)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONSingleValueContainer(encoder: self)
    }
}

struct JSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: JSONObjectBox
    let context: JSONEncodingContext

    var codingPath: [any CodingKey] {
        context.isUnsupported = true
        return []
    }

    mutating func encodeNil(forKey key: Key) throws { box.set(.null, for: key.stringValue) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { box.set(.bool(value), for: key.stringValue) }
    mutating func encode(_ value: String, forKey key: Key) throws { box.set(.string(value), for: key.stringValue) }
    mutating func encode(_ value: Double, forKey key: Key) throws { box.set(try context.number(value), for: key.stringValue) }
    mutating func encode(_ value: Float, forKey key: Key) throws { box.set(try context.number(value), for: key.stringValue) }
    mutating func encode(_ value: Int, forKey key: Key) throws { box.set(.integer(Int64(value)), for: key.stringValue) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { box.set(.integer(Int64(value)), for: key.stringValue) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { box.set(.integer(Int64(value)), for: key.stringValue) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { box.set(.integer(Int64(value)), for: key.stringValue) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { box.set(.integer(Int64(value)), for: key.stringValue) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { box.set(.unsigned(UInt64(value)), for: key.stringValue) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { box.set(.unsigned(UInt64(value)), for: key.stringValue) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { box.set(.unsigned(UInt64(value)), for: key.stringValue) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { box.set(.unsigned(UInt64(value)), for: key.stringValue) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { box.set(.unsigned(UInt64(value)), for: key.stringValue) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { box.set(try context.node(for: value), for: key.stringValue) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        context.isUnsupported = true
        return KeyedEncodingContainer(JSONKeyedContainer<NestedKey>(box: JSONObjectBox(), context: context))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        context.isUnsupported = true
        return JSONUnkeyedContainer(box: JSONArrayBox(), context: context)
    }

    mutating func superEncoder() -> any Encoder {
        context.isUnsupported = true
        return JSONNodeEncoder(context: context)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        context.isUnsupported = true
        return JSONNodeEncoder(context: context)
    }
}

struct JSONUnkeyedContainer: UnkeyedEncodingContainer {
    let box: JSONArrayBox
    let context: JSONEncodingContext

    var codingPath: [any CodingKey] {
        context.isUnsupported = true
        return []
    }

    var count: Int { box.elements.count }

    mutating func encodeNil() throws { box.elements.append(.null) }
    mutating func encode(_ value: Bool) throws { box.elements.append(.bool(value)) }
    mutating func encode(_ value: String) throws { box.elements.append(.string(value)) }
    mutating func encode(_ value: Double) throws { box.elements.append(try context.number(value)) }
    mutating func encode(_ value: Float) throws { box.elements.append(try context.number(value)) }
    mutating func encode(_ value: Int) throws { box.elements.append(.integer(Int64(value))) }
    mutating func encode(_ value: Int8) throws { box.elements.append(.integer(Int64(value))) }
    mutating func encode(_ value: Int16) throws { box.elements.append(.integer(Int64(value))) }
    mutating func encode(_ value: Int32) throws { box.elements.append(.integer(Int64(value))) }
    mutating func encode(_ value: Int64) throws { box.elements.append(.integer(Int64(value))) }
    mutating func encode(_ value: UInt) throws { box.elements.append(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt8) throws { box.elements.append(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt16) throws { box.elements.append(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt32) throws { box.elements.append(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt64) throws { box.elements.append(.unsigned(UInt64(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws { box.elements.append(try context.node(for: value)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        context.isUnsupported = true
        return KeyedEncodingContainer(JSONKeyedContainer<NestedKey>(box: JSONObjectBox(), context: context))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        context.isUnsupported = true
        return JSONUnkeyedContainer(box: JSONArrayBox(), context: context)
    }

    mutating func superEncoder() -> any Encoder {
        context.isUnsupported = true
        return JSONNodeEncoder(context: context)
    }
}

struct JSONSingleValueContainer: SingleValueEncodingContainer {
    let encoder: JSONNodeEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    private func store(_ node: JSONNode) {
        // JSONEncoder stops the program on a second value; let it.
        if encoder.storage != nil { encoder.context.isUnsupported = true }
        encoder.storage = node
    }

    mutating func encodeNil() throws { store(.null) }
    mutating func encode(_ value: Bool) throws { store(.bool(value)) }
    mutating func encode(_ value: String) throws { store(.string(value)) }
    mutating func encode(_ value: Double) throws { store(try encoder.context.number(value)) }
    mutating func encode(_ value: Float) throws { store(try encoder.context.number(value)) }
    mutating func encode(_ value: Int) throws { store(.integer(Int64(value))) }
    mutating func encode(_ value: Int8) throws { store(.integer(Int64(value))) }
    mutating func encode(_ value: Int16) throws { store(.integer(Int64(value))) }
    mutating func encode(_ value: Int32) throws { store(.integer(Int64(value))) }
    mutating func encode(_ value: Int64) throws { store(.integer(Int64(value))) }
    mutating func encode(_ value: UInt) throws { store(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt8) throws { store(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt16) throws { store(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt32) throws { store(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt64) throws { store(.unsigned(UInt64(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws { store(try encoder.context.node(for: value)) }
}
