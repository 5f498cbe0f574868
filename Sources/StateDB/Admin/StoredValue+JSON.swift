import Foundation

extension StoredValue {
    /// The value as JSON for people and tools: scalars as themselves, bytes as
    /// `{"$base64": "…"}` (never lossy), JSON text parsed.
    ///
    /// - Throws: `JSONSyntaxError` when a `json` value is not valid JSON.
    func jsonValue() throws -> JSONValue {
        switch self {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .integer(let number): return .number(String(number))
        case .real(let number):
            // SQLite can hold infinities a hand edit put there; JSON has no literal for them.
            guard number.isFinite else { return .string(number.isNaN ? "nan" : number > 0 ? "+inf" : "-inf") }
            return .number("\(number)")
        case .text(let text): return .string(text)
        case .blob(let bytes): return .object([.init("$base64", .string(Data(bytes).base64EncodedString()))])
        case .json(let text): return try JSONValue.parse(text)
        }
    }
}
