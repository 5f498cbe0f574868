@testable import StateDB
import Testing

// `SQL` is the only text the connection runs. That a `String` cannot become one is the
// compiler's to enforce (no initializer or interpolation takes a `String`); these tests pin
// what the type does allow.
struct SQLTextTests {
    @Test func integersAreWrittenAsTheirDigits() {
        let version = 12
        let id: Int32 = -7
        let sql: SQL = "PRAGMA user_version = \(version); PRAGMA application_id = \(id)"
        #expect(sql.text == "PRAGMA user_version = 12; PRAGMA application_id = -7")
        #expect(sql.literalAddress == nil)
    }

    @Test func aLiteralKeepsItsAddressAndFragmentsJoin() {
        let select: SQL = "SELECT key FROM slots"
        #expect(select.literalAddress != nil)
        let filtered = select + " WHERE key = ?1"
        #expect(filtered.text == "SELECT key FROM slots WHERE key = ?1")
        #expect(filtered.literalAddress == nil)
    }

    @Test func aCachedStatementIsFoundByItsLiteralOrByItsText() throws {
        let connection = try SQLiteConnection(path: ":memory:", mode: .readWriteCreate)
        defer { connection.close() }
        func literal() throws -> SQLiteStatement { try connection.cached("SELECT 1") }
        #expect(try literal() === literal())
        let one: SQL = "SELECT "
        let composed = { try connection.cached(one + "2") }
        #expect(try composed() === composed())
        #expect(try composed() !== literal())
        let statement = try composed()
        #expect(try statement.step() && statement.int64(at: 0) == 2)
        statement.reset()
    }

    @Test func aMigrationRunsStatementByStatement() throws {
        let first = try #require(SchemaMigration.all.first)
        let statements = SQL(migration: first).statements
        #expect(statements.count > 1)
        let connection = try SQLiteConnection(path: ":memory:", mode: .readWriteCreate)
        defer { connection.close() }
        for statement in statements { try connection.execute(statement) }
        let tables = try connection.prepare("SELECT count(*) FROM sqlite_schema WHERE name = 'slots'")
        #expect(try tables.step() && tables.int64(at: 0) == 1)
    }
}
