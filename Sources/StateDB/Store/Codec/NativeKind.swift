import Foundation

/// Which native encoding a value type has, decided by comparing the exact type: a handful of
/// pointer comparisons, where trying `as?` casts of the value cost about as much as the
/// commit of its row.
enum NativeKind {
    case bool, int, int64, int32, int16, int8, uint8, uint16, uint32, uint, uint64
    case double, float, string, data
    /// `Date`: ISO 8601 text (`DateText`), so the sqlite3 shell and its date functions read it.
    case date
    /// An optional: native or JSON depending on what it holds (the general path decides).
    case optional
    /// Anything else: always JSON.
    case json

    static func of<T>(_ type: T.Type) -> NativeKind {
        // `_isOptional` reads the type's metadata kind; `is any OptionalValue.Type` asked the
        // runtime for a protocol conformance on every value.
        exact(type) ?? (_isOptional(T.self) ? .optional : .json)
    }

    /// The native kind of exactly `type`; nil for every other type, optionals included. The
    /// one table of native types: encoding and decoding go by its answer.
    static func exact(_ type: Any.Type) -> NativeKind? {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(Int.self): .int
        case ObjectIdentifier(String.self): .string
        case ObjectIdentifier(Bool.self): .bool
        case ObjectIdentifier(Double.self): .double
        case ObjectIdentifier(Int64.self): .int64
        case ObjectIdentifier(Int32.self): .int32
        case ObjectIdentifier(Int16.self): .int16
        case ObjectIdentifier(Int8.self): .int8
        case ObjectIdentifier(UInt8.self): .uint8
        case ObjectIdentifier(UInt16.self): .uint16
        case ObjectIdentifier(UInt32.self): .uint32
        case ObjectIdentifier(UInt.self): .uint
        case ObjectIdentifier(UInt64.self): .uint64
        case ObjectIdentifier(Float.self): .float
        case ObjectIdentifier(Data.self): .data
        case ObjectIdentifier(Date.self): .date
        default: nil
        }
    }

    /// Whether comparing, decoding or releasing a value of this kind may run the app's code
    /// (its `==`, `init(from:)`, deinitializers): an optional may hold any type, and a JSON
    /// kind is one. The native kinds are the standard library's and Foundation's own.
    var mayRunAppCode: Bool {
        switch self {
        case .optional, .json: true
        default: false
        }
    }

    /// The native encoding of `value` (whose type, or dynamic type when `T` is `Any`, is of
    /// this kind), or nil when it has none (non-finite floating point, unsigned values above
    /// `Int64.max`, JSON kinds).
    func encode<T>(_ value: T) -> StoredValue? {
        // Checked casts that always succeed (the type is the one each case names); they cost
        // ~0.1% of the write bench over reinterpreting the bits.
        switch self {
        case .int: .integer(Int64(value as! Int))
        case .string: .text(value as! String)
        case .bool: .bool(value as! Bool)
        case .double: finite(value as! Double)
        case .int64: .integer(value as! Int64)
        case .int32: .integer(Int64(value as! Int32))
        case .int16: .integer(Int64(value as! Int16))
        case .int8: .integer(Int64(value as! Int8))
        case .uint8: .integer(Int64(value as! UInt8))
        case .uint16: .integer(Int64(value as! UInt16))
        case .uint32: .integer(Int64(value as! UInt32))
        case .uint: Int64(exactly: value as! UInt).map(StoredValue.integer)
        case .uint64: Int64(exactly: value as! UInt64).map(StoredValue.integer)
        case .float: finite(Double(value as! Float))
        case .data: .blob([UInt8](value as! Data))
        case .date: Self.encode(value as! Date)
        case .optional, .json: nil
        }
    }

    /// A date's canonical text; a date that has none (`DateText`) as its seconds since 2001,
    /// and nil for infinite and NaN seconds, which JSON keeps as `"+inf"`, `"-inf"`, `"nan"`.
    private static func encode(_ date: Date) -> StoredValue? {
        if let text = DateText.canonical(date) { return .text(text) }
        let seconds = date.timeIntervalSinceReferenceDate
        return seconds.isFinite ? .real(seconds) : nil
    }

    private func finite(_ value: Double) -> StoredValue? { value.isFinite ? .real(value) : nil }

    /// A value of this kind read from `stored`; nil where JSON decoding must take over (values
    /// kept as JSON text: non-finite floating point, unsigned values above `Int64.max`).
    /// `typeName` names the type in errors.
    func decode(_ stored: StoredValue, typeName: () -> String) throws -> Any? {
        func mismatch() -> ValueCodecError { .mismatch(stored: stored.encoding, expected: typeName()) }
        func integer<I: FixedWidthInteger>(_: I.Type) throws -> I {
            guard case .integer(let value) = stored else { throw mismatch() }
            guard let exact = I(exactly: value) else { throw ValueCodecError.outOfRange(value: value, expected: typeName()) }
            return exact
        }
        func real() throws -> Double? {
            switch stored {
            case .real(let real): return real
            case .integer(let integer): return Double(integer)
            case .json: return nil  // non-finite values are kept as JSON
            default: throw mismatch()
            }
        }
        switch self {
        case .bool:
            switch stored {
            case .bool(let value): return value
            case .integer(0): return false
            case .integer(1): return true
            default: throw mismatch()
            }
        case .int: return try integer(Int.self)
        case .int64: return try integer(Int64.self)
        case .int32: return try integer(Int32.self)
        case .int16: return try integer(Int16.self)
        case .int8: return try integer(Int8.self)
        case .uint8: return try integer(UInt8.self)
        case .uint16: return try integer(UInt16.self)
        case .uint32: return try integer(UInt32.self)
        case .uint, .uint64:
            // Values above Int64.max are kept as JSON text; JSON decoding handles them.
            if case .json = stored { return nil }
            return self == .uint ? try integer(UInt.self) : try integer(UInt64.self)
        case .double: return try real()
        case .float: return try real().map { Float($0) }
        case .string:
            guard case .text(let value) = stored else { throw mismatch() }
            return value
        case .data:
            guard case .blob(let bytes) = stored else { throw mismatch() }
            return Data(bytes)
        case .date:
            return try Self.decodeDate(stored, typeName: typeName)
        case .optional, .json:
            return nil
        }
    }

    /// A date in any form a store has held it: ISO 8601 text (since schema version 6), seconds
    /// since 2001 as JSON text (what `JSONEncoder` wrote before), or as a number (a hand edit,
    /// and dates without ISO 8601 text). Nil for JSON that is not a plain number (`"+inf"`),
    /// which JSON decoding reads.
    private static func decodeDate(_ stored: StoredValue, typeName: () -> String) throws -> Date? {
        switch stored {
        case .text(let text):
            guard let date = DateText.parse(text) else {
                throw ValueCodecError.notADate(text: text, expected: typeName())
            }
            return date
        case .real(let seconds): return Date(timeIntervalSinceReferenceDate: seconds)
        case .integer(let seconds): return Date(timeIntervalSinceReferenceDate: Double(seconds))
        case .json(let text):
            // JSON numbers only: `Double("nan")` and `Double("inf")` would accept words.
            guard let first = text.utf8.first, first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first),
                  let seconds = Double(text) else { return nil }
            return Date(timeIntervalSinceReferenceDate: seconds)
        default:
            throw ValueCodecError.mismatch(stored: stored.encoding, expected: typeName())
        }
    }
}
