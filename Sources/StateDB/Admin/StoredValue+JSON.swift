import Foundation

extension StoredValue {
    /// The value as JSON for people and tools: scalars as themselves, bytes as
    /// `{"$base64": "…"}` (never lossy), JSON text parsed.
    ///
    /// A `Float` slot's number is written as the `Float` the app reads (`0.1`), not as the
    /// `Double` it is stored widened to (`0.10000000149011612`), as `[Float]` shows its
    /// elements.
    ///
    /// - Throws: `JSONSyntaxError` when a `json` value is not valid JSON.
    /// - Parameter type: the slot's `type` column, which says whether a `real` is a `Float`;
    ///   looked at only for a `real` (comparing it for every row was 15% of an export).
    func jsonValue(type: String? = nil) throws -> JSONValue {
        switch self {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .integer(let number): return .number(String(number))
        case .real(let number):
            // SQLite can hold infinities a hand edit put there, and a Double beyond a Float's
            // range narrows to one; JSON has no literal for them.
            let isFloat = type.map(SlotType.isFloatOrOptionalFloat) ?? false
            let shown = isFloat ? Double(Float(number)) : number
            guard shown.isFinite else { return .string(shown.isNaN ? "nan" : shown > 0 ? "+inf" : "-inf") }
            return .number(isFloat ? "\(Float(number))" : "\(number)")
        case .text(let text): return .string(text)
        case .blob(let bytes): return .object([.init("$base64", .string(Data(bytes).base64EncodedString()))])
        case .json(let text): return try JSONValue.parse(text)
        }
    }
}

extension SlotType {
    /// Whether the `type` column `name` is `Swift.Float` or an optional of it: the slots whose
    /// `real` value is a `Float` widened to a `Double`. Told from the text, as every row shown
    /// asks.
    static func isFloatOrOptionalFloat(_ name: String) -> Bool {
        var rest = Substring(name)
        while rest.hasPrefix("Swift.Optional<"), rest.hasSuffix(">") { rest = rest.dropFirst(15).dropLast() }
        return rest == "Swift.Float"
    }
}
