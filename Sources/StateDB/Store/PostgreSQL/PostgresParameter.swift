/// A value bound to a `$n` placeholder: sent apart from the SQL text, so no value ever
/// becomes SQL.
enum PostgresParameter: Sendable, Equatable {
    case null
    case text(String)
    case integer(Int64)
    /// Sent in binary, so bytes need no escaping.
    case bytes([UInt8])

    /// The slot value's two columns, `value` (text) and `blob` (bytea), as the PostgreSQL
    /// schema stores it (Migrations/postgresql/0001_initial.sql).
    static func columns(of value: StoredValue) -> (value: PostgresParameter, blob: PostgresParameter) {
        switch value {
        case .null: (.null, .null)
        case .bool(let flag): (.text(flag ? "true" : "false"), .null)
        case .integer(let integer): (.text(String(integer)), .null)
        // Swift's description of a finite Double is its shortest text that reads back exactly.
        case .real(let real): (.text(real.description), .null)
        case .text(let text), .json(let text): (.text(text), .null)
        case .blob(let bytes): (.null, .bytes(bytes))
        }
    }
}
