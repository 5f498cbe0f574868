import Foundation
import StateDB
import Testing

/// `statedb check` reports what is damaged instead of refusing to look; the other commands
/// refuse a damaged store and point at `statedb recover`; a `-wal` of another database is
/// refused by every command, with every file left as it was.
@Suite struct CLIDamagedStoreTests {
    let folder = TemporaryDirectory()

    @Test func checkListsADroppedTriggerAndTheClocksMissingRow() throws {
        let store = folder.storePath
        try StoreDamage.makeStore(store, count: 5)
        try sqlite(store, "DROP TRIGGER slots_stamp_insert; DELETE FROM statedb_clock;")
        let bytes = try fileBytes(store)

        let run = try CLI.run("check", store)
        #expect(run.status == 5, "\(run)")
        #expect(run.stdout.contains("tables, indexes, triggers: 1 difference(s)\n    trigger slots_stamp_insert is missing"), "\(run)")
        #expect(run.stdout.contains("clock: FAILED: statedb_clock has no row"), "\(run)")
        #expect(run.stdout.contains("values: 5 slot(s), ok"), "\(run)")
        #expect(run.stdout.contains("The store is damaged. Restore a backup, or copy every slot that can still be read into a new store with `statedb recover \(store) \(folder.path("state.recovered.sqlite"))`"), "\(run)")

        let json = try #require(try CLI.run("check", store, "--json").json() as? [String: Any])
        #expect(json["healthy"] as? Bool == false)
        #expect(json["damaged"] as? Bool == true)
        let differences = try #require(json["schemaDifferences"] as? [[String: String]])
        #expect(differences == [["difference": "missing", "type": "trigger", "name": "slots_stamp_insert"]])
        #expect((json["clock"] as? [String: Any])?["problem"] as? String == "statedb_clock has no row (every commit advances it)")
        #expect(try fileBytes(store) == bytes)
        #expect(walIsEmpty(store))
    }

    /// The integrity check reads on a connection of its own, beside the one reading the rows:
    /// both leave the app, which has the store open, free to go on writing.
    @Test func checkBesideTheRunningAppFindsItSoundAndLeavesItWriting() throws {
        let path = folder.storePath
        let store = try StateStore(path: path)
        let count = try store.binding(for: "App/count", default: 0)
        count.wrappedValue = 1
        try store.flush()
        let run = try CLI.run("check", path)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasPrefix("integrity: ok\n"), "\(run)")
        #expect(run.stdout.contains("values: 1 slot(s), ok"), "\(run)")
        count.wrappedValue = 2
        try store.flush()
        store.close()
        #expect(SQLiteProbe(path: path).value("App/count") == "2")
    }

    @Test func checkReportsAnIndexAnOperatorAddedAsNotPartOfTheSchema() throws {
        let store = folder.storePath
        try StoreDamage.makeStore(store, count: 5)
        try sqlite(store, "CREATE INDEX operators_index ON slots (type)")
        let run = try CLI.run("check", store)
        #expect(run.status == 5, "\(run)")
        #expect(run.stdout.contains("index operators_index is not part of the schema"), "\(run)")
        #expect(!run.stdout.contains("damaged"), "an extra index is not damage: \(run)")
    }

    /// A row stamped above the clock is read again by a running app at every update.
    @Test func checkListsRowsStampedAboveTheClock() throws {
        let store = folder.storePath
        try StoreDamage.makeStore(store, count: 5)
        let tick = try SQLiteShell.clockTick(store)
        try sqlite(store, "UPDATE slots SET version = 1000 WHERE key = 'Damaged/s1'")
        #expect(try SQLiteShell.clockTick(store) == tick, "a change of version alone leaves the clock")
        let run = try CLI.run("check", store)
        #expect(run.status == 5, "\(run)")
        #expect(run.stdout.contains("clock: tick \(tick), 1 row(s) stamped above it"), "\(run)")
        #expect(run.stdout.contains("  slots Damaged/s1: version 1000"), "\(run)")
    }

    @Test func checkReportsADamagedIndexPageInsteadOfRefusing() throws {
        let store = folder.storePath
        try StoreDamage.makeStore(store, count: 30)
        try StoreDamage.damageKeyIndex(store)
        let bytes = try fileBytes(store)
        let run = try CLI.run("check", store)
        #expect(run.status == 5, "\(run)")
        #expect(run.stdout.hasPrefix("integrity: FAILED\n  On tree page"), "\(run)")
        #expect(run.stdout.contains("values: 30 slot(s), ok"), "the rows are read from the table itself: \(run)")
        #expect(run.stdout.contains("statedb recover"), "\(run)")
        #expect(try fileBytes(store) == bytes)
    }

    @Test func checkReportsRowsItCannotRead() throws {
        let store = folder.storePath
        try StoreDamage.makeStore(store, count: 300, length: 100)
        let lost = try StoreDamage.damageTableLeaf(store)
        let run = try CLI.run("check", store)
        #expect(run.status == 5, "\(run)")
        #expect(run.stdout.contains("not every row can be read"), "\(run)")
        #expect(!run.stdout.contains("values: 300 slot(s)"), "\(lost) rows were on the damaged page: \(run)")
    }

    @Test func exportRefusesADamagedStoreAndPointsAtRecover() throws {
        let store = folder.storePath
        try StoreDamage.makeStore(store, count: 30)
        try StoreDamage.damageKeyIndex(store)
        let bytes = try fileBytes(store)
        let run = try CLI.run("export", store)
        #expect(run.status == 7, "\(run)")
        #expect(run.stderr.contains("is damaged"), "\(run)")
        #expect(run.stderr.contains("`statedb recover \(store) \(folder.path("state.recovered.sqlite"))`"), "\(run)")
        #expect(try fileBytes(store) == bytes)
    }

    /// A damaged page met after the first blocks went to standard output: the message says that
    /// output is incomplete, not only that nothing was written (to the store).
    @Test func aStreamStoppedByDamageSaysItsOutputIsIncomplete() throws {
        let store = folder.storePath
        try StoreDamage.makeStore(store, count: 3000, length: 100)
        try StoreDamage.damageTableLeaves(store) { leaves in [leaves - 1] }
        for arguments in [["export", store], ["inspect", store, "--json"]] {
            let run = try CLI.run(arguments)
            #expect(run.status == 7, "\(arguments): \(run.stderr)")
            #expect(run.stdout.utf8.count > 65_536, "\(arguments): the damage is met after the first block")
            #expect(run.stderr.contains("is damaged"), "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("Standard output already has the slots before it: an incomplete document, to be thrown away."), "\(arguments): \(run.stderr)")
        }
    }

    @Test func aForeignWALIsRefusedByEveryCommandAndNoFileChanges() throws {
        let elsewhere = TemporaryDirectory()
        let store = folder.storePath
        try StoreDamage.makeStore(store, prefix: "Mine", count: 20)
        try StoreDamage.copyForeignWAL(besides: store, from: elsewhere)
        let before = StoreDamage.Files(store)
        for arguments in [["check", store], ["inspect", store], ["get", store, "Mine/s1"], ["export", store],
                          ["set", store, "Mine/s1", #""x""#], ["rm", store, "Mine/s1"]] {
            let run = try CLI.run(arguments)
            #expect(run.status == 7, "\(arguments): \(run)")
            #expect(run.stderr.contains("the -wal beside it does not fit the store"), "\(arguments): \(run)")
            #expect(run.stderr.contains("--ignore-wal"), "\(arguments): \(run)")
            #expect(StoreDamage.Files(store) == before, "\(arguments)")
        }
    }

    /// A `-wal` of another application's database beside a store: the store file alone is
    /// ours, so the `-wal` is what does not fit, not the file; the app's open, every command
    /// and `recover` say so and point at `--ignore-wal`, and no file changes.
    @Test func anotherApplicationsWALIsNamedAsTheWALThatDoesNotFit() throws {
        let elsewhere = TemporaryDirectory(), out = TemporaryDirectory()
        let store = folder.storePath, output = out.path("out.sqlite")
        try StoreDamage.makeStore(store, prefix: "Mine", count: 20)
        try StoreDamage.copyOtherApplicationsWAL(besides: store, from: elsewhere)
        let before = StoreDamage.Files(store)
        for arguments in [["check", store], ["inspect", store], ["get", store, "Mine/s1"], ["export", store],
                          ["set", store, "Mine/s1", #""x""#], ["rm", store, "Mine/s1"], ["migrate", "status", store],
                          ["recover", store, output]] {
            let run = try CLI.run(arguments)
            #expect(run.status == 7, "\(arguments): \(run)")
            #expect(run.stderr.contains("the -wal beside it does not fit the store"), "\(arguments): \(run)")
            #expect(run.stderr.contains("--ignore-wal"), "\(arguments): \(run)")
            #expect(!run.stderr.contains("Use a separate file"), "\(arguments): \(run)")
            #expect(StoreDamage.Files(store) == before, "\(arguments)")
        }
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(throws: StateStoreError.self) { _ = try StateStore(path: store) }
        do {
            _ = try StateStore(path: store)
        } catch let error as StateStoreError {
            #expect(error.kind == .corrupt && error.message.contains("the -wal beside it does not fit the store"), "\(error)")
        }
        #expect(StoreDamage.Files(store) == before)

        let recovered = try CLI.run("recover", store, output, "--ignore-wal")
        #expect(recovered.status == 0, "\(recovered)")
        #expect(SQLiteProbe(path: output).keys == (0..<20).map { "Mine/s\($0)" }.sorted())
        #expect(StoreDamage.Files(store) == before)
    }

    /// A `user_version` set back by hand below the schema migrations the store records: every
    /// command and the app name that mismatch and the `sqlite3` command that restores it
    /// (not "behind, run migrate up", whose answer was "damaged, run check"); `check` reports
    /// it (exit 5). Following the advice makes the store sound again.
    @Test func aUserVersionSetBackIsNamedWithTheCommandThatRestoresIt() throws {
        let store = folder.storePath
        let latest = SchemaMigration.latestVersion
        try StoreDamage.makeStore(store, prefix: "Mine", count: 3)
        try sqlite(store, "PRAGMA user_version = 3")
        let bytes = try fileBytes(store)
        let mismatch = "its user_version is 3, but schema migrations up to \(latest) are recorded as applied"
        let restore = "`sqlite3 \(store) 'PRAGMA user_version = \(latest)'`"

        let check = try CLI.run("check", store)
        #expect(check.status == 5, "\(check)")
        #expect(check.stdout.contains("schema: version 3, FAILED: \(mismatch)"), "\(check)")
        #expect(check.stdout.contains("tables, indexes, triggers: ok"), "\(check)")
        #expect(check.stdout.contains(restore), "\(check)")
        let json = try #require(try CLI.run("check", store, "--json").json() as? [String: Any])
        #expect((json["schemaVersionProblem"] as? String)?.hasPrefix(mismatch) == true, "\(json)")
        #expect(json["healthy"] as? Bool == false)
        #expect(try fileBytes(store) == bytes)

        // (A read leaves an empty -wal and -shm, as the sqlite3 shell does: docs/cli.md, "Safety".)
        let before = StoreDamage.Files(store)
        for arguments in [["migrate", "up", store], ["migrate", "status", store], ["get", store, "Mine/s1"], ["set", store, "Mine/s1", #""x""#]] {
            let run = try CLI.run(arguments)
            #expect(run.status == 7, "\(arguments): \(run)")
            #expect(run.stderr.contains(mismatch) && run.stderr.contains(restore), "\(arguments): \(run)")
            #expect(!run.stderr.contains("migrate up") && !run.stderr.contains("is damaged"), "\(arguments): \(run)")
        }
        do {
            _ = try StateStore(path: store)
            Issue.record("the app opened a store whose user_version was set back")
        } catch let error as StateStoreError {
            #expect(error.kind == .corrupt && error.message.contains(mismatch), "\(error)")
        }
        #expect(StoreDamage.Files(store) == before)

        try SQLiteShell.run(store, "PRAGMA user_version = \(latest)")
        let restored = try CLI.run("check", store)
        #expect(restored.status == 0, "\(restored)")
    }

    /// A store left with its own `-wal` (a crash, here a copy of the three files taken while a
    /// store had them open): a refused command neither copies that `-wal` into the file nor
    /// removes it. The next open of the app or a command that succeeds replays it as before.
    @Test func aRefusedCommandLeavesACrashsWALAsItWas() throws {
        let elsewhere = TemporaryDirectory()
        let running = elsewhere.storePath
        try StoreDamage.makeStore(running, prefix: "Mine", count: 5)
        let open = try StateStore(path: running)
        try open.binding(for: "Mine/s1", default: "").wrappedValue = "in the -wal"
        try open.flush()
        let store = folder.storePath
        for suffix in ["", "-wal", "-shm"] { try FileManager.default.copyItem(atPath: running + suffix, toPath: store + suffix) }
        open.close()
        #expect(HotWAL.hasFrames(store))

        // The file and the -wal, byte for byte. (The -shm is SQLite's index of the -wal, which
        // every connection, a reader's too, rebuilds and marks when it opens the store.)
        let before = StoreDamage.Files(store)
        for (arguments, status) in [(["set", store, "Mine/s1", "12", "--type", "Int"], Int32(4)), (["rm", store, "Mine/none"], 1),
                                    (["mv", store, "Mine/s1", "Mine/s2"], 4)] {
            let run = try CLI.run(arguments)
            #expect(run.status == status, "\(arguments): \(run)")
            let after = StoreDamage.Files(store)
            #expect(after.store == before.store && after.wal == before.wal, "\(arguments)")
        }
        let read = try CLI.run(["get", store, "Mine/s1"])
        #expect(read.stdout == "\"in the -wal\"\n", "\(read)")
    }

    /// The copies are made in the temporary folder and removed; without a usable temporary
    /// folder the `-wal` is checked on the store itself, read-only.
    @Test func theWALCheckCleansUpAndWorksWithoutATemporaryFolder() throws {
        let store = folder.storePath
        try StoreDamage.makeStore(store, prefix: "Own", count: 10)
        let running = try StateStore(path: store)
        try running.binding(for: "Own/s3", default: "").wrappedValue = "live"
        try running.flush()
        #expect(HotWAL.hasFrames(store))

        let temporary = folder.path("tmp")
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false)
        let read = try CLI.run(["get", store, "Own/s3"], environment: ["TMPDIR": temporary])
        #expect(read.status == 0 && read.stdout == "\"live\"\n", "\(read)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary) == [])

        let withoutFolder = try CLI.run(["get", store, "Own/s3"], environment: ["TMPDIR": folder.path("no-such-folder")])
        #expect(withoutFolder.status == 0 && withoutFolder.stdout == "\"live\"\n", "\(withoutFolder)")
        running.close()

        let elsewhere = TemporaryDirectory()
        let other = folder.path("other.sqlite")
        try StoreDamage.makeStore(other, prefix: "Mine", count: 20)
        try StoreDamage.copyForeignWAL(besides: other, from: elsewhere)
        let refused = try CLI.run(["get", other, "Mine/s1"], environment: ["TMPDIR": folder.path("no-such-folder")])
        #expect(refused.status == 7 && refused.stderr.contains("damage"), "\(refused)")
        let refusedWithCopy = try CLI.run(["get", other, "Mine/s1"], environment: ["TMPDIR": temporary])
        #expect(refusedWithCopy.status == 7, "\(refusedWithCopy)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary) == [])
    }
}
