import Foundation
@testable import StateDB
import Testing

/// Schema version 6 rewrites dates stored as seconds since 2001 in slots declared `Date` (or
/// an optional of one) as ISO 8601 text, after a backup, and leaves everything else as it was.
struct DateMigrationTests {
    let folder = TemporaryDirectory()
    var path: String { folder.storePath }

    /// A store at schema version 5, as the previous build left it, with the rows it wrote.
    func makeVersion5Store(rows: [(key: String, type: String, encoding: String, value: String)]) throws {
        let connection = try SQLiteConnection(path: path, mode: .readWriteCreate)
        let migrator = SchemaMigrator(connection: connection, path: path)
        for migration in SchemaMigration.all where migration.version <= 5 { try migrator.apply(migration) }
        connection.close()
        chmod(path, 0o600)
        try sqlite(path, "PRAGMA journal_mode = wal")  // as every store is
        for row in rows {
            let property = row.key.split(separator: "/").last!
            try sqlite(path, """
                INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at)
                VALUES ('\(row.key)', 'App', '\(property)', '\(row.type)', '\(row.encoding)', \(row.value), 0, 0, 0)
                """)
        }
        #expect(try SQLiteShell.run(path, "PRAGMA user_version") == "5")
    }

    static let oldRows: [(key: String, type: String, encoding: String, value: String)] = [
        ("App/lastOpened", "Foundation.Date", "json", "'817840372.44'"),
        ("App/tiny", "Foundation.Date", "json", "'1e-09'"),
        ("App/before2001", "Foundation.Date", "json", "'-0.25'"),
        ("App/maybe", "Swift.Optional<Foundation.Date>", "json", "'736000000'"),
        ("App/maybeNot", "Swift.Optional<Foundation.Date>", "null", "NULL"),
        ("App/nested", "Swift.Optional<Swift.Optional<Foundation.Date>>", "json", "'1'"),
        ("App/handEdit", "Foundation.Date", "real", "817840372.44"),
        ("App/wholeHandEdit", "Foundation.Date", "integer", "736000000"),
        // No ISO 8601 text for these: kept (an infinity as JSONEncoder wrote it, a year past 9999
        // is made the native number the app now writes).
        ("App/infinite", "Foundation.Date", "json", #"'"+inf"'"#),
        ("App/farFuture", "Foundation.Date", "json", "'1000000000000'"),
        // Not a date slot, or not a number: left for the app as before.
        ("App/visit", "StateDBTests.Visit", "json", #"'{"at":817840372.44,"byName":{},"stops":[]}'"#),
        ("App/seconds", "Swift.Double", "real", "817840372.44"),
        ("App/garbled", "Foundation.Date", "json", #"'"soon"'"#),
    ]

    @Test func oldDatesBecomeISO8601TextAndNothingElseChanges() throws {
        try makeVersion5Store(rows: Self.oldRows)
        try sqlite(path, """
            INSERT INTO quarantine (key, identity, property, stored_type, expected_type, encoding, value, error, quarantined_at)
            VALUES ('App/old', 'App', 'old', 'Foundation.Date', 'Swift.Int', 'json', '817840372.44', 'x', 0)
            """)
        try StateStore(path: path).close()

        let rows = SQLiteProbe(path: path).rows("SELECT key, encoding, value FROM slots ORDER BY key")
        #expect(rows == [
            ["App/before2001", "text", "2000-12-31T23:59:59.75Z"],
            ["App/farFuture", "real", "1000000000000.0"],
            ["App/garbled", "json", #""soon""#],
            ["App/handEdit", "text", "2026-12-01T17:52:52.44Z"],
            ["App/infinite", "json", #""+inf""#],
            ["App/lastOpened", "text", "2026-12-01T17:52:52.44Z"],
            ["App/maybe", "text", "2024-04-28T12:26:40Z"],
            ["App/maybeNot", "null", nil],
            ["App/nested", "text", "2001-01-01T00:00:01Z"],
            ["App/seconds", "real", "817840372.44"],
            ["App/tiny", "text", "2001-01-01T00:00:00.000000001Z"],
            ["App/visit", "json", #"{"at":817840372.44,"byName":{},"stops":[]}"#],
            ["App/wholeHandEdit", "text", "2024-04-28T12:26:40Z"],
        ])
        #expect(SQLiteProbe(path: path).rows("SELECT encoding, value FROM quarantine") == [["json", "817840372.44"]],
                "quarantined values stay exactly as they were")
        #expect(SQLiteProbe(path: path).rows("SELECT version, name FROM statedb_schema_migrations WHERE version = 6")
                == [["6", "dates_as_iso8601"]])

        // The same dates, to the bit, as before the migration.
        let store = try StateStore(path: path)
        defer { store.close() }
        #expect(try store.binding(for: "App/lastOpened", default: Date.now).wrappedValue.timeIntervalSinceReferenceDate == 817_840_372.44)
        #expect(try store.binding(for: "App/tiny", default: Date.now).wrappedValue.timeIntervalSinceReferenceDate == 1e-9)
        #expect(try store.binding(for: "App/before2001", default: Date.now).wrappedValue.timeIntervalSinceReferenceDate == -0.25)
        #expect(try store.binding(for: "App/farFuture", default: Date.now).wrappedValue.timeIntervalSinceReferenceDate == 1e12)
        #expect(try store.binding(for: "App/infinite", default: Date.now).wrappedValue.timeIntervalSinceReferenceDate == .infinity)
        #expect(try store.binding(for: "App/visit", default: Visit(at: .now, left: nil, stops: [], byName: [:])).wrappedValue.at
                == Date(timeIntervalSinceReferenceDate: 817_840_372.44))
    }

    /// The upgrade first copies the version-5 file beside the store, as every schema upgrade does.
    @Test func theVersion5FileIsBackedUpFirst() throws {
        try makeVersion5Store(rows: Self.oldRows)
        try StateStore(path: path).close()
        let backups = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
            .filter { $0.hasPrefix("state.sqlite.schema-v5-") && $0.hasSuffix(".bak") }
        #expect(backups.count == 1)
        let backup = folder.path(try #require(backups.first))
        #expect(SQLiteProbe(path: backup).rows("PRAGMA user_version") == [["5"]])
        #expect(SQLiteProbe(path: backup).value("App/lastOpened") == "817840372.44")
    }

    /// `statedb migrate up` runs the same conversion (with its own backup).
    @Test func migrateUpConvertsTheSame() throws {
        try makeVersion5Store(rows: Self.oldRows)
        let run = try CLI.run("migrate", "up", path)
        #expect(run.status == 0, "\(run.stdout) \(run.stderr)")
        #expect(SQLiteProbe(path: path).value("App/lastOpened") == "2026-12-01T17:52:52.44Z")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).contains { $0.hasPrefix("state.sqlite.v5-") })
    }
}
