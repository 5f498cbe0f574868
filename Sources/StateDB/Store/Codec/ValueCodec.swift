import Foundation

/// Converts `Codable` values to and from `StoredValue`.
///
/// Booleans, integers, floating point, strings and `Data` map to native SQLite values (and an
/// optional's `nil` to NULL) so the sqlite3 shell shows them as they are; every other value is
/// JSON text with sorted keys.
enum ValueCodec {
    /// A stable, human-readable name for a value type, as kept in the `type` column.
    static func typeName(of type: Any.Type) -> String {
        typeNames.name(of: type)
    }

    /// `String(reflecting:)` without the parts that change between processes and toolchains:
    /// private and local types carry a run-time address (`App.(unknown context at $55d…).Row`),
    /// and the Linux toolchain spells Foundation's types `FoundationEssentials.Data` where
    /// others say `Foundation.Data`.
    static func stableTypeName(_ reflected: String) -> String {
        var name = reflected
        if name.contains("(unknown context at ") {
            name.replace(/\(unknown context at \$[0-9a-fA-F]+\)\./, with: "")
        }
        if name.contains("Foundation") {
            name.replace(/(^|[^A-Za-z0-9_])Foundation(Essentials|Internationalization)\./) { match in
                match.output.1 + "Foundation."
            }
        }
        return name
    }

    /// `String(reflecting:)` of a type cost ~7,000 instructions, once per slot created; the
    /// names are worked out once per type instead.
    private static let typeNames = ReflectedTypeNames()

    static func encode<T: Encodable>(_ value: T) throws -> StoredValue {
        let kind = NativeKind.of(T.self)
        if kind == .optional {
            if let native = encodeNative(value) { return native }
        } else if let native = kind.encode(value) {
            return native
        }
        if let text = SortedKeyJSON.encode(value) { return .json(text) }
        let data = try jsonEncoder.encode(value)
        return .json(String(decoding: data, as: UTF8.self))
    }

    /// One encoder for every value: making one per value cost more than encoding a small
    /// struct. `JSONEncoder.encode` may be called from several threads at once.
    private static let jsonEncoder = makeEncoder()

    /// The native encoding of `value`, or nil when it is not one of the native kinds.
    private static func encodeNative(_ value: Any) -> StoredValue? {
        if let optional = value as? any OptionalValue {
            guard let wrapped = optional.wrappedAny else { return .null }
            return encodeNative(wrapped)
        }
        switch value {
        case let value as Bool: return .bool(value)
        case let value as Int: return .integer(Int64(value))
        case let value as Int64: return .integer(value)
        case let value as Int32: return .integer(Int64(value))
        case let value as Int16: return .integer(Int64(value))
        case let value as Int8: return .integer(Int64(value))
        case let value as UInt8: return .integer(Int64(value))
        case let value as UInt16: return .integer(Int64(value))
        case let value as UInt32: return .integer(Int64(value))
        case let value as UInt: return Int64(exactly: value).map(StoredValue.integer)
        case let value as UInt64: return Int64(exactly: value).map(StoredValue.integer)
        case let value as Double: return value.isFinite ? .real(value) : nil
        case let value as Float: return value.isFinite ? .real(Double(value)) : nil
        case let value as String: return .text(value)
        case let value as Data: return .blob([UInt8](value))
        default: return nil
        }
    }

    static func decode<T: Decodable>(_ type: T.Type, from stored: StoredValue) throws -> T {
        // The commonest exact matches first (an `Int` stored as an integer, a `String` as
        // text…), returning `T` itself: going through a `T?` cost a run-time metadata lookup
        // for the optional of the generic type, as much as the rest of the decoding.
        // `unsafeBitCast` only reinterprets: `T` is exactly the type each case names.
        switch (NativeKind.of(T.self), stored) {
        case (.int, .integer(let value)):
            // Out of range only where `Int` is 32 bits; the general path reports it.
            if let exact = Int(exactly: value) { return unsafeBitCast(exact, to: T.self) }
        case (.string, .text(let value)): return unsafeBitCast(value, to: T.self)
        case (.bool, .bool(let value)): return unsafeBitCast(value, to: T.self)
        case (.double, .real(let value)): return unsafeBitCast(value, to: T.self)
        case (.int64, .integer(let value)): return unsafeBitCast(value, to: T.self)
        default: break
        }
        return try decodeInGeneral(type, from: stored)
    }

    /// Everything but the exact matches. A function of its own: its `T?` made the fast path
    /// above look up the optional type's metadata for every value decoded.
    @inline(never)
    private static func decodeInGeneral<T: Decodable>(_ type: T.Type, from stored: StoredValue) throws -> T {
        if let value = try decodeNative(type, from: stored) { return value }
        let json: String
        switch stored {
        case .json(let text): json = text
        case .null: json = "null"
        case .bool(let value): json = value ? "true" : "false"
        case .integer(let value): json = String(value)
        case .real(let value): json = "\(value)"
        case .text(let value): json = jsonString(value)
        case .blob: throw ValueCodecError.mismatch(stored: stored.encoding, expected: typeName(of: type))
        }
        return try makeDecoder().decode(T.self, from: Data(json.utf8))
    }

    /// Decodes the native kinds; nil when `T` is not one of them (JSON decoding follows).
    private static func decodeNative<T>(_ type: T.Type, from stored: StoredValue) throws -> T? {
        if let optionalType = T.self as? any OptionalValue.Type {
            if stored == .null { return (optionalType.nilValue as! T) }
            guard let wrapped = try decodeNativeAny(optionalType.wrappedType, from: stored) else { return nil }
            return .some(wrapped as! T)  // `as!` wraps a value into the optional
        }
        guard let value = try decodeNativeAny(T.self, from: stored) else { return nil }
        return (value as! T)
    }

    private static func decodeNativeAny(_ type: Any.Type, from stored: StoredValue) throws -> Any? {
        func mismatch() -> ValueCodecError {
            .mismatch(stored: stored.encoding, expected: typeName(of: type))
        }
        func integer<I: FixedWidthInteger>(_: I.Type) throws -> I {
            guard case .integer(let value) = stored else { throw mismatch() }
            guard let exact = I(exactly: value) else { throw ValueCodecError.outOfRange(value: value, expected: typeName(of: type)) }
            return exact
        }
        switch type {
        case is Bool.Type:
            switch stored {
            case .bool(let value): return value
            case .integer(0): return false
            case .integer(1): return true
            default: throw mismatch()
            }
        case is Int.Type: return try integer(Int.self)
        case is Int64.Type: return try integer(Int64.self)
        case is Int32.Type: return try integer(Int32.self)
        case is Int16.Type: return try integer(Int16.self)
        case is Int8.Type: return try integer(Int8.self)
        case is UInt8.Type: return try integer(UInt8.self)
        case is UInt16.Type: return try integer(UInt16.self)
        case is UInt32.Type: return try integer(UInt32.self)
        case is UInt.Type, is UInt64.Type:
            // Values above Int64.max are kept as JSON text; JSON decoding handles them.
            if case .json = stored { return nil }
            return type is UInt.Type ? try integer(UInt.self) : try integer(UInt64.self)
        case is Double.Type, is Float.Type:
            let value: Double
            switch stored {
            case .real(let real): value = real
            case .integer(let integer): value = Double(integer)
            case .json: return nil  // non-finite values are kept as JSON
            default: throw mismatch()
            }
            return type is Float.Type ? Float(value) : value
        case is String.Type:
            guard case .text(let value) = stored else { throw mismatch() }
            return value
        case is Data.Type:
            guard case .blob(let bytes) = stored else { throw mismatch() }
            return Data(bytes)
        default:
            return nil
        }
    }

    private static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }

    private static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        return decoder
    }

    /// `value` as a JSON string literal.
    static func jsonString(_ value: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let data = try! encoder.encode(value)  // encoding a String cannot fail
        return String(decoding: data, as: UTF8.self)
    }
}

/// `String(reflecting:)` of each type, computed once.
private final class ReflectedTypeNames: @unchecked Sendable {
    private let lock = NSLock()
    private var names: [ObjectIdentifier: String] = [:]

    func name(of type: Any.Type) -> String {
        let id = ObjectIdentifier(type)
        if let name = lock.withLock({ names[id] }) { return name }
        let name = ValueCodec.stableTypeName(String(reflecting: type))
        lock.withLock { names[id] = name }
        return name
    }
}

enum ValueCodecError: Error, CustomStringConvertible {
    case mismatch(stored: String, expected: String)
    case outOfRange(value: Int64, expected: String)

    var description: String {
        switch self {
        case .mismatch(let stored, let expected): "a stored '\(stored)' value cannot be read as \(expected)"
        case .outOfRange(let value, let expected): "\(value) does not fit in \(expected)"
        }
    }
}
