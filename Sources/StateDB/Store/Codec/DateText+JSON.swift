import Foundation

extension DateText {
    /// `JSONEncoder`'s date strategy: the canonical text as a JSON string, or, for a date that
    /// has none, its seconds since 2001 as a number (`"+inf"`, `"-inf"`, `"nan"` for
    /// non-finite seconds, by the encoder's float strategy).
    @Sendable static func encode(_ date: Date, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let text = canonical(date) {
            try container.encode(text)
        } else {
            try container.encode(date.timeIntervalSinceReferenceDate)
        }
    }

    /// `JSONDecoder`'s date strategy: ISO 8601 text (any form `parse` takes), or seconds since
    /// 2001 as a number, as dates were stored before schema version 6 and still are where
    /// they have no canonical text.
    @Sendable static func decode(from decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        if let seconds = try? container.decode(Double.self) {
            return Date(timeIntervalSinceReferenceDate: seconds)
        }
        let text = try container.decode(String.self)
        guard let date = parse(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\(ValueCodec.jsonString(String(text.prefix(80)))) is not an ISO 8601 date (the form is \(example))")
        }
        return date
    }
}
