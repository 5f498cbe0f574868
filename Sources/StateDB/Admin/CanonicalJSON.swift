import Foundation

/// A JSON value typed as the Swift value it stands for, so that encoding it through the
/// library's own encoder (`ValueCodec`, the sorted-key JSON encoder, `JSONEncoder` where that
/// hands over) writes exactly the bytes the app writes for that value: numbers spelled as
/// their Swift type writes them (`1.50` is `1.5`, `1e2` is `100`), strings escaped as
/// `JSONEncoder` escapes them (U+2028 raw, not `\u2028`), object keys sorted by their UTF-8
/// bytes, no whitespace.
///
/// A `Date` (where the slot's type says so) is ISO 8601 text in UTC whether it was typed with
/// an offset or as seconds since 2001, as the app writes it; a `UUID` is in upper case.
///
/// Which Swift number a JSON number is comes from the slot's type where it is a standard one
/// (an `Int` width, `Double`, `Float`). Inside an app's own type the CLI does not know
/// the field's type, so a number is the narrowest of these that holds it exactly:
/// `Int64`/`UInt64` for a whole number written without fraction or exponent (`-0` is `0`),
/// else `Double` when the Double's own spelling is the same number (`1.50`, `1e2`, `2.5e-3`),
/// else `Decimal` (`3.14159265358979323846`, `1e30`… as `JSONEncoder` writes a `Decimal`
/// field). A number none of them holds exactly (`1e400`, 40 significant digits) is refused
/// by `SlotType.check`, never rounded.
struct CanonicalJSON: Encodable {
    let value: JSONValue
    /// The standard type of this value; nil inside an app's own type.
    let type: SlotType?

    func encode(to encoder: any Encoder) throws {
        // A date is written as the app writes a `Date` (ISO 8601 in UTC), however it was typed;
        // `SlotType.check` has made sure it is one.
        if type?.unwrappingOptionals == .date, value != .null, let date = SlotType.date(from: value) {
            var container = encoder.singleValueContainer()
            try container.encode(date)
            return
        }
        // A UUID in upper case, as `UUID.uuidString` (and so the app) writes it: one typed in
        // lower case is the same UUID, and must store the same bytes.
        if type?.unwrappingOptionals == .uuid, case .string(let text) = value, let uuid = UUID(uuidString: text) {
            var container = encoder.singleValueContainer()
            try container.encode(uuid.uuidString)
            return
        }
        switch value {
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(CanonicalJSON(value: element, type: type?.elementType)) }
        case .object(let members):
            var container = encoder.container(keyedBy: MemberKey.self)
            for member in members {
                try container.encode(CanonicalJSON(value: member.value, type: type?.elementType), forKey: MemberKey(member.key))
            }
        default:
            var container = encoder.singleValueContainer()
            switch value {
            case .null: try container.encodeNil()
            case .bool(let flag): try container.encode(flag)
            case .string(let text): try container.encode(text)
            case .number(let literal):
                switch try SwiftNumber(literal, as: type) {
                case .integer(let number): try container.encode(number)
                case .unsigned(let number): try container.encode(number)
                case .double(let number): try container.encode(number)
                case .float(let number): try container.encode(number)
                case .decimal(let number): try container.encode(number)
                }
            case .array, .object: break
            }
        }
    }

    private struct MemberKey: CodingKey {
        let stringValue: String
        init(_ key: String) { stringValue = key }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }
}

/// The Swift number a JSON number literal is, as `CanonicalJSON` explains.
enum SwiftNumber {
    case integer(Int64)
    case unsigned(UInt64)
    case double(Double)
    case float(Float)
    case decimal(Decimal)

    /// - Parameter type: the standard type the number is of (through optionals), or nil for
    ///   a number inside an app's own type.
    /// - Throws: `TypeCheckFailure` for a number no Swift number type holds exactly.
    init(_ literal: String, as type: SlotType?, path: String = "") throws(TypeCheckFailure) {
        switch type?.unwrappingOptionals {
        case .integer?:
            if let number = Int64(literal) { self = .integer(number); return }
            if let number = UInt64(literal) { self = .unsigned(number); return }
        case .double?, .date?:
            if let number = Double(literal), number.isFinite { self = .double(number); return }
        case .float?:
            if let number = Float(literal), number.isFinite { self = .float(number); return }
        default:
            if !literal.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) {
                if let number = Int64(literal) { self = .integer(number); return }
                if let number = UInt64(literal) { self = .unsigned(number); return }
            }
            if let number = Double(literal), number.isFinite, DecimalDigits(literal) == DecimalDigits(number.description) {
                self = .double(number)
                return
            }
            if let number = Decimal(string: literal, locale: nil), DecimalDigits(literal) == DecimalDigits(number.description) {
                self = .decimal(number)
                return
            }
        }
        throw TypeCheckFailure(path: path, problem: "the number \(literal) is held exactly by no Swift number type (Int64, UInt64, Double, Decimal), so the app would not read it as written", isShapeOnly: false)
    }
}

/// A decimal number's value, for comparing two spellings of it: sign, significant digits
/// and exponent (`1.50` and `15e-1` are both `+15e-1`; every zero is `0` with its sign).
private struct DecimalDigits: Equatable {
    let negative: Bool
    let digits: Substring
    let exponent: Int

    /// Nil for text that is not a decimal number (`nan`, `inf`).
    init?(_ text: String) {
        var rest = Substring(text)
        negative = rest.first == "-"
        if negative || rest.first == "+" { rest = rest.dropFirst() }
        var exponent = 0
        if let marker = rest.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            guard let power = Int(rest[rest.index(after: marker)...]) else { return nil }
            exponent = power
            rest = rest[..<marker]
        }
        var digits = ""
        for character in rest {
            if character == "." { continue }
            guard character.isASCII, character.isNumber else { return nil }
            digits.append(character)
        }
        if let point = rest.firstIndex(of: ".") { exponent -= rest.distance(from: point, to: rest.endIndex) - 1 }
        guard !digits.isEmpty else { return nil }
        let significant = digits.drop { $0 == "0" }
        let trimmed = significant.reversed().drop { $0 == "0" }
        exponent += significant.count - trimmed.count
        self.digits = trimmed.isEmpty ? "0" : Substring(String(trimmed.reversed()))
        self.exponent = trimmed.isEmpty ? 0 : exponent
    }
}

extension SlotType {
    /// The type of the elements of an array or set, or of a dictionary's values; nil (an app
    /// type's content) for anything else.
    var elementType: SlotType? {
        switch unwrappingOptionals {
        case .array(let element), .set(let element): element
        case .dictionary(_, let value): value
        default: nil
        }
    }

    var unwrappingOptionals: SlotType {
        if case .optional(let wrapped) = self { return wrapped.unwrappingOptionals }
        return self
    }
}
