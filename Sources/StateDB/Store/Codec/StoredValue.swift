import CSQLite

/// A slot's value as it sits in its SQLite row: the `encoding` column names the case, the
/// `value` column holds the payload.
enum StoredValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
    /// Any other `Codable` value, as JSON text with sorted keys.
    case json(String)

    /// Equal when stored alike: reals by their bits, so `-0.0` is not `0.0` (writing one over
    /// the other changes the row) and a NaN equals itself (writing it again changes nothing);
    /// texts by their bytes, so `café` composed is not `café` decomposed (Swift's `==` on
    /// strings says they are).
    static func == (lhs: StoredValue, rhs: StoredValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.real(let a), .real(let b)): a.bitPattern == b.bitPattern
        case (.text(let a), .text(let b)): a.utf8.elementsEqual(b.utf8)
        case (.blob(let a), .blob(let b)): a == b
        case (.json(let a), .json(let b)): a.utf8.elementsEqual(b.utf8)
        default: false
        }
    }

    /// The `encoding` column's value.
    var encoding: String { staticEncoding.description }

    /// `encoding` as a literal, for binding without a copy.
    var staticEncoding: StaticString {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .integer: "integer"
        case .real: "real"
        case .text: "text"
        case .blob: "blob"
        case .json: "json"
        }
    }

    /// Binds the value for the duration of `body` (which steps and resets the statement),
    /// lending text to SQLite instead of having it copied.
    func withBound<R>(to statement: SQLiteStatement, at index: Int32, _ body: () throws -> R) rethrows -> R {
        switch self {
        case .text(let value), .json(let value): return try statement.withText(value, at: index, body)
        default:
            bind(to: statement, at: index)
            return try body()
        }
    }

    func bind(to statement: SQLiteStatement, at index: Int32) {
        switch self {
        case .null: statement.bindNull(at: index)
        case .bool(let value): statement.bind(Int64(value ? 1 : 0), at: index)
        case .integer(let value): statement.bind(value, at: index)
        case .real(let value): statement.bind(value, at: index)
        case .text(let value), .json(let value): statement.bind(value, at: index)
        case .blob(let value): statement.bind(value, at: index)
        }
    }

    /// Reads a value column whose row says `encoding`.
    /// - Throws: `StoredValueError` when the column does not hold what the encoding promises.
    static func read(from statement: SQLiteStatement, at index: Int32, encoding: String) throws -> StoredValue {
        guard let kind = StoredEncoding(encoding) else {
            throw StoredValueError(message: "unknown encoding '\(encoding)'")
        }
        return try read(from: statement, at: index, kind: kind)
    }

    /// Reads a value column whose row's encoding is `kind`, already told from its text (the
    /// rows a reader shares its encoding texts among, `RepeatedTexts`, tell it by the text's
    /// place).
    static func read(from statement: SQLiteStatement, at index: Int32, kind: StoredEncoding) throws -> StoredValue {
        try read(from: StatementColumn(statement: statement, index: index), kind: kind)
    }

    /// Reads `column` as encoding `kind` says.
    /// - Throws: `StoredValueError` when the column does not hold what the encoding promises.
    static func read(from column: some StoredValueColumn, kind: StoredEncoding) throws -> StoredValue {
        let columnType = column.columnType
        func expect(_ type: Int32) throws {
            guard columnType == type else {
                throw StoredValueError(message: "encoding '\(kind.text)' but the value column holds \(sqliteTypeName(columnType))")
            }
        }
        switch kind {
        case .null:
            try expect(SQLITE_NULL)
            return .null
        case .bool:
            try expect(SQLITE_INTEGER)
            let value = column.int64
            guard value == 0 || value == 1 else { throw StoredValueError(message: "bool value \(value) is neither 0 nor 1") }
            return .bool(value == 1)
        case .integer:
            try expect(SQLITE_INTEGER)
            return .integer(column.int64)
        case .real:
            guard columnType == SQLITE_FLOAT || columnType == SQLITE_INTEGER else { try expect(SQLITE_FLOAT); return .null }
            return .real(column.double)
        case .text:
            try expect(SQLITE_TEXT)
            return .text(column.text)
        case .blob:
            guard columnType == SQLITE_BLOB || columnType == SQLITE_NULL else { try expect(SQLITE_BLOB); return .null }
            return .blob(column.blob)
        case .json:
            try expect(SQLITE_TEXT)
            return .json(column.text)
        }
    }
}

/// A value column as SQLite types it: a statement's (`StatementColumn`), or a row loaded at
/// open (`LoadedRows`). Each accessor is asked only of a column of a type it reads.
protocol StoredValueColumn {
    /// `SQLITE_INTEGER`, `SQLITE_FLOAT`, `SQLITE_TEXT`, `SQLITE_BLOB` or `SQLITE_NULL`.
    var columnType: Int32 { get }
    var int64: Int64 { get }
    /// A `FLOAT`'s value, or an `INTEGER`'s as a `Double`.
    var double: Double { get }
    var text: String { get }
    /// A `BLOB`'s bytes; none for `NULL`.
    var blob: [UInt8] { get }
}

/// Column `index` of the row `statement` is on.
private struct StatementColumn: StoredValueColumn {
    let statement: SQLiteStatement
    let index: Int32

    var columnType: Int32 { statement.columnType(at: index) }
    var int64: Int64 { statement.int64(at: index) }
    var double: Double { statement.double(at: index) }
    var text: String { statement.string(at: index) }
    var blob: [UInt8] { statement.bytes(at: index) }
}

extension StoredValue {
    /// The value as a message shows it: numbers and booleans as written, text quoted, JSON as
    /// its text, bytes by their count.
    var shownInMessage: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .integer(let value): "\(value)"
        case .real(let value): "\(value)"
        case .text(let text): JSONValue.quoted(text)
        case .blob(let bytes): "\(bytes.count) bytes"
        case .json(let text): text
        }
    }
}

/// The seven values of the `encoding` column, in the order `RepeatedTexts` knows them
/// beforehand (so a text's place in that list is its kind).
enum StoredEncoding: Int, CaseIterable {
    case integer, text, json, bool, real, null, blob

    /// The column's text for this kind.
    var text: String {
        switch self {
        case .integer: "integer"
        case .text: "text"
        case .json: "json"
        case .bool: "bool"
        case .real: "real"
        case .null: "null"
        case .blob: "blob"
        }
    }

    /// The kind the column's `text` names; nil for any other text.
    init?(_ text: String) {
        guard let kind = Self.allCases.first(where: { $0.text == text }) else { return nil }
        self = kind
    }
}

struct StoredValueError: Error, CustomStringConvertible {
    let message: String
    /// The row's type is not UTF-8 (a hand edit): its value is fine, but no app reads the slot,
    /// and a command that writes the type back as read would store U+FFFD in its place.
    var typeIsNotUTF8 = false
    /// The row's key is not UTF-8 text (a hand edit): no statement by key finds the row.
    var keyIsNotUTF8 = false
    var description: String { message }
}

func sqliteTypeName(_ type: Int32) -> String {
    switch type {
    case SQLITE_NULL: "NULL"
    case SQLITE_INTEGER: "INTEGER"
    case SQLITE_FLOAT: "REAL"
    case SQLITE_TEXT: "TEXT"
    case SQLITE_BLOB: "BLOB"
    default: "type \(type)"
    }
}
