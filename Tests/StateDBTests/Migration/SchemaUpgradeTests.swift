import Foundation
@testable import StateDB
import SchemaChecksum
import Testing

private struct FixtureV1Settings: Codable, Equatable {
    var volume: Int
    var name: String
    var tags: [String]
}

/// The store file made by the first schema version, committed once and never regenerated:
/// every later build must open it.
private let v1Fixture = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/v1-store.sqlite")

struct SchemaUpgradeTests {
    @Test func theV1FixtureOpensAndUpgradesToTheCurrentSchemaWithEveryValue() throws {
        let folder = TemporaryDirectory()
        try FileManager.default.copyItem(atPath: v1Fixture.path, toPath: folder.storePath)
        chmod(folder.storePath, 0o600)  // a store must be private; the checkout's copy is 0644
        let store = try StateStore(path: folder.storePath)
        #expect(try store.binding(for: "App/count", default: 0).wrappedValue == 42)
        #expect(try store.binding(for: "App/title", default: "").wrappedValue == "héllo / wörld")
        #expect(try store.binding(for: "App/enabled", default: false).wrappedValue == true)
        #expect(try store.binding(for: "App/ratio", default: 0.0).wrappedValue == 0.25)
        #expect(try store.binding(for: "App/nickname", default: String?.some("x")).wrappedValue == nil)
        #expect(try store.binding(for: "App/blob", default: Data()).wrappedValue == Data([0, 1, 2, 255]))
        #expect(try store.binding(for: "App/settings", default: FixtureV1Settings(volume: 0, name: "", tags: [])).wrappedValue
                == FixtureV1Settings(volume: 7, name: "kiosk", tags: ["a", "b"]))
        #expect(try store.binding(for: #"App/List/ForEach/Row[id: "42"]/isOn"#, default: false).wrappedValue)
        store.close()
        let status = try MigrationStatus.read(path: folder.storePath)
        #expect(status.schemaVersion == SchemaMigration.latestVersion)
        #expect(status.isCurrent)

        // The upgrade left a backup of the version-1 file beside the store.
        let backups = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix("state.sqlite.schema-v1-") && $0.hasSuffix(".bak") }
        #expect(backups.count == 1)
        let backup = folder.path(try #require(backups.first))
        #expect(SQLiteProbe(path: backup).rows("PRAGMA user_version") == [["1"]])
        #expect(SQLiteProbe(path: backup).value("App/count") == "42")
    }

    @Test func aStoreBehindIsRefusedWhenMigratingIsOff() throws {
        let folder = TemporaryDirectory()
        // An empty SQLite database (no tables, no application id) is a store at schema version 0.
        let connection = try SQLiteConnection(path: folder.storePath, mode: .readWriteCreate)
        try connection.execute("VACUUM")
        connection.close()
        chmod(folder.storePath, 0o600)  // SQLite created it with the umask's mode
        var options = StateStore.Options()
        options.migrateSchema = false
        let before = FileManager.default.contents(atPath: folder.storePath)
        #expect {
            try StateStore(path: folder.storePath, options: options)
        } throws: { error in
            (error as? StateStoreError)?.kind == .migrationRequired && "\(error)".contains("statedb migrate up")
        }
        #expect(FileManager.default.contents(atPath: folder.storePath) == before)
    }

    @Test func aFailingSchemaMigrationNamesTheFileAndStatementAndRollsBack() throws {
        let connection = try SQLiteConnection(path: ":memory:", mode: .readWriteCreate)
        try SchemaMigrator(connection: connection, path: "test.sqlite").migrate(from: 0)
        let sql = """
            -- adds a table, then fails
            CREATE TABLE extra (id INTEGER);
            INSERT INTO no_such_table VALUES (1);
            """
        let broken = SchemaMigration(file: EmbeddedSQLFile(fileName: "0002_broken.sql", checksum: SHA256.hex(sql), sql: sql))
        #expect {
            try SchemaMigrator(connection: connection, path: "test.sqlite").apply(broken)
        } throws: { error in
            let text = "\(error)"
            return text.contains("0002_broken.sql") && text.contains("INSERT INTO no_such_table") && text.contains("rolled back")
        }
        #expect(try connection.pragmaInteger(.userVersion) == Int64(SchemaMigration.latestVersion))
        let tables = try connection.prepare("SELECT count(*) FROM sqlite_schema WHERE name = 'extra'")
        _ = try tables.step()
        #expect(tables.int64(at: 0) == 0, "the CREATE TABLE was rolled back too")
    }

    @Test func migrationFilesSplitIntoStatementsTriggersIncluded() {
        let statements = SchemaMigrator.statements(of: SchemaMigration.all[0].sql)
        #expect(statements.contains { $0.hasPrefix("CREATE TRIGGER slots_stamp_update") && $0.hasSuffix("END;") })
        #expect(statements.allSatisfy { !$0.isEmpty })
    }
}
