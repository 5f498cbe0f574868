import Foundation

/// Builds the human-readable, process-independent identity strings of views.
///
/// An identity is a `/`-separated path of segments from the root view, one segment per view:
/// the type's name without generic arguments, followed by qualifiers from outermost to
/// innermost structure: `[N]` position in a multi-view builder block, `[then]`/`[else]` branch
/// of an `if`, `[id: X]` element of a `ForEach`, `[.id: X]` an explicit `.id(X)`. Ids are
/// encoded by value, never by hash (Swift seeds hashing per process). See `docs/identity.md`.
enum IdentityEncoding {
    /// The type's name without module or generic arguments: `Row` for `MyApp.Row<Int>`; for a
    /// view made by a custom modifier, the modifier's (`Card` for `ModifiedContent<Text, Card>`).
    /// `String(describing:)` is slow for generic types; `ViewTypeInfo` keeps the result, once
    /// per type.
    static func segmentName(of type: Any.Type) -> String {
        // A view made by a custom modifier (`ModifiedContent`) is named after the modifier.
        if let modified = type as? any ModifierBodyView.Type { return segmentName(of: modified.modifierType) }
        var name = String(describing: type)
        if let angle = name.firstIndex(of: "<") { name = String(name[..<angle]) }
        if let dot = name.lastIndex(of: ".") { name = String(name[name.index(after: dot)...]) }
        return name.replacingOccurrences(of: "/", with: "∕")
    }

    /// An id as it appears in a path: integers and booleans as they are, strings JSON-quoted
    /// (a `/` escaped as `\u002F`, so `/` only ever separates segments), UUIDs and other
    /// lossless-string values quoted, other `Encodable` ids as sorted-key JSON.
    static func encode(id: Any) -> String {
        switch id {
        case let value as any BinaryInteger: return String(describing: value)
        case let value as Bool: return value ? "true" : "false"
        case let value as String: return quoted(value)
        case let value as Substring: return quoted(String(value))
        case let value as UUID: return quoted(value.uuidString)
        case let value as Double: return String(describing: value)
        case let value as any RawRepresentable: return encode(id: value.rawValue)
        case let value as any LosslessStringConvertible: return quoted(value.description)
        case let value as any Encodable:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            if let data = try? encoder.encode(value) {
                return escapeSlashes(String(decoding: data, as: UTF8.self))
            }
            return quoted(String(describing: id))
        default:
            return quoted(String(describing: id))
        }
    }

    /// `[id: X]`, the qualifier of a `ForEach` element whose id is `id`. An `Int` id's is
    /// written in one pass into a buffer on the stack, short enough to make a small string:
    /// `"[id: " + encodeID(id) + "]"` was ~700 instructions per row of a list.
    static func idQualifier<ID>(_ id: ID) -> String {
        if ID.self == Int.self, let number = id as? Int { return idQualifier(number) }
        return "[id: " + encodeID(id) + "]"
    }

    private static func idQualifier(_ number: Int) -> String {
        // "[id: " + up to 20 digits and a sign + "]", written from the end.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            var start = buffer.count
            func put(_ byte: UInt8) {
                start -= 1
                buffer[start] = byte
            }
            put(UInt8(ascii: "]"))
            var magnitude = number.magnitude
            repeat {
                put(UInt8(ascii: "0") + UInt8(magnitude % 10))
                magnitude /= 10
            } while magnitude > 0
            if number < 0 { put(UInt8(ascii: "-")) }
            put(UInt8(ascii: " "))
            put(UInt8(ascii: ":"))
            put(UInt8(ascii: "d"))
            put(UInt8(ascii: "i"))
            put(UInt8(ascii: "["))
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[start...]), as: UTF8.self)
        }
    }

    /// `encode(id:)` for a statically typed id, with `Int` and `String` ids (the commonest
    /// `ForEach` ids) encoded without boxing the id in `Any` and casting it back.
    static func encodeID<ID>(_ id: ID) -> String {
        // The casts always succeed: `ID` is exactly the type each case names.
        switch ObjectIdentifier(ID.self) {
        case ObjectIdentifier(Int.self): String(id as! Int)
        case ObjectIdentifier(String.self): quoted(id as! String)
        default: encode(id: id)
        }
    }

    static func quoted(_ value: String) -> String {
        escapeSlashes(ValueCodec.jsonString(value))
    }

    private static func escapeSlashes(_ text: String) -> String {
        // Most ids have no slash; Foundation's search for one cost ~50,000 instructions a
        // string id (a quarter of re-running a `ForEach` over 2,000 rows).
        guard text.utf8.contains(UInt8(ascii: "/")) else { return text }
        return text.replacingOccurrences(of: "/", with: "\\u002F")
    }
}
