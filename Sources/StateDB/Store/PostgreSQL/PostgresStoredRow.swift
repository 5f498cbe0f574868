extension StoredRow {
    /// The columns a row is read from, in the order `init(_:row:)` reads them.
    static let postgresSelectSQL: PostgresSQL = "SELECT key, type, encoding, value, blob, created_at, updated_at, seen_at, version FROM slots"

    /// Row `row` of a result with `postgresSelectSQL`'s columns.
    init(_ result: PostgresResult, row: Int) {
        key = result.string(row, 0) ?? ""
        type = result.string(row, 1) ?? ""
        let encoding = result.string(row, 2) ?? ""
        self.encoding = encoding
        value = Result { try StoredValue.read(from: result, row: row, valueColumn: 3, blobColumn: 4, encoding: encoding) }
            .mapError { $0 as? StoredValueError ?? StoredValueError(message: "\($0)") }
        createdAt = result.int64(row, 5) ?? 0
        updatedAt = result.int64(row, 6) ?? 0
        seenAt = result.int64(row, 7) ?? 0
        version = result.int64(row, 8) ?? 0
    }
}

extension StoredValue {
    /// Reads a value from the PostgreSQL schema's `value` (text) and `blob` (bytea) columns as
    /// its row's `encoding` says. A hand edit that wrote text the encoding cannot hold (`'x'`
    /// for an integer) is reported, so the store quarantines it as it does on SQLite.
    static func read(from result: PostgresResult, row: Int, valueColumn: Int, blobColumn: Int, encoding: String) throws -> StoredValue {
        let text = result.string(row, valueColumn)
        func required() throws -> String {
            guard let text else { throw StoredValueError(message: "encoding '\(encoding)' but the value column is NULL") }
            return text
        }
        switch encoding {
        case "null":
            guard text == nil else { throw StoredValueError(message: "encoding 'null' but the value column holds text") }
            return .null
        case "bool":
            switch try required() {
            case "true", "t", "1": return .bool(true)
            case "false", "f", "0": return .bool(false)
            case let other: throw StoredValueError(message: "bool value '\(other.prefix(40))' is neither true nor false")
            }
        case "integer":
            let digits = try required()
            guard let integer = Int64(digits) else { throw StoredValueError(message: "integer value '\(digits.prefix(40))' is not a 64-bit integer") }
            return .integer(integer)
        case "real":
            let digits = try required()
            guard let real = Double(digits) else { throw StoredValueError(message: "real value '\(digits.prefix(40))' is not a number") }
            return .real(real)
        case "text": return .text(try required())
        case "json": return .json(try required())
        case "blob": return result.bytes(row, blobColumn).map(StoredValue.blob) ?? .null
        default: throw StoredValueError(message: "unknown encoding '\(encoding)'")
        }
    }
}
