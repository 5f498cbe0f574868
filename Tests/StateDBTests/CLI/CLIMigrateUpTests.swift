import Foundation
@testable import StateDB
import Testing

/// `statedb migrate up` on the stores an operator meets: one with many old dates to convert
/// (progress on a terminal, nothing when piped) and one not in WAL mode.
@Suite struct CLIMigrateUpTests {
    let folder = TemporaryDirectory()
    var path: String { folder.storePath }

    /// A store at schema version 5 with `dates` slots holding a date as seconds since 2001 and
    /// one `Int`, as the previous build wrote them.
    static func makeVersion5Store(at path: String, dates: Int) throws {
        let connection = try SQLiteConnection(path: path, mode: .readWriteCreate)
        let migrator = SchemaMigrator(connection: connection, path: path)
        for migration in SchemaMigration.all where migration.version <= 5 { try migrator.apply(migration) }
        connection.close()
        chmod(path, 0o600)
        try sqlite(path, "PRAGMA journal_mode = wal")
        try sqlite(path, """
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < \(dates))
            INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at)
            SELECT 'App/Row[id: ' || i || ']/at', 'App/Row[id: ' || i || ']', 'at', 'Foundation.Date', 'json', '817840372.44', 0, 0, 0 FROM n;
            INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at)
            VALUES ('App/count', 'App', 'count', 'Swift.Int', 'integer', 3, 0, 0, 0);
            """)
        #expect(try SQLiteShell.run(path, "PRAGMA user_version") == "5")
    }

    @Test func convertingDatesShowsProgressOnATerminalOnly() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a pseudo-terminal")
        let piped = folder.path("piped.sqlite")
        try Self.makeVersion5Store(at: path, dates: 2_500)
        try Self.makeVersion5Store(at: piped, dates: 2_500)
        let onTerminal = try CLI.run(["migrate", "up", path], inTerminal: true)
        #expect(onTerminal.status == 0, "\(onTerminal)")
        // Redrawn in place as rows are converted, left showing the total (the terminal ends
        // the line with \r\n).
        #expect(onTerminal.stdout.contains("\r\u{1B}[Kconverted 1024 / 2500 rows"), "\(onTerminal)")
        #expect(onTerminal.stdout.contains("\r\u{1B}[Kconverted 2500 / 2500 rows\r\n"), "\(onTerminal)")
        #expect(onTerminal.stdout.contains("applied schema 0006"), "\(onTerminal)")
        let run = try CLI.run("migrate", "up", piped)
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.isEmpty, "\(run)")
        // Both ways convert the same rows the same way.
        let query = "SELECT key, encoding, value FROM slots ORDER BY key"
        #expect(SQLiteProbe(path: path).rows(query) == SQLiteProbe(path: piped).rows(query))
        #expect(SQLiteProbe(path: path).value("App/Row[id: 7]/at") == "2026-12-01T17:52:52.44Z")
        #expect(try SQLiteShell.run(path, "PRAGMA user_version") == String(SchemaMigration.latestVersion))
    }

    /// The schema is migrated first; a state migration of the files that then fails is rolled
    /// back alone, and the message does not claim the file is as it was.
    @Test func aFailingStateMigrationAfterTheSchemaIsReportedAsWhatItIs() throws {
        try Self.makeVersion5Store(at: path, dates: 1)
        let file = folder.path("app.json")
        try Data(#"{ "migrations": [ { "name": "count as bool", "retype": { "keys": "App/count", "from": "Swift.Int", "to": "Swift.Bool" } } ] }"#.utf8)
            .write(to: URL(fileURLWithPath: file))
        let run = try CLI.run("migrate", "up", path, "--app", file)
        #expect(run.status == 7, "\(run)")
        #expect(run.stderr.contains("state migration 'count as bool' failed"), "\(run)")
        #expect(run.stderr.contains("slot App/count: the Swift.Int value 3 does not convert exactly to Swift.Bool; none"), "the value as written: \(run)")
        // What was done before the failure stays done, and is said: the backup, the schema.
        #expect(run.stdout.hasPrefix("backup: \(path).v5-"), "\(run)")
        #expect(run.stdout.contains("applied schema 0006_dates_as_iso8601.sql\n"), "\(run)")
        #expect(run.stderr.contains("none of the state migrations was applied (schema migrations run before them and stay applied)"), "\(run)")
        #expect(!run.stderr.contains("unchanged"), "\(run)")
        #expect(try SQLiteShell.run(path, "PRAGMA user_version") == String(SchemaMigration.latestVersion))
        #expect(SQLiteProbe(path: path).value("App/count") == "3")
        #expect(try SQLiteShell.run(path, "SELECT count(*) FROM app_migrations") == "0")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).contains { $0.hasPrefix("state.sqlite.v5-") })
    }

    @Test(arguments: [false, true]) func aStoreNotInWALModeIsMigrated(inTerminal: Bool) throws {
        if inTerminal { try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a pseudo-terminal") }
        try Self.makeVersion5Store(at: path, dates: 3)
        try sqlite(path, "PRAGMA journal_mode = DELETE")
        #expect(try SQLiteShell.run(path, "PRAGMA journal_mode") == "delete")
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        let run = try CLI.run(["migrate", "up", path], inTerminal: inTerminal)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("applied schema 0006"), "\(run)")
        #expect(SQLiteProbe(path: path).value("App/Row[id: 2]/at") == "2026-12-01T17:52:52.44Z")
        #expect(try SQLiteShell.run(path, "PRAGMA user_version") == String(SchemaMigration.latestVersion))
        // Opened by the library, the store is in WAL mode again, as every store is.
        #expect(try SQLiteShell.run(path, "PRAGMA journal_mode") == "wal")
        // The backup is the version-5 file.
        let backup = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).first { $0.hasPrefix("state.sqlite.v5-") })
        #expect(try SQLiteShell.run(folder.path(backup), "PRAGMA user_version") == "5")
    }

    /// A damaged store that is behind: the backup cannot be read, and the refusal names what is
    /// wrong and `recover`, not a full disk.
    @Test func aDamagedStoreThatIsBehindIsSentToRecover() throws {
        try Self.makeVersion5Store(at: path, dates: 5_000)
        try sqlite(path, "PRAGMA wal_checkpoint(TRUNCATE)")
        try StoreDamage.damageTableLeaf(path, leaf: 3)
        let before = try fileBytes(path)
        let run = try CLI.run(["migrate", "up", path])
        #expect(run.status == 7, "\(run)")
        #expect(run.stderr.contains("the store is damaged (database disk image is malformed), so the backup made before upgrading its schema could not be written; nothing was migrated."), "\(run)")
        #expect(run.stderr.contains("statedb recover"), "\(run)")
        #expect(try fileBytes(path) == before)
    }
}
