import Foundation

/// Why a JSON value does not fit a slot's type.
@_spi(Admin) public struct TypeCheckFailure: Error, Sendable, CustomStringConvertible {
    /// Where in the value: `""` for the whole value, `.size`, `[2].name`.
    public let path: String
    public let problem: String
    /// An app type's shape differed from the stored value's. The value may still be what the
    /// app expects (an optional that was nil, another enum case), so `--force` may override.
    public let isShapeOnly: Bool

    public var description: String { path.isEmpty ? problem : "at \(path): \(problem)" }
}

extension SlotType {
    /// Checks that `value` is a valid JSON form of this type.
    ///
    /// Standard types are checked exactly (integer ranges included). App types are checked by
    /// shape against `reference`, the slot's current value: the same JSON kind, and for
    /// objects the same keys, recursively. Without a reference any value is accepted.
    ///
    /// `native`: the value is the slot's top level (through optionals), where `Data` is
    /// written `{"$base64": "…"}`; inside arrays and objects it is a base64 string, as
    /// `JSONEncoder` writes it.
    public func check(_ value: JSONValue, reference: JSONValue?, native: Bool = true, path: String = "") throws(TypeCheckFailure) {
        func fail(_ expected: String) -> TypeCheckFailure {
            TypeCheckFailure(path: path, problem: "got \(value.briefDescription), expected \(expected)", isShapeOnly: false)
        }
        switch self {
        case .bool:
            guard case .bool = value else { throw fail("true or false") }
        case .integer(let width):
            // The expectation is spelled only on failure: interpolating the bounds for every
            // value was a third of what `export` spent on a store of integers.
            guard let literal = value.integerLiteral else {
                throw fail("a whole number from \(width.minimum) to \(width.maximum) (\(width.rawValue))")
            }
            guard width.contains(literal) else {
                throw TypeCheckFailure(path: path, problem: "\(literal) is out of range for \(width.rawValue) (\(width.minimum)...\(width.maximum))", isShapeOnly: false)
            }
        case .double, .float:
            let expected = "a number (or \"+inf\", \"-inf\", \"nan\")"
            switch value {
            case .number(let literal):
                // In range when the literal rounds to a finite value of the type, as the app's
                // decoder reads it: 3.4028235e38 (what Swift writes for Float's largest value)
                // is a Float although, as a Double, it is a little above that value.
                let number = self == .float ? Float(literal).map(Double.init) : Double(literal)
                guard number?.isFinite == true else {
                    throw TypeCheckFailure(path: path, problem: "\(literal) is out of range for \(displayName)", isShapeOnly: false)
                }
                // Nor may a number that is not zero round to zero (1e-50 as a Float): it would be
                // stored, and read by the app, as 0.
                if number == 0, literal.prefix(while: { $0 != "e" && $0 != "E" }).contains(where: { ("1"..."9").contains($0) }) {
                    let smallest = self == .float ? "\(Float.leastNonzeroMagnitude)" : "\(Double.leastNonzeroMagnitude)"
                    throw TypeCheckFailure(path: path, problem: "\(literal) is too small for \(displayName): it rounds to 0 (the smallest \(displayName) above zero is \(smallest)); write 0 if zero is meant", isShapeOnly: false)
                }
            case .string(let text) where SlotType.nonFiniteSpellings.contains(text):
                break
            default:
                throw fail(expected)
            }
        case .string:
            guard case .string = value else { throw fail("a string in double quotes") }
        case .data:
            if native {
                guard case .object(let members) = value, members.count == 1, case .string(let text) = members[0].value,
                      members[0].key == "$base64" else { throw fail(#"{"$base64": "…"} (the bytes, base64-encoded)"#) }
                guard Data(base64Encoded: text) != nil else { throw fail("valid base64 in $base64") }
            } else {
                guard case .string(let text) = value, Data(base64Encoded: text) != nil else { throw fail("a base64 string") }
            }
        case .date:
            guard SlotType.date(from: value) != nil else {
                throw fail("a date in ISO 8601 with its zone, e.g. \(DateText.example) (or a number of seconds since 2001-01-01 00:00 UTC, as older stores hold dates)")
            }
        case .uuid:
            guard case .string(let text) = value, UUID(uuidString: text) != nil else { throw fail("a UUID string") }
        case .optional(let wrapped):
            if value == .null { return }
            try wrapped.check(value, reference: reference == .null ? nil : reference, native: native, path: path)
        case .array(let element), .set(let element):
            guard case .array(let elements) = value else { throw fail("an array of \(element.displayName)") }
            let template: JSONValue? = if case .array(let old) = reference { old.first } else { nil }
            for (index, item) in elements.enumerated() {
                try element.check(item, reference: template, native: false, path: path + "[\(index)]")
            }
            if case .set = self { try SlotType.checkDistinct(elements, of: element, path: path) }
        case .dictionary(let key, let valueType):
            guard case .object(let members) = value else { throw fail("an object (\(displayName))") }
            for member in members {
                let memberPath = path + SlotType.pathComponent(member.key)
                if case .integer(let width) = key {
                    guard width.contains(member.key) else {
                        throw TypeCheckFailure(path: memberPath, problem: "the key is not a whole number in range for \(width.rawValue)", isShapeOnly: false)
                    }
                    // The app's decoder reads "+1", "01" and "1" as the same key 1: only the
                    // form JSONEncoder writes is taken, so two keys never meet in one integer.
                    let canonical = SlotType.IntegerWidth.canonical(member.key)
                    guard canonical == member.key else {
                        throw TypeCheckFailure(path: memberPath, problem: "the key \(JSONValue.quoted(member.key)) is the integer \(canonical) written another way; write it \(JSONValue.quoted(canonical)) (each integer key once, as JSONEncoder writes it)", isShapeOnly: false)
                    }
                }
                let old = reference?[member.key] ?? { if case .object(let old) = reference { old.first?.value } else { nil } }()
                try valueType.check(member.value, reference: old, native: false, path: memberPath)
            }
        case .app(let name):
            if native && value == .null {
                throw TypeCheckFailure(path: path, problem: "got null, but \(name) is not an optional", isShapeOnly: false)
            }
            try SlotType.checkNumbers(value, path: path)
            try SlotType.checkShape(value, against: reference, path: path)
        }
    }

    /// A set's elements must differ as the app's values do: compared in the form they are
    /// stored in (`1` and `1.0` in a `Set<Double>`, a UUID in either case, `0` and `-0`, are
    /// one element; NaN is never equal to itself, so a set holds any number of them). The
    /// app's decoder would keep one of each without a word; an operator who typed one twice is
    /// told instead.
    static func checkDistinct(_ elements: [JSONValue], of element: SlotType, path: String) throws(TypeCheckFailure) {
        var seen: [String: Int] = [:]
        for (index, item) in elements.enumerated() {
            guard case .json(var text)? = try? ValueCodec.encode(CanonicalJSON(value: item, type: element)) else { continue }
            if element.unwrappingOptionals == .double || element.unwrappingOptionals == .float {
                if text == "\"nan\"" { continue }
                if text == "-0" { text = "0" }
            }
            if let first = seen[text] {
                throw TypeCheckFailure(path: path + "[\(index)]", problem: "\(item.briefDescription) is in the set already, at [\(first)]; a Set holds each element once", isShapeOnly: false)
            }
            seen[text] = index
        }
    }

    /// How `JSONEncoder` writes non-finite numbers in a store (`ValueCodec`).
    static let nonFiniteSpellings: Set<String> = ["+inf", "-inf", "nan"]

    /// Compares an app type's value with the stored one: the same JSON kinds and object keys.
    /// Null on either side matches anything (an optional field).
    static func checkShape(_ value: JSONValue, against reference: JSONValue?, path: String) throws(TypeCheckFailure) {
        func fail(_ problem: String) -> TypeCheckFailure {
            TypeCheckFailure(path: path, problem: problem, isShapeOnly: true)
        }
        guard let reference else { return }
        switch (value, reference) {
        case (.null, _), (_, .null), (.bool, .bool), (.number, .number), (.string, .string):
            return
        case (.object(let new), .object(let old)):
            let newKeys = Set(new.map(\.key))
            let oldKeys = Set(old.map(\.key))
            if let missing = old.first(where: { !newKeys.contains($0.key) }) {
                throw fail("key \(JSONValue.quoted(missing.key)) is missing (the stored value has it)")
            }
            if let extra = new.first(where: { !oldKeys.contains($0.key) }) {
                throw fail("key \(JSONValue.quoted(extra.key)) is not in the stored value")
            }
            for member in new {
                try checkShape(member.value, against: reference[member.key], path: path + pathComponent(member.key))
            }
        case (.array(let new), .array(let old)):
            guard let template = old.first else { return }
            for (index, element) in new.enumerated() {
                try checkShape(element, against: template, path: path + "[\(index)]")
            }
        default:
            throw fail("got \(value.briefDescription) where the stored value has \(reference.kindDescription)")
        }
    }

    static func pathComponent(_ key: String) -> String {
        let simple = !key.isEmpty && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        return simple ? "." + key : "[" + JSONValue.quoted(key) + "]"
    }

    /// The stored form of a value that passed `check`, exactly as `ValueCodec` would store
    /// the Swift value: natively for scalars (and `nil`), otherwise JSON in the one canonical
    /// form the app's encoder writes (`CanonicalJSON`), so equal values give equal rows
    /// whoever wrote them.
    ///
    /// - Throws: `TypeCheckFailure` for a number no Swift number type holds exactly (which
    ///   `check` reports first).
    func storedValue(for value: JSONValue) throws(TypeCheckFailure) -> StoredValue {
        switch (self, value) {
        case (.optional, .null): return .null
        case (.optional(let wrapped), _): return try wrapped.storedValue(for: value)
        case (.bool, .bool(let flag)): return .bool(flag)
        case (.integer, .number(let literal)) where Int64(literal) != nil: return .integer(Int64(literal)!)
        case (.double, .number(let literal)): return .real(Double(literal)!)
        // As the library stores a Float: widened to a Double after rounding to a Float.
        case (.float, .number(let literal)): return .real(Double(Float(literal)!))
        case (.string, .string(let text)): return .text(text)
        // As the library stores a Date: ISO 8601 text in UTC (`DateText`), however it was typed.
        case (.date, _):
            guard let date = SlotType.date(from: value) else { return try canonicalJSON(value) }
            return try canonicalJSON(date)
        case (.data, _):
            if case .string(let text)? = value["$base64"], let bytes = Data(base64Encoded: text) { return .blob([UInt8](bytes)) }
            return try canonicalJSON(value)
        default: return try canonicalJSON(value)
        }
    }

    private func canonicalJSON(_ value: JSONValue) throws(TypeCheckFailure) -> StoredValue {
        try canonicalJSON(CanonicalJSON(value: value, type: self))
    }

    private func canonicalJSON(_ value: some Encodable) throws(TypeCheckFailure) -> StoredValue {
        do {
            return try ValueCodec.encode(value)
        } catch let failure as TypeCheckFailure {
            throw failure
        } catch {
            throw TypeCheckFailure(path: "", problem: "cannot be encoded as JSON (\(error))", isShapeOnly: false)
        }
    }

    /// The date a JSON value stands for in a `Date` slot: ISO 8601 text (`DateText.parse`:
    /// offsets and fractions of any length), or a finite number of seconds since 2001, the
    /// form stores held before schema version 6 (so an old export imports).
    static func date(from value: JSONValue) -> Date? {
        switch value {
        // Infinite and NaN seconds, as JSON keeps them (a `Date` can hold them).
        case .string(let text) where nonFiniteSpellings.contains(text):
            return Date(timeIntervalSinceReferenceDate: text == "nan" ? .nan : text == "+inf" ? .infinity : -.infinity)
        case .string(let text): return DateText.parse(text)
        case .number(let literal):
            guard let seconds = Double(literal), seconds.isFinite else { return nil }
            return Date(timeIntervalSinceReferenceDate: seconds)
        default: return nil
        }
    }

    /// A date and time typed without JSON's quotes (`statedb set … 2026-12-02T01:35:00Z`), as
    /// the JSON string it stands for; nil for anything else. Text that starts like one
    /// (`YYYY-MM-DDT`) counts, so a mistyped date gets the date check's message, not JSON's.
    public static func unquotedDate(_ text: String) -> JSONValue? {
        let bytes = Array(text.trimmingCharacters(in: .whitespacesAndNewlines).utf8)
        func digit(_ index: Int) -> Bool { bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9") }
        guard bytes.count > 11, (0..<4).allSatisfy(digit), bytes[4] == UInt8(ascii: "-"), digit(5), digit(6),
              bytes[7] == UInt8(ascii: "-"), digit(8), digit(9), [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(bytes[10]),
              !bytes.contains(UInt8(ascii: "\"")) else { return nil }
        return .string(String(decoding: bytes, as: UTF8.self))
    }

    /// Every number inside an app type's value must be one the app can read as written
    /// (`SwiftNumber`): `1e400` or a number of 40 significant digits would be rounded.
    static func checkNumbers(_ value: JSONValue, path: String) throws(TypeCheckFailure) {
        switch value {
        case .number(let literal): _ = try SwiftNumber(literal, as: nil, path: path)
        case .array(let elements):
            for (index, element) in elements.enumerated() { try checkNumbers(element, path: path + "[\(index)]") }
        case .object(let members):
            for member in members { try checkNumbers(member.value, path: path + pathComponent(member.key)) }
        case .null, .bool, .string: break
        }
    }
}

extension SlotType.IntegerWidth {
    /// How `JSONEncoder` writes the integer `literal` stands for (`"+1"` and `"01"` are `1`);
    /// the literal must be in range of some width (`contains`).
    static func canonical(_ literal: String) -> String {
        if let value = Int64(literal) { return String(value) }
        if let value = UInt64(literal) { return String(value) }
        return literal
    }

    /// Whether the integer literal (no fraction, no exponent) is in range.
    func contains(_ literal: String) -> Bool {
        if literal.hasPrefix("-") {
            guard let value = Int64(literal) else { return false }
            return value >= minimum
        }
        guard let value = UInt64(literal) else { return false }
        return value <= maximum
    }
}

extension JSONValue {
    /// "a string ("yes")": the kind and a short preview, for messages.
    var briefDescription: String {
        switch self {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let literal): return "the number \(literal)"
        default:
            let text = serialized()
            let preview = text.count > 40 ? String(text.prefix(39)) + "…" : text
            return "\(kindDescription) (\(preview))"
        }
    }
}
