import Foundation

/// Which native encoding a value type has, decided by comparing the exact type: a handful of
/// pointer comparisons, where trying `as?` casts of the value cost about as much as the
/// commit of its row.
enum NativeKind {
    case bool, int, int64, int32, int16, int8, uint8, uint16, uint32, uint, uint64
    case double, float, string, data
    /// An optional: native or JSON depending on what it holds (the general path decides).
    case optional
    /// Anything else: always JSON.
    case json

    static func of<T>(_ type: T.Type) -> NativeKind {
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
        // `_isOptional` reads the type's metadata kind; `is any OptionalValue.Type` asked the
        // runtime for a protocol conformance on every value.
        default: _isOptional(T.self) ? .optional : .json
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

    /// The native encoding of `value` (whose type is `T`, of this kind), or nil when it has
    /// none (non-finite floating point, unsigned values above `Int64.max`, JSON kinds).
    /// Gives exactly what `ValueCodec.encodeNative` gives.
    func encode<T>(_ value: T) -> StoredValue? {
        // `unsafeBitCast` only reinterprets: `T` is exactly the type each case names.
        switch self {
        case .int: .integer(Int64(unsafeBitCast(value, to: Int.self)))
        case .string: .text(unsafeBitCast(value, to: String.self))
        case .bool: .bool(unsafeBitCast(value, to: Bool.self))
        case .double:
            unsafeBitCast(value, to: Double.self).isFinite ? .real(unsafeBitCast(value, to: Double.self)) : nil
        case .int64: .integer(unsafeBitCast(value, to: Int64.self))
        case .int32: .integer(Int64(unsafeBitCast(value, to: Int32.self)))
        case .int16: .integer(Int64(unsafeBitCast(value, to: Int16.self)))
        case .int8: .integer(Int64(unsafeBitCast(value, to: Int8.self)))
        case .uint8: .integer(Int64(unsafeBitCast(value, to: UInt8.self)))
        case .uint16: .integer(Int64(unsafeBitCast(value, to: UInt16.self)))
        case .uint32: .integer(Int64(unsafeBitCast(value, to: UInt32.self)))
        case .uint: Int64(exactly: unsafeBitCast(value, to: UInt.self)).map(StoredValue.integer)
        case .uint64: Int64(exactly: unsafeBitCast(value, to: UInt64.self)).map(StoredValue.integer)
        case .float:
            unsafeBitCast(value, to: Float.self).isFinite ? .real(Double(unsafeBitCast(value, to: Float.self))) : nil
        case .data: .blob([UInt8](unsafeBitCast(value, to: Data.self)))
        case .optional, .json: nil
        }
    }
}
