import Foundation
@_spi(Admin) import StateDB
import Testing

// `statedb migrate`: status without writing, plan, and up with a backup, for the operator's
// declarative migration files.

private func makeStore(_ path: String) throws {
    let store = try StateStore(path: path, migrations: [.delete("app's own cleanup", keys: "Nothing/*")])
    try store.binding(for: "Home/Counter/count", default: 0).wrappedValue = 12
    try store.binding(for: "Legacy/flag", default: false).wrappedValue = true
    store.close()
}

private let fixFile = """
{ "migrations": [
  { "name": "counter renamed", "renameIdentity": { "from": "Home/Counter", "to": "Home/TapCounter" } },
  { "name": "count as text", "retype": { "keys": "*/count", "from": "Swift.Int", "to": "Swift.String" } },
  { "name": "drop legacy", "delete": { "keys": "Legacy/*" } }
] }
"""

struct CLIMigrateTests {
    @Test func statusPlanAndUp() throws {
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath)
        let file = folder.path("fix.json")
        try fixFile.write(toFile: file, atomically: true, encoding: .utf8)
        let before = try fileBytes(folder.storePath)

        let status = try CLI.run(["migrate", "status", folder.storePath, "--app", file, "--exit-code"])
        #expect(status.status == 5, "behind: \(status)")
        #expect(status.stdout.contains("schema: version \(SchemaMigration.latestVersion) of \(SchemaMigration.latestVersion) (current)"))
        #expect(status.stdout.contains("counter renamed  pending"))
        #expect(status.stdout.contains("app's own cleanup"), "the app's applied migration is listed")

        let json = try #require(try CLI.run(["migrate", "status", folder.storePath, "--app", file, "--json"]).json() as? [String: Any])
        #expect(json["pendingState"] as? [String] == ["counter renamed", "count as text", "drop legacy"])
        #expect(json["current"] as? Bool == false)

        let plan = try CLI.run(["migrate", "plan", folder.storePath, "--app", file])
        #expect(plan.status == 0)
        #expect(plan.stdout.contains("rename identity Home/Counter -> Home/TapCounter"))
        #expect(try fileBytes(folder.storePath) == before, "status and plan never write")

        let up = try CLI.run(["migrate", "up", folder.storePath, "--app", file])
        #expect(up.status == 0, "\(up)")
        let backupLine = try #require(up.stdout.split(separator: "\n").first { $0.hasPrefix("backup: ") })
        let backup = String(backupLine.dropFirst("backup: ".count))
        #expect(SQLiteProbe(path: backup).value("Home/Counter/count") == "12")

        let store = try StateStore(path: folder.storePath, migrations: [.delete("app's own cleanup", keys: "Nothing/*")])
        #expect(try store.binding(for: "Home/TapCounter/count", default: "").wrappedValue == "12", "the app opens the migrated store without complaint")
        store.close()
        #expect(SQLiteProbe(path: folder.storePath).keys == ["Home/TapCounter/count"])

        let again = try CLI.run(["migrate", "status", folder.storePath, "--app", file, "--exit-code"])
        #expect(again.status == 0, "\(again)")
        #expect(try CLI.run(["migrate", "up", folder.storePath, "--app", file]).stdout.hasPrefix("nothing to do"))
    }

    /// Each applied migration says how many slots it changed; one whose pattern matched nothing
    /// says so, for it is recorded as applied all the same.
    @Test func upCountsTheSlotsEachMigrationChanged() throws {
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath)
        let store = try StateStore(path: folder.storePath, migrations: [.delete("app's own cleanup", keys: "Nothing/*")])
        for id in 1...3 { try store.binding(for: "Big/Row[id: \(id)]/title", default: "").wrappedValue = "row \(id)" }
        store.close()
        let file = folder.path("fix.json")
        try #"""
            { "migrations": [
              { "name": "rows renamed", "renameIdentity": { "from": "Big/Row", "to": "Big/Line" } },
              { "name": "a slash too many", "delete": { "keys": "Big/Line/*" } },
              { "name": "counter renamed", "renameIdentity": { "from": "Home/Counter", "to": "Home/TapCounter" } },
              { "name": "drop legacy and rows", "delete": { "keys": "Legacy/*" } },
              { "name": "drop every row", "delete": { "keys": "Big/*" } }
            ] }
            """#.write(toFile: file, atomically: true, encoding: .utf8)
        let up = try CLI.run(["migrate", "up", folder.storePath, "--app", file])
        #expect(up.status == 0, "\(up)")
        let lines = up.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("applied state migration") }
        #expect(lines == [
            "applied state migration rows renamed: rename identity Big/Row -> Big/Line (3 slots changed)",
            "applied state migration a slash too many: delete Big/Line/* (changed no slot: nothing matched it. It is recorded as applied and will not run again; if its pattern was wrong, fix it and apply it under a new name)",
            "applied state migration counter renamed: rename identity Home/Counter -> Home/TapCounter (1 slot changed)",
            "applied state migration drop legacy and rows: delete Legacy/* (1 slot changed)",
            "applied state migration drop every row: delete Big/* (3 slots changed)",
        ], "\(up)")
        #expect(SQLiteProbe(path: folder.storePath).keys == ["Home/TapCounter/count"])
    }

    /// `migrate STORE`, the action left out: the store is taken for the action, and the answer
    /// names the actions (not "missing arguments"); an action without its store asks for it.
    @Test func aStoreWithoutItsActionIsAnsweredWithTheActions() throws {
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath)
        let before = try fileBytes(folder.storePath)
        let store = folder.storePath
        let cases: [([String], String)] = [
            (["migrate", store], "statedb migrate: unknown action '\(store)'; use status, plan or up, as in `statedb migrate status \(store)`\n"),
            (["migrate", "sideways", store], "statedb migrate: unknown action 'sideways'; use status, plan or up, as in `statedb migrate status \(store)`\n"),
            (["migrate", "up"], "statedb migrate: missing STORE; usage: statedb migrate up STORE [--app FILE]…\n"),
        ]
        for (arguments, message) in cases {
            let run = try CLI.run(arguments)
            #expect(run.status == 2 && run.stderr == message, "\(arguments): \(run)")
        }
        #expect(try CLI.run("migrate").stderr.contains("missing arguments; usage: statedb migrate status STORE"))
        #expect(try fileBytes(store) == before)
    }

    @Test func badInputIsRefusedAndWritesNothing() throws {
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath)
        let before = try fileBytes(folder.storePath)
        let broken = folder.path("broken.json")
        try #"{ "migrations": [ { "name": "x", "retype": { "keys": "*", "from": "Swift.Int", "to": "MyApp.Thing" } } ] }"#
            .write(toFile: broken, atomically: true, encoding: .utf8)
        let failing = folder.path("failing.json")
        try #"{ "migrations": [ { "name": "rename onto itself", "renameIdentity": { "from": "Home/Counter", "to": "Legacy" } }, { "name": "boom", "retype": { "keys": "Legacy/*", "from": "Swift.Bool", "to": "Swift.Int8" } }, { "name": "bad", "retype": { "keys": "*/count", "from": "Swift.Int", "to": "Swift.Bool" } } ] }"#
            .write(toFile: failing, atomically: true, encoding: .utf8)
        let cases: [([String], Int32)] = [
            (["migrate", "sideways", folder.storePath], 2),
            (["migrate", "up", folder.storePath, "--app", folder.path("missing.json")], 2),
            (["migrate", "up", folder.storePath, "--app", broken], 7),
            (["migrate", "up", folder.storePath, "--app", failing], 7),
            (["migrate", "status", folder.path("nothing.sqlite")], 6),
        ]
        for (arguments, expected) in cases {
            let run = try CLI.run(arguments)
            #expect(run.status == expected, "\(arguments): \(run)")
            #expect(run.stderr.split(separator: "\n").count == 1, "one line: \(run.stderr)")
        }
        #expect(try fileBytes(folder.storePath) == before)
        #expect(!FileManager.default.fileExists(atPath: folder.path("nothing.sqlite")))
    }

    /// A migration name given twice (the same file twice, or two files or one file naming it
    /// twice) is refused by every action before anything is read: `status` does not list it
    /// twice and `up` writes no backup.
    @Test func aMigrationNamedTwiceIsRefusedBeforeAnythingIsWritten() throws {
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath)
        let file = folder.path("fix.json"), other = folder.path("other.json"), doubled = folder.path("doubled.json")
        try fixFile.write(toFile: file, atomically: true, encoding: .utf8)
        try #"{ "migrations": [ { "name": "drop legacy", "delete": { "keys": "Other/*" } } ] }"#
            .write(toFile: other, atomically: true, encoding: .utf8)
        try #"{ "migrations": [ { "name": "x", "delete": { "keys": "A/*" } }, { "name": "x", "delete": { "keys": "B/*" } } ] }"#
            .write(toFile: doubled, atomically: true, encoding: .utf8)
        let before = try fileBytes(folder.storePath)
        let folderBefore = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        let cases: [([String], String)] = [
            (["--app", file, "--app", file], "two state migrations are named 'counter renamed': \(file) names it twice (the file is given twice)"),
            (["--app", file, "--app", other], "two state migrations are named 'drop legacy': \(file) and \(other) both name it"),
            (["--app", doubled], "two state migrations are named 'x': \(doubled) names it twice;"),
        ]
        for (files, message) in cases {
            for action in ["status", "plan", "up"] {
                let run = try CLI.run(["migrate", action, folder.storePath] + files)
                #expect(run.status == 2, "\(action) \(files): \(run)")
                #expect(run.stderr.contains(message), "\(action) \(files): \(run)")
                #expect(run.stdout.isEmpty, "\(run)")
            }
        }
        #expect(try fileBytes(folder.storePath) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == folderBefore, "no backup was written")
    }

    /// A file's new migration placed before one the store already applied would run after it,
    /// against the order the file gives: refused, as it is in the app's own list.
    @Test func aNewMigrationBeforeAnAppliedOneIsRefused() throws {
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath)
        let first = folder.path("first.json"), edited = folder.path("edited.json"), later = folder.path("later.json")
        try #"{ "migrations": [ { "name": "drop legacy", "delete": { "keys": "Legacy/*" } } ] }"#
            .write(toFile: first, atomically: true, encoding: .utf8)
        try #"{ "migrations": [ { "name": "rename counter", "renameIdentity": { "from": "Home/Counter", "to": "Home/Tap" } }, { "name": "drop legacy", "delete": { "keys": "Legacy/*" } } ] }"#
            .write(toFile: edited, atomically: true, encoding: .utf8)
        try #"{ "migrations": [ { "name": "rename counter", "renameIdentity": { "from": "Home/Counter", "to": "Home/Tap" } } ] }"#
            .write(toFile: later, atomically: true, encoding: .utf8)
        #expect(try CLI.run(["migrate", "up", folder.storePath, "--app", first]).status == 0)
        let before = try fileBytes(folder.storePath)
        let backups = { try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasSuffix(".bak") }.sorted() }
        let backupsBefore = try backups()

        let refused = try CLI.run(["migrate", "up", folder.storePath, "--app", edited])
        #expect(refused.status == 7, "\(refused)")
        #expect(refused.stderr.contains("state migration 'rename counter' comes before 'drop legacy' in the migration files given, which is already applied; put new migrations after the applied ones"), "\(refused)")
        #expect(try CLI.run(["migrate", "up", folder.storePath, "--app", later, "--app", first]).status == 7)
        let plan = try CLI.run(["migrate", "plan", folder.storePath, "--app", edited])
        #expect(plan.status == 7 && plan.stdout.isEmpty, "no plan that up refuses: \(plan)")
        #expect(try fileBytes(folder.storePath) == before)
        #expect(try backups() == backupsBefore, "no backup was written")

        // After the applied ones, or in a file of their own, they run.
        let applied = try CLI.run(["migrate", "up", folder.storePath, "--app", first, "--app", later])
        #expect(applied.status == 0, "\(applied)")
        #expect(SQLiteProbe(path: folder.storePath).keys == ["Home/Tap/count"])
    }

    /// A file's migration named like one of the app's, applied already, would count as
    /// applied and never run: refused by `plan` and `up`, before any backup.
    @Test func aFileMigrationNamedLikeTheAppsIsRefused() throws {
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath)
        let file = folder.path("same.json")
        try #"{ "migrations": [ { "name": "app's own cleanup", "delete": { "keys": "Legacy/*" } } ] }"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        let before = try fileBytes(folder.storePath)
        for action in ["plan", "up"] {
            let run = try CLI.run(["migrate", action, folder.storePath, "--app", file])
            #expect(run.status == 7 && run.stdout.isEmpty, "\(action): \(run)")
            #expect(run.stderr.contains("the migration files name a migration 'app's own cleanup', which is the name of one of the app's own migrations, applied already"), "\(run)")
        }
        #expect(try fileBytes(folder.storePath) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasSuffix(".bak") } == [])
        #expect(SQLiteProbe(path: folder.storePath).keys.contains("Legacy/flag"))
    }
}
