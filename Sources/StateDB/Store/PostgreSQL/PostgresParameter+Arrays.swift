/// Array parameters, so one statement carries a whole batch (`unnest($1::text[], …)`) instead
/// of one statement, and one round trip, per row.
///
/// Sent as PostgreSQL's array literal text (`{"a","b",NULL}`) and cast in the SQL (`$1::text[]`,
/// `$2::bytea[]`): every element is quoted, with `\` and `"` escaped, so no element can end the
/// literal or become another one.
extension PostgresParameter {
    /// A `text[]` whose elements are `values` in order; nil is SQL NULL.
    static func textArray(_ values: some Sequence<String?>) -> PostgresParameter {
        var literal = "{"
        var first = true
        for value in values {
            if !first { literal.append(",") }
            first = false
            guard let value else {
                literal.append("NULL")
                continue
            }
            literal.append("\"")
            for character in value.unicodeScalars {
                if character == "\\" || character == "\"" { literal.append("\\") }
                literal.unicodeScalars.append(character)
            }
            literal.append("\"")
        }
        literal.append("}")
        return .text(literal)
    }

    /// A `text[]` of `values`, none NULL.
    static func textArray(_ values: [String]) -> PostgresParameter {
        textArray(values.lazy.map { Optional($0) })
    }

    /// A `bytea[]` whose elements are `values` in order (nil is SQL NULL): each in bytea's hex
    /// form (`\x00ff`), which the array literal then quotes.
    static func byteaArray(_ values: some Sequence<[UInt8]?>) -> PostgresParameter {
        textArray(values.lazy.map { bytes in bytes.map(hex) })
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".unicodeScalars)
        var text = String.UnicodeScalarView()
        text.append("\\")
        text.append("x")
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(text)
    }
}
