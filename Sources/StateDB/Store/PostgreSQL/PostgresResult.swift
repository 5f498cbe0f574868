import CLibPQ

/// The rows a statement returned, in libpq's text format, freed when released.
final class PostgresResult {
    private let handle: OpaquePointer

    init(_ handle: OpaquePointer) {
        self.handle = handle
    }

    deinit { PQclear(handle) }

    var rowCount: Int { Int(PQntuples(handle)) }

    /// Rows an INSERT, UPDATE or DELETE touched (`PQcmdTuples`); 0 for other statements.
    var affectedRows: Int { Int(String(cString: PQcmdTuples(handle))) ?? 0 }

    func isNull(_ row: Int, _ column: Int) -> Bool { PQgetisnull(handle, Int32(row), Int32(column)) == 1 }

    /// The column's text; nil for NULL.
    func string(_ row: Int, _ column: Int) -> String? {
        guard !isNull(row, column), let value = PQgetvalue(handle, Int32(row), Int32(column)) else { return nil }
        return String(cString: value)
    }

    /// Whether the column's text is UTF-8 (NULL counts as valid). Always in a UTF8 database;
    /// a SQL_ASCII or single-byte one keeps whatever bytes a hand edit gave it.
    func isValidUTF8(_ row: Int, _ column: Int) -> Bool { firstInvalidUTF8(row, column) == nil }

    /// Where the column's text stops being UTF-8 (see `isValidUTF8`); nil when it is UTF-8 or NULL.
    func firstInvalidUTF8(_ row: Int, _ column: Int) -> (offset: Int, byte: UInt8)? {
        withBytes(row, column) { UTF8Validation.firstInvalid(in: $0) } ?? nil
    }

    /// The column's bytes as they came, for a text that is not UTF-8 (`string` reads it with
    /// U+FFFD); empty for NULL.
    func rawBytes(_ row: Int, _ column: Int) -> [UInt8] {
        withBytes(row, column) { Array($0) } ?? []
    }

    /// `body` over the column's bytes in libpq's buffer; nil for NULL.
    private func withBytes<T>(_ row: Int, _ column: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T? {
        guard !isNull(row, column), let value = PQgetvalue(handle, Int32(row), Int32(column)) else { return nil }
        let count = Int(PQgetlength(handle, Int32(row), Int32(column)))
        return UnsafeRawPointer(value).withMemoryRebound(to: UInt8.self, capacity: count) { body(UnsafeBufferPointer(start: $0, count: count)) }
    }

    /// A `bigint` or `integer` column; nil for NULL or anything else.
    func int64(_ row: Int, _ column: Int) -> Int64? {
        string(row, column).flatMap { Int64($0) }
    }

    /// A `bytea` column, from its text form (`\x` and hex digits); nil for NULL.
    func bytes(_ row: Int, _ column: Int) -> [UInt8]? {
        guard !isNull(row, column), let value = PQgetvalue(handle, Int32(row), Int32(column)) else { return nil }
        var count = 0
        guard let bytes = PQunescapeBytea(UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self), &count) else { return nil }
        defer { PQfreemem(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: count))
    }
}
