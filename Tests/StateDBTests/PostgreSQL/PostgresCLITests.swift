import Foundation
@testable import StateDB
import Testing

/// The real `statedb` binary, given a `postgresql://` URL where it takes a store file, on a real
/// server: each command reads and writes the store in that database as it does a file's.
@Suite(.serialized, .enabled(if: PostgresTestServer.isAvailable, "needs PostgreSQL server binaries (apt-get install postgresql)"))
struct PostgresCLITests {
    /// A database holding a store with `rows` committed by the store's own writer, as an app
    /// would have left it (one tick).
    static func store(_ rows: [(String, StoredValue, String)] = []) throws -> PostgresTestDatabase {
        let database = try PostgresTestServer.shared().database()
        let store = try PostgresStoreDatabase(url: database.url)
        defer { store.close() }
        if !rows.isEmpty {
            _ = try store.commit(StoreCommit(writes: rows.map {
                StoreCommit.Write(slotKey: SlotKey($0.0), type: $0.2, value: $0.1, rowExists: false)
            }))
        }
        return database
    }

    static let sample: [(String, StoredValue, String)] = [
        ("ContentView/count", .integer(3), "Swift.Int"),
        ("ContentView/name", .text("Ada"), "Swift.String"),
        ("ContentView/VStack/Row[id: 1]/isOn", .bool(false), "Swift.Bool"),
        ("ContentView/VStack/Row[id: 2]/isOn", .bool(true), "Swift.Bool"),
        ("ContentView/settings", .json(#"{"ratio":1.5,"tags":["a"]}"#), "MyApp.Settings"),
        ("ContentView/avatar", .blob([0, 1, 255]), "Foundation.Data"),
    ]

    @Test func getSetAndRemoveWriteTheStoreWithOneTickEach() throws {
        let database = try Self.store(Self.sample)
        let url = database.url
        var run = try CLI.run("get", url, "ContentView/count")
        #expect(run.status == 0 && run.stdout == "3\n", "\(run)")
        run = try CLI.run("get", url, "ContentView/avatar")
        #expect(run.status == 0 && run.stdout.contains(#""$base64": "AAH/""#), "bytes as on SQLite: \(run)")

        run = try CLI.run("set", url, "ContentView/count", "7")
        #expect(run.status == 0 && run.stdout.hasPrefix("set "), "\(run)")
        #expect(try database.psql("SELECT encoding || ' ' || value || ' ' || version FROM slots WHERE key = 'ContentView/count'") == "integer 7 2")
        #expect(try database.psql("SELECT tick FROM statedb_clock") == "2")
        // An equal value, however it is typed, writes nothing and the clock stays.
        run = try CLI.run("set", url, "ContentView/settings", #"{"tags": ["a"], "ratio": 1.50}"#)
        #expect(run.status == 0 && run.stdout.hasPrefix("unchanged "), "\(run)")
        #expect(try database.psql("SELECT tick FROM statedb_clock") == "2")
        // Canonical JSON as on SQLite: the app's encoder's bytes.
        run = try CLI.run("set", url, "ContentView/settings", #"{"tags": ["b"], "ratio": 2.50}"#)
        #expect(run.status == 0, "\(run)")
        #expect(try database.psql("SELECT value FROM slots WHERE key = 'ContentView/settings'") == #"{"ratio":2.5,"tags":["b"]}"#)
        run = try CLI.run(["set", url, "Settings/volume", "0.25", "--type", "Double"])
        #expect(run.status == 0 && run.stdout.hasPrefix("created "), "\(run)")
        #expect(try database.psql("SELECT identity || ' ' || property || ' ' || type || ' ' || encoding || ' ' || value FROM slots WHERE key = 'Settings/volume'")
            == "Settings volume Swift.Double real 0.25")
        run = try CLI.run("set", url, "ContentView/count", "\"seven\"")
        #expect(run.status == 3, "a value of the wrong type is refused: \(run)")

        run = try CLI.run("rm", url, "ContentView/name")
        #expect(run.status == 0, "\(run)")
        #expect(try database.psql("SELECT count(*) FROM slots WHERE key = 'ContentView/name'") == "0")
        // One tick for the delete, and the tombstone carries it (not a second one from the trigger).
        #expect(try database.psql("SELECT tick FROM statedb_clock") == "5")
        #expect(try database.psql("SELECT version FROM slot_tombstones WHERE key = 'ContentView/name'") == "5")
        run = try CLI.run(["rm", url, "--prefix", "ContentView/VStack"])
        #expect(run.status == 0 && run.stdout.contains("2 slots deleted"), "\(run)")
        #expect(try database.psql("SELECT string_agg(key || ' ' || version, ',' ORDER BY key) FROM slot_tombstones WHERE key LIKE '%isOn'")
            == "ContentView/VStack/Row[id: 1]/isOn 6,ContentView/VStack/Row[id: 2]/isOn 6")

        run = try CLI.run("get", url, "ContentView/cuont")
        #expect(run.status == 1 && run.stderr.contains("ContentView/count"), "a typo names the closest key: \(run)")
    }

    @Test func aPasswordInTheURLIsNeverPrinted() throws {
        let database = try Self.store(Self.sample)
        // The test server trusts the socket, so the password is sent and ignored.
        let url = "postgresql://postgres:s3cret-pw@/\(database.name)?host=\(database.server.host)"
        var run = try CLI.run("get", url, "ContentView/missing")
        #expect(run.status == 1, "\(run)")
        #expect(!run.stderr.contains("s3cret-pw") && run.stderr.contains("postgres:***@"), "\(run)")
        run = try CLI.run("get", "postgresql://postgres:s3cret-pw@/no_such_database?host=\(database.server.host)", "A/b")
        #expect(run.status == 6 && run.stderr.contains("no such database"), "\(run)")
        #expect(!run.stderr.contains("s3cret-pw") && !run.stdout.contains("s3cret-pw"), "\(run)")
    }

    @Test func inspectListsEverySlotInKeyOrder() throws {
        let database = try Self.store(Self.sample)
        var run = try CLI.run(["inspect", database.url, "--json"])
        #expect(run.status == 0, "\(run)")
        let slots = try #require(try run.json() as? [[String: Any]])
        #expect(slots.map { $0["key"] as? String } == Self.sample.map(\.0).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        #expect(slots.first { $0["key"] as? String == "ContentView/count" }?["version"] as? Int == 1)
        run = try CLI.run(["inspect", database.url, "--match", "*/isOn"])
        #expect(run.status == 0 && run.stdout.contains("2 slot(s)") && !run.stdout.contains("count"), "\(run)")
        run = try CLI.run(["inspect", database.url, "--prefix", "ContentView/VStack", "--full"])
        #expect(run.status == 0 && run.stdout.contains("2 slot(s)"), "\(run)")
        run = try CLI.run(["inspect", database.url, "--prefix", "Nothing/Here"])
        #expect(run.status == 1, "\(run)")
    }

    @Test func exportImportsIntoAnotherDatabaseAndBackIntoAFile() throws {
        let source = try Self.store(Self.sample)
        let export = try CLI.run("export", source.url)
        #expect(export.status == 0, "\(export)")
        let target = try Self.store([("Other/x", .integer(1), "Swift.Int")])
        var run = try CLI.run(["import", target.url, "-", "--replace"], stdin: export.stdout)
        #expect(run.status == 0, "\(run)")
        let again = try CLI.run("export", target.url)
        /// The slots' keys, types and values, as sorted-key JSON text (not the times).
        func slots(_ text: String) throws -> String {
            let document = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            let slots = (document?["slots"] as? [[String: Any]] ?? []).map { $0.filter { $0.key != "updated" } }
            return String(decoding: try JSONSerialization.data(withJSONObject: slots, options: [.sortedKeys]), as: UTF8.self)
        }
        #expect(try slots(again.stdout) == slots(export.stdout))
        #expect(try target.psql("SELECT count(*) FROM slots WHERE key = 'Other/x'") == "0")
        // Importing the same again changes nothing.
        let tick = try target.psql("SELECT tick FROM statedb_clock")
        run = try CLI.run(["import", target.url, "-"], stdin: export.stdout)
        #expect(run.status == 0, "\(run)")
        #expect(try target.psql("SELECT tick FROM statedb_clock") == tick)

        // The same document goes into a store file, so a store moves between the backends.
        let folder = TemporaryDirectory()
        let file = folder.storePath
        try StateStore(path: file).close()
        run = try CLI.run(["import", file, "-"], stdin: export.stdout)
        #expect(run.status == 0, "\(run)")
        #expect(try slots(CLI.run("export", file).stdout) == slots(export.stdout))
    }

    @Test func quarantinedValuesAreListedRestoredAndDropped() throws {
        let database = try Self.store([("ContentView/count", .integer(0), "Swift.Int")])
        // As an app sets values aside when they no longer decode.
        try database.psql("""
            INSERT INTO quarantine (key, identity, property, stored_type, expected_type, encoding, value, error, quarantined_at) VALUES
            ('ContentView/count', 'ContentView', 'count', 'Swift.Int', 'Swift.Int', 'text', 'three', 'not a number', 1),
            ('ContentView/name', 'ContentView', 'name', 'Swift.String', 'Swift.Int', 'text', 'five', 'not a number', 2)
            """)
        var run = try CLI.run(["quarantine", database.url, "--json"])
        #expect(run.status == 0, "\(run)")
        let entries = try #require(try run.json() as? [[String: Any]])
        #expect(entries.map { $0["key"] as? String } == ["ContentView/count", "ContentView/name"])
        run = try CLI.run(["quarantine", "show", database.url, "2", "--json"])
        #expect((try run.json() as? [String: Any])?["key"] as? String == "ContentView/name", "\(run)")
        let missed = try CLI.run(["quarantine", "show", database.url, "9"])
        #expect(missed.status == 1 && missed.stderr.contains("no quarantined value with id 9 (ids near it: 1, 2)"), "\(missed)")
        run = try CLI.run(["quarantine", "restore", database.url, "2"])
        #expect(run.status == 0, "\(run)")
        #expect(try database.psql("SELECT type || ' ' || encoding || ' ' || value FROM slots WHERE key = 'ContentView/name'") == "Swift.String text five")
        run = try CLI.run(["quarantine", "drop", database.url, "1"])
        #expect(run.status == 0, "\(run)")
        #expect(try database.psql("SELECT count(*) FROM quarantine") == "0")
        run = try CLI.run(["quarantine", "drop", database.url, "1"])
        #expect(run.status == 1, "\(run)")
    }

    @Test func checkReportsHandEditsThatDoNotFitTheirType() throws {
        let database = try Self.store(Self.sample)
        var run = try CLI.run("check", database.url)
        #expect(run.status == 0, "a store the library wrote is healthy: \(run)")
        try database.psql("UPDATE slots SET value = 'nine' WHERE key = 'ContentView/count'")
        run = try CLI.run(["check", database.url, "--json"])
        #expect(run.status == 5, "\(run)")
        let report = try #require(try run.json() as? [String: Any])
        let problems = report["problems"] as? [[String: Any]] ?? []
        #expect(problems.map { $0["key"] as? String } == ["ContentView/count"], "\(run)")
        // A dropped trigger is damage, reported without advice to `recover` a file.
        try database.psql("DROP TRIGGER slots_stamp_update ON slots")
        run = try CLI.run("check", database.url)
        #expect(run.status == 5 && run.stdout.contains("slots_stamp_update") && !run.stdout.contains("statedb recover"), "\(run)")
        // Other commands refuse such a store, as the store does.
        #expect(try CLI.run("get", database.url, "ContentView/name").status == 7)
    }

    @Test func orphansGcAndMove() throws {
        let database = try Self.store(Self.sample + [("AppStorage/theme", .text("dark"), "Swift.String")])
        // Everything unseen for a year but one view's slots.
        try database.psql("UPDATE slots SET seen_at = 1 WHERE key NOT LIKE 'ContentView/VStack/%'")
        var run = try CLI.run(["orphans", database.url, "--json"])
        #expect(run.status == 0, "\(run)")
        run = try CLI.run(["gc", database.url, "--unseen-for", "30d"])
        #expect(run.status == 0, "\(run)")
        #expect(try database.psql("SELECT string_agg(key, ',' ORDER BY key) FROM slots")
            == "AppStorage/theme,ContentView/VStack/Row[id: 1]/isOn,ContentView/VStack/Row[id: 2]/isOn")
        run = try CLI.run(["mv", database.url, "ContentView/VStack", "ContentView/List"])
        #expect(run.status == 0, "\(run)")
        #expect(try database.psql("SELECT string_agg(key || '=' || value, ',' ORDER BY key) FROM slots WHERE key LIKE 'ContentView/%'")
            == "ContentView/List/Row[id: 1]/isOn=false,ContentView/List/Row[id: 2]/isOn=true")
        // One tick for the whole move, the old keys' tombstones included.
        let tick = try database.psql("SELECT tick FROM statedb_clock")
        #expect(try database.psql("SELECT DISTINCT version FROM slots WHERE key LIKE 'ContentView/List/%'") == tick)
        #expect(try database.psql("SELECT DISTINCT version FROM slot_tombstones WHERE key LIKE 'ContentView/VStack/%'") == tick)
    }

    @Test func aSetWakesAListeningAppWithTheChange() throws {
        let database = try Self.store(Self.sample)
        let app = try PostgresStoreDatabase(url: database.url)
        defer { app.close() }
        let seen = try app.loadAllRows().tick
        #expect(try !app.waitForChanges(timeout: 0))
        let run = try CLI.run("set", database.url, "ContentView/count", "42")
        #expect(run.status == 0, "\(run)")
        #expect(try app.waitForChanges(timeout: 10), "the commit notified")
        let changes = try app.changes(since: seen)
        #expect(changes.rows.map(\.key) == ["ContentView/count"])
        #expect(try changes.rows.first?.value.get() == .integer(42))
    }

    @Test func aForeignOrEmptyDatabaseIsRefusedUntouched() throws {
        let foreign = try PostgresTestServer.shared().database()
        try foreign.psql("CREATE TABLE customers (id serial PRIMARY KEY, name text); INSERT INTO customers (name) VALUES ('Ada')")
        let before = try foreign.dump()
        for arguments in [["get", foreign.url, "A/b"], ["set", foreign.url, "A/b", "1", "--type", "Int"], ["inspect", foreign.url],
                          ["import", foreign.url, "-"], ["check", foreign.url]] {
            let run = try CLI.run(arguments, stdin: "{}")
            #expect(run.status == 7 && run.stderr.contains("another application"), "\(arguments[0]): \(run)")
        }
        #expect(try foreign.dump() == before)

        let empty = try PostgresTestServer.shared().database()
        let emptyBefore = try empty.dump()
        let run = try CLI.run(["set", empty.url, "A/b", "1", "--type", "Int"])
        #expect(run.status == 6 && run.stderr.contains("nothing was created"), "\(run)")
        #expect(try empty.dump() == emptyBefore)

        let newer = try Self.store()
        try newer.psql("UPDATE statedb_store SET schema_version = 99")
        let newerBefore = try newer.dump()
        let refused = try CLI.run("inspect", newer.url)
        #expect(refused.status == 7 && refused.stderr.contains("newer"), "\(refused)")
        #expect(try newer.dump() == newerBefore)
    }

    @Test func recoverRefusesAURLAndSaysWhatToUse() throws {
        let database = try Self.store(Self.sample)
        let before = try database.dump()
        let folder = TemporaryDirectory()
        var run = try CLI.run("recover", database.url, folder.path("out.sqlite"))
        #expect(run.status == 2 && run.stderr.contains("pg_dump") && run.stderr.contains("statedb export"), "\(run)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.sqlite")))
        run = try CLI.run("recover", folder.path("in.sqlite"), database.url)
        #expect(run.status == 2 && run.stderr.contains("OUT is a PostgreSQL URL"), "\(run)")
        #expect(try database.dump() == before)
    }

    @Test func migrateShowsAndAppliesThePostgresDialect() throws {
        let database = try Self.store(Self.sample)
        let app = try PostgresStoreDatabase(url: database.url)
        _ = try app.recordAppMigrations([AppMigrationRecord(name: "rename-volume", position: 0, appliedAt: 10)])
        app.close()
        var run = try CLI.run(["migrate", "status", database.url, "--json"])
        #expect(run.status == 0, "\(run)")
        let status = try #require(try run.json() as? [String: Any])
        #expect(status["schemaVersion"] as? Int == PostgresSchemaMigration.latestVersion)
        #expect(status["latestSchemaVersion"] as? Int == PostgresSchemaMigration.latestVersion)
        #expect(status["current"] as? Bool == true)
        let schema = status["appliedSchema"] as? [[String: Any]] ?? []
        #expect(schema.map { $0["name"] as? String } == PostgresSchemaMigration.all.map(\.name))
        #expect(schema.allSatisfy { $0["matchesThisBuild"] as? Bool == true })
        #expect((status["appliedState"] as? [[String: Any]])?.map { $0["name"] as? String } == ["rename-volume"])
        run = try CLI.run(["migrate", "status", database.url])
        #expect(run.status == 0 && run.stdout.contains("version \(PostgresSchemaMigration.latestVersion) of \(PostgresSchemaMigration.latestVersion) (current)"), "\(run)")
        let before = try database.dump()
        run = try CLI.run(["migrate", "up", database.url])
        #expect(run.status == 0 && run.stdout.contains("nothing to do"), "\(run)")
        #expect(try database.dump() == before)

        // An operator's state migration file, shown pending, applied once, then recorded.
        let folder = TemporaryDirectory()
        let file = folder.path("fixes.json")
        try Data(#"{ "migrations": [ { "name": "rows to a list", "renameIdentity": { "from": "ContentView/VStack", "to": "ContentView/List" } } ] }"#.utf8)
            .write(to: URL(fileURLWithPath: file))
        run = try CLI.run(["migrate", "status", database.url, "--app", file, "--exit-code"])
        #expect(run.status == 5 && run.stdout.contains("rows to a list  pending"), "\(run)")
        let moving = try database.psql("SELECT count(*) FROM slots WHERE key LIKE 'ContentView/VStack/%'")
        run = try CLI.run(["migrate", "up", database.url, "--app", file])
        #expect(run.status == 0 && run.stdout.contains("applied state migration rows to a list: rename identity ContentView/VStack -> ContentView/List (\(moving) slots changed)"), "\(run)")
        #expect(try database.psql("SELECT string_agg(key, ',' ORDER BY key) FROM slots WHERE key LIKE '%isOn'")
            == "ContentView/List/Row[id: 1]/isOn,ContentView/List/Row[id: 2]/isOn")
        #expect(try database.psql("SELECT name || ' ' || position FROM app_migrations WHERE name = 'rows to a list'") == "rows to a list -1")
        run = try CLI.run(["migrate", "status", database.url, "--app", file, "--exit-code"])
        #expect(run.status == 0, "applied once: \(run)")

        try database.psql("UPDATE statedb_schema_migrations SET checksum = 'edited'")
        run = try CLI.run(["migrate", "status", database.url])
        #expect(run.status == 7 && run.stderr.contains("must never be edited"), "\(run)")
        // `check` reports it with the rest, as it does for a SQLite file, instead of refusing.
        run = try CLI.run(["check", database.url])
        #expect(run.status == 5 && run.stdout.contains("differs from this build's file"), "\(run)")
        #expect(try database.psql("SELECT count(*) FROM statedb_schema_migrations WHERE checksum = 'edited'") != "0", "check wrote nothing")
    }

    @Test func listingsStreamThroughTheCursorInKeyOrder() throws {
        let database = try Self.store()
        // More rows than one FETCH brings, inserted by hand (the triggers stamp them).
        let count = PostgresAdminRows.fetchSize * 5 + 7
        try database.psql("""
            INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at)
            SELECT 'List/Row[id: ' || n || ']/title', 'List/Row[id: ' || n || ']', 'title', 'Swift.String', 'text', 'row ' || n, 1, 1, 1
            FROM generate_series(1, \(count)) AS n
            """)
        var run = try CLI.run(["inspect", database.url, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let keys = (try run.json() as? [[String: Any]] ?? []).compactMap { $0["key"] as? String }
        #expect(keys.count == count)
        #expect(keys == keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }, "by bytes, as on SQLite")
        run = try CLI.run("export", database.url)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect((document["slots"] as? [Any])?.count == count)
        // A prefix scan stops at the prefix's end: one row of many.
        run = try CLI.run(["inspect", database.url, "--prefix", "List/Row[id: 1234]", "--json"])
        #expect((try run.json() as? [Any])?.count == 1, "\(run)")
    }

    @Test func theCLIsSetAndRmReachARunningAppAtItsNextUpdate() throws {
        let database = try PostgresTestServer.shared().database()
        let app = try ChildProcess.helper(["host-session", database.url])
        #expect(try app.requireLine() == "ready count 0")
        app.send("bump\n")
        #expect(try app.requireLine() == "count 1")
        let key = try database.psql("SELECT key FROM slots WHERE key LIKE '%/count'")
        #expect(key.hasSuffix("/count"))

        var run = try CLI.run("set", database.url, key, "41")
        #expect(run.status == 0, "\(run)")
        app.send("update\n")
        #expect(try app.requireLine() == "count 41", "the app's next update shows the CLI's value")
        app.send("bump\n")
        #expect(try app.requireLine() == "count 42")
        run = try CLI.run("get", database.url, key)
        #expect(run.stdout == "42\n", "and the CLI reads the app's commit: \(run)")

        run = try CLI.run("rm", database.url, key)
        #expect(run.status == 0, "\(run)")
        app.send("update\n")
        #expect(try app.requireLine() == "count 0", "a deleted slot starts again from its initial value")
        app.send("close\n")
        #expect(try app.requireLine() == "closed")
        #expect(app.waitForExit() == 0)
    }
}
