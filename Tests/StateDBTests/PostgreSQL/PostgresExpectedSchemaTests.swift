import Foundation
@testable import StateDB
import Testing

/// `PostgresExpectedSchema`, what `statedb check` compares a store's schema with, is what the
/// dialect's migrations create. It is written down (no server runs at build time) and held to
/// the migrations here: after a change to `Migrations/postgresql/`, this test fails and writes
/// the new file to put in its place.
@Suite(.serialized, .enabled(if: PostgresTestServer.isAvailable, "needs PostgreSQL server binaries (apt-get install postgresql)"))
struct PostgresExpectedSchemaTests {
    @Test func theWrittenDownSchemaIsWhatTheMigrationsCreate() throws {
        let database = try PostgresTestServer.shared().database()
        let store = try PostgresStoreDatabase(url: database.url)
        defer { store.close() }
        let made = try PostgresSchemaObjects.read(store.connection)
        #expect(PostgresExpectedSchema.version == PostgresSchemaMigration.latestVersion)
        guard made != PostgresExpectedSchema.objects || PostgresExpectedSchema.version != PostgresSchemaMigration.latestVersion else { return }
        let written = FileManager.default.temporaryDirectory.appendingPathComponent("PostgresExpectedSchema.swift")
        try Self.source(made, version: PostgresSchemaMigration.latestVersion).write(to: written, atomically: true, encoding: .utf8)
        Issue.record("Sources/StateDB/Store/PostgreSQL/PostgresExpectedSchema.swift is not what the migrations create; if the migrations are right, replace it with \(written.path)")
    }

    /// The objects read in one database are the same in another schema (`search_path`), and
    /// after `CREATE INDEX CONCURRENTLY` of the key index ahead of the migration.
    @Test func aStoreInAnotherSchemaHasTheSameObjects() throws {
        let database = try PostgresTestServer.shared().database()
        try database.psql("CREATE SCHEMA ops")
        let url = database.url + (database.url.contains("?") ? "&" : "?") + "options=-csearch_path%3Dops"
        let store = try PostgresStoreDatabase(url: url)
        defer { store.close() }
        #expect(try database.psql("SELECT count(*) FROM ops.slots") == "0", "the store is in schema ops")
        #expect(try PostgresSchemaObjects.differences(store.connection) == [])
    }

    /// The Swift source of `PostgresExpectedSchema` holding `objects`.
    static func source(_ objects: [SchemaObject], version: Int) -> String {
        func literal(_ text: String?) -> String {
            guard let text else { return "nil" }
            guard text.contains("\n") else { return String(reflecting: text) }
            var hashes = "#"
            while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
            return hashes + "\"\"\"\n" + text + "\n\"\"\"" + hashes
        }
        let entries = objects.map { object in
            "    SchemaObject(type: \(String(reflecting: object.type)), name: \(String(reflecting: object.name)), table: \(String(reflecting: object.table)),\n"
                + "                 sql: \(literal(object.sql))),"
        }
        return """
        // Written by PostgresExpectedSchemaTests from a database the migrations made; do not edit.

        /// The objects the PostgreSQL dialect's migrations (`Migrations/postgresql/`) create, as
        /// `PostgresSchemaObjects.read` describes them in a database they made: what `statedb
        /// check` compares a store's schema with. SQLite's are found at build time by running its
        /// migrations in memory (`ExpectedSchema`); these need a server, so they are written down
        /// and `PostgresExpectedSchemaTests` holds them to the migrations on a real one.
        enum PostgresExpectedSchema {
            /// The dialect's schema version these are the objects of.
            static let version = \(version)

            static let objects: [SchemaObject] = [
        \(entries.joined(separator: "\n"))
            ]
        }

        """
    }
}
