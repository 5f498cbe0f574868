import Foundation
@testable import StateDB
import Testing

/// The PostgreSQL dialect the library carries is exactly `Migrations/postgresql/*.sql`.
struct PostgresSchemaFilesTests {
    static let folder = EmbeddedSchemaTests.migrationsFolder.appendingPathComponent("postgresql")

    @Test func embeddedDialectEqualsTheFiles() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".sql") }.sorted()
        #expect(!names.isEmpty)
        #expect(PostgresSchemaMigration.all.map(\.fileName) == names)
        #expect(PostgresSchemaMigration.all.map(\.version) == Array(1...names.count), "versions are 1, 2, 3… without gaps")
        for migration in PostgresSchemaMigration.all {
            let file = Self.folder.appendingPathComponent(migration.fileName)
            #expect(migration.sql == (try String(contentsOf: file, encoding: .utf8)), "\(migration.fileName): embedded text differs from the file")
            #expect(migration.checksum == (try EmbeddedSchemaTests().sha256sum(file.path)), "\(migration.fileName)")
        }
        // The SQLite files are still only the top folder's.
        #expect(SchemaMigration.all.allSatisfy { !$0.fileName.contains("/") })
    }

    @Test func passwordsNeverShowInMessages() {
        #expect(PostgresURL.redacted("postgresql://app:s3cret@db1,db2/state?target_session_attrs=read-write")
            == "postgresql://app:***@db1,db2/state?target_session_attrs=read-write")
        #expect(PostgresURL.redacted("postgres:///state?host=/run/pg&password=s3cret&user=app")
            == "postgres:///state?host=/run/pg&password=***&user=app")
        #expect(PostgresURL.redacted("postgresql://app@db/state") == "postgresql://app@db/state")
        #expect(PostgresURL.isPostgresURL("postgres://x") && PostgresURL.isPostgresURL("postgresql://x"))
        #expect(!PostgresURL.isPostgresURL("/home/me/state.sqlite"))
    }

    @Test func notAPostgresURLIsRefusedBeforeConnecting() {
        #expect(throws: StateStoreError.self) { try PostgresStoreDatabase(url: "/tmp/state.sqlite") }
    }
}
