import Foundation

/// Converts `Codable` values to and from `StoredValue`.
///
/// Booleans, integers, floating point, strings and `Data` map to native SQLite values (and an
/// optional's `nil` to NULL) so the sqlite3 shell shows them as they are, a `Date` to ISO 8601
/// text (`DateText`); every other value is JSON text with sorted keys, dates inside it as the
/// same text.
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
        return NativeKind.exact(type(of: value))?.encode(value)
    }

    static func decode<T: Decodable>(_ type: T.Type, from stored: StoredValue) throws -> T {
        // The commonest exact matches first (an `Int` stored as an integer, a `String` as
        // text…), returning `T` itself: going through a `T?` cost a run-time metadata lookup
        // for the optional of the generic type, as much as the rest of the decoding.
        // The casts always succeed: `T` is exactly the type each case names.
        switch (NativeKind.of(T.self), stored) {
        case (.int, .integer(let value)):
            // Out of range only where `Int` is 32 bits; the general path reports it.
            if let exact = Int(exactly: value) { return exact as! T }
        case (.string, .text(let value)): return value as! T
        case (.bool, .bool(let value)): return value as! T
        case (.double, .real(let value)): return value as! T
        case (.int64, .integer(let value)): return value as! T
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
        try NativeKind.exact(type)?.decode(stored) { typeName(of: type) }
    }

    private static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        encoder.dateEncodingStrategy = .custom(DateText.encode)
        return encoder
    }

    private static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        decoder.dateDecodingStrategy = .custom(DateText.decode)
        return decoder
    }

    /// `value` as a JSON string literal.
    static func jsonString(_ value: String) -> String {
        // What `JSONEncoder` with `.withoutEscapingSlashes` writes, without one (~19,000
        // instructions a short string; string ids of `ForEach` rows are quoted this way).
        SortedKeyJSON.quoted(value)
    }
}

/// `String(reflecting:)` of each type, computed once.
private final class ReflectedTypeNames: Sendable {
    private let names = Locked<[ObjectIdentifier: String]>([:])

    func name(of type: Any.Type) -> String {
        let id = ObjectIdentifier(type)
        if let name = names.withLock({ $0[id] }) { return name }
        let name = ValueCodec.stableTypeName(String(reflecting: type))
        names.withLock { $0[id] = name }
        return name
    }
}

enum ValueCodecError: Error, CustomStringConvertible {
    case mismatch(stored: String, expected: String)
    case outOfRange(value: Int64, expected: String)
    case notADate(text: String, expected: String)

    var description: String {
        switch self {
        case .notADate(let text, let expected):
            "the stored text \(ValueCodec.jsonString(String(text.prefix(80)))) is not an ISO 8601 date, so it cannot be read as \(expected) (the form is \(DateText.example))"
        case .mismatch(let stored, let expected): "a stored '\(stored)' value cannot be read as \(expected)"
        case .outOfRange(let value, let expected): "\(value) does not fit in \(expected)"
        }
    }
}
