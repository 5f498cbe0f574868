import Foundation
import StateDB
import Testing

/// `statedb recover STORE OUT`: every row a damaged store still has, copied into a new store
/// the app opens; what was lost counted and named; the old store's files never touched; an
/// existing OUT never overwritten.
@Suite struct CLIRecoverTests {
    let folder = TemporaryDirectory()
    /// Where the new stores go: the old store's folder must not change.
    let out = TemporaryDirectory()

    /// Every row of the tables recover copies, as the sqlite3 shell prints them (values with
    /// `quote()`, so types and bytes show).
    func rows(_ path: String) throws -> [String] {
        [
            "SELECT key, identity, property, type, encoding, quote(value), created_at, updated_at, seen_at FROM slots NOT INDEXED ORDER BY key",
            "SELECT id, key, identity, property, stored_type, expected_type, encoding, quote(value), error, quarantined_at FROM quarantine NOT INDEXED ORDER BY id",
            "SELECT name, position, applied_at FROM app_migrations NOT INDEXED ORDER BY name",
            "SELECT key FROM statedb_explicit_keys ORDER BY key",
        ].map { (try? SQLiteShell.run(path, $0)) ?? "(unreadable)" }
    }

    /// The sample store, with a quarantined value, a recorded app migration and bytes that are
    /// not valid UTF-8 in a text value.
    func makeStore(_ path: String) throws {
        try makeSampleStore(at: path)
        let store = try StateStore(path: path)
        store.diagnosticHandler = { _ in }
        _ = try store.binding(for: SampleKeys.level, default: "now a String")  // quarantines the UInt8
        try store.flush()
        store.close()
        try sqlite(path, """
            INSERT INTO app_migrations (name, position, applied_at) VALUES ('settings-v2', 0, 1700000000000);
            UPDATE slots SET value = CAST(X'41FF42' AS TEXT) WHERE key = '\(SampleKeys.level)';
            """)
        #expect(try SQLiteShell.run(path, "SELECT count(*) FROM quarantine") == "1")
    }

    /// A link is refused as every command refuses one, not called "not a SQLite database" (which
    /// said the data was gone): the copy recover reads is made without following links.
    @Test func aLinkToAStoreIsRefusedAsALink() throws {
        try makeSampleStore(at: folder.storePath)
        let link = out.path("link.sqlite")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder.storePath)
        let run = try CLI.run("recover", link, out.path("recovered.sqlite"))
        #expect(run.status == 7, "\(run)")
        #expect(run.stderr == "statedb recover: \(link): the path is a symbolic link; statedb never follows links to or beside a store, since whoever can change a link decides which file receives the data. Give the path of the file itself.\n", "\(run)")
        #expect(!FileManager.default.fileExists(atPath: out.path("recovered.sqlite")))
    }

    @Test func everyRowOfAStoreWithADamagedIndexIsRecoveredExactly() throws {
        let store = folder.storePath, output = out.path("recovered.sqlite")
        try makeStore(store)
        let expected = try rows(store)
        try StoreDamage.damageKeyIndex(store)
        #expect(try CLI.run("export", store).status == 7, "the damaged store is refused")
        let before = StoreDamage.Files(store)

        let run = try CLI.run("recover", store, output)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("  slots: 9 recovered\n  quarantine: 1 recovered\n  app_migrations: 1 recovered\n"), "\(run)")
        #expect(run.stdout.contains("every row was recovered."), "\(run)")
        #expect(StoreDamage.Files(store) == before, "the old store is only read, from a copy")

        #expect(try rows(output) == expected)
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: output)[.posixPermissions] as? Int)
        #expect(mode & 0o777 == 0o600)
        #expect(!FileManager.default.fileExists(atPath: output + "-wal"), "the new store is closed and complete")
        // Sound, but for the one value copied exactly as it was: its bytes are not UTF-8.
        let check = try CLI.run("check", output)
        #expect(check.status == 5, "\(check)")
        #expect(check.stdout.contains("integrity: ok\n"), "\(check)")
        #expect(check.stdout.contains("values: 9 slot(s), 1 problem(s)\n  \(SampleKeys.level): the text value is not valid UTF-8 (byte 0xFF at offset 1)"), "\(check)")
        #expect(check.stdout.contains("clock: tick 1, ok"), "one transaction, one tick: \(check)")

        // The app opens it and finds its values; the quarantined one waits as before, and the
        // record of the app's value migrations came along (an app that does not know them is
        // refused, as with the old store).
        let unknown = #expect(throws: StateStoreError.self) { try StateStore(path: output) }
        #expect(unknown?.message.contains("settings-v2") == true, "\(String(describing: unknown))")
        var options = StateStore.Options()
        options.unknownAppMigrations = .ignore
        let reopened = try StateStore(path: output, options: options)
        reopened.diagnosticHandler = { _ in }
        #expect(try reopened.binding(for: SampleKeys.count, default: 0).wrappedValue == 3)
        #expect(try reopened.binding(for: SampleKeys.prefs, default: Prefs(size: 0, tags: [])).wrappedValue == Prefs(size: 3, tags: ["a"]))
        #expect(try reopened.binding(for: SampleKeys.avatar, default: Data()).wrappedValue == Data([0, 255, 16]))
        reopened.close()
        #expect(try CLI.run("quarantine", output).stdout.contains(SampleKeys.level))
    }

    @Test func damagedTablePagesAreSteppedOverAndWhatWasLostIsNamed() throws {
        let store = folder.storePath, output = out.path("recovered.sqlite")
        let count = 300
        try StoreDamage.makeStore(store, count: count, length: 100)
        let onLeaf = try StoreDamage.damageTableLeaf(store, leaf: 2)
        #expect(onLeaf > 0 && onLeaf < count)
        let before = StoreDamage.Files(store)

        let run = try CLI.run("recover", store, output, "--json")
        #expect(run.status == 5, "\(run)")
        let json = try #require(try run.json() as? [String: Any])
        let tables = try #require(json["tables"] as? [[String: Any]])
        #expect(tables.first?["table"] as? String == "slots")
        #expect(tables.first?["recovered"] as? Int == count - onLeaf, "\(run)")
        #expect(tables.first?["lost"] as? Int == onLeaf, "\(run)")
        #expect(json["complete"] as? Bool == false)
        let lostKeys = try #require(json["lostKeys"] as? [String])
        #expect(StoreDamage.Files(store) == before)

        let recoveredKeys = SQLiteProbe(path: output).keys
        #expect(Set(recoveredKeys).union(lostKeys) == Set((0..<count).map { "Damaged/s\($0)" }))
        #expect(Set(recoveredKeys).isDisjoint(with: lostKeys))
        let reopened = try StateStore(path: output)
        for key in recoveredKeys {
            let index = try #require(Int(key.dropFirst("Damaged/s".count)))
            #expect(try reopened.binding(for: key, default: "").wrappedValue == StoreDamage.value(index, length: 100))
        }
        reopened.close()

        // The same in words.
        let text = try CLI.run("recover", store, out.path("again.sqlite"))
        #expect(text.status == 5)
        #expect(text.stdout.contains("  slots: \(count - onLeaf) recovered, \(onLeaf) lost\n"), "\(text)")
        #expect(text.stdout.contains("  lost slots: \"\(lostKeys.sorted()[0])\""), "\(text)")
        #expect(text.stdout.contains("\n\(onLeaf) row(s) lost.\n"), "the indexes know every row: \(text)")
    }

    /// A leaf whose cells were overwritten (not its header): the rows recovered and the rows
    /// lost add up to the store's, and every lost one is named. (On a 200,000-slot store so
    /// damaged, the count once took a garbled cell for a row: 7 lost, 6 named. With the indexes
    /// read whole and in agreement, only the rows they list count. These smaller stores did not
    /// produce such a cell; the fix was checked on that store by hand.)
    @Test(arguments: [2, 5, 9])
    func garbledCellsLeaveCountsThatAddUp(leaf: Int) throws {
        let store = folder.storePath, output = out.path("recovered-\(leaf).sqlite")
        let count = 600
        try StoreDamage.makeStore(store, count: count, length: 100)
        let page = try StoreDamage.pages(store, of: "slots", type: "leaf")[leaf]
        let garbage = Data((0..<800).map { [0xDE, 0xAD, 0xBE, 0xEF][$0 % 4] })
        let handle = try #require(FileHandle(forUpdatingAtPath: store))
        try handle.seek(toOffset: UInt64((page - 1) * (try StoreDamage.pageSize(store)) + 100))
        try handle.write(contentsOf: garbage)
        try handle.close()

        let run = try CLI.run("recover", store, output, "--json")
        let json = try #require(try run.json() as? [String: Any])
        let slots = try #require((json["tables"] as? [[String: Any]])?.first)
        let lostKeys = try #require(json["lostKeys"] as? [String])
        let recovered = SQLiteProbe(path: output).keys
        #expect(slots["recovered"] as? Int == recovered.count, "\(run)")
        #expect(slots["lost"] as? Int == count - recovered.count, "\(run)")
        #expect(Set(recovered).union(lostKeys) == Set((0..<count).map { "Damaged/s\($0)" }), "\(run)")
    }

    /// A store cut short (its header records more pages than the file has): every command
    /// but `check` refuses it and says it is truncated; `check` reports the damage and
    /// points at `recover`; `recover` copies every row before the cut and counts the rest as
    /// lost. The file is never touched.
    @Test func aTruncatedStoreIsSaidToBeTruncatedAndRecovered() throws {
        let store = folder.storePath, output = out.path("recovered.sqlite")
        let count = 300
        try StoreDamage.makeStore(store, count: count, length: 100)
        #expect(!FileManager.default.fileExists(atPath: store + "-wal"))
        let cutRows = try StoreDamage.truncateBeforeLastTableLeaf(store)
        #expect(cutRows > 0 && cutRows < count)
        let before = StoreDamage.Files(store)

        let get = try CLI.run("get", store, "Damaged/s0")
        #expect(get.status == 7, "\(get)")
        #expect(get.stderr.contains("the database is truncated: its header records"), "\(get)")
        #expect(get.stderr.contains("statedb recover"), "\(get)")
        let opened = #expect(throws: StateStoreError.self) { try StateStore(path: store) }
        #expect(opened?.message.contains("the database is truncated") == true, "\(String(describing: opened))")

        let run = try CLI.run("recover", store, output, "--json")
        #expect(run.status == 5, "\(run)")
        let json = try #require(try run.json() as? [String: Any])
        let slots = try #require((json["tables"] as? [[String: Any]])?.first)
        #expect(slots["recovered"] as? Int == count - cutRows, "\(run)")
        #expect(StoreDamage.Files(store) == before, "the old store is only read, from a copy")
        let reopened = try StateStore(path: output)
        for key in SQLiteProbe(path: output).keys {
            let index = try #require(Int(key.dropFirst("Damaged/s".count)))
            #expect(try reopened.binding(for: key, default: "").wrappedValue == StoreDamage.value(index, length: 100))
        }
        reopened.close()

        // Last, as its read-only connection leaves an empty -wal and the -shm beside the file
        // (SQLite cannot remove them without writing), as on any store.
        let check = try CLI.run("check", store)
        #expect(check.status == 5, "reported, not refused: \(check)")
        #expect(check.stdout.contains("\n  the file is truncated: its header records"), "\(check)")
        #expect(check.stdout.contains("statedb recover"), "\(check)")
        #expect(FileSnapshot(store).bytes == before.store.bytes)
        let getAfter = try CLI.run("get", store, "Damaged/s0")
        #expect(getAfter.stderr.contains("the database is truncated"), "an empty -wal holds no pages: \(getAfter)")
    }

    /// A small store cut short loses its last pages, where SQLite keeps a fresh store's schema:
    /// no command can find a table, `recover` included, so none offers it; each says what
    /// happened, and the file is left as it was.
    @Test func aSmallStoreCutWhereItsSchemaWasIsNotSentToRecover() throws {
        let store = folder.storePath
        try StoreDamage.makeStore(store, count: 3, length: 10)
        let bytes = try #require(FileSnapshot(store).bytes)
        try #require(bytes.count > 16_384)
        try bytes.prefix(bytes.count - 16_384).write(to: URL(fileURLWithPath: store))
        let before = FileSnapshot(store)
        for arguments in [["get", store, "Damaged/s0"], ["check", store], ["inspect", store]] {
            let run = try CLI.run(arguments)
            #expect(run.status == 7, "\(arguments): \(run)")
            #expect(run.stderr.contains("the database is truncated: its header records \(bytes.count) bytes, the file holds \(bytes.count - 16_384)"), "\(arguments): \(run)")
            #expect(run.stderr.contains("Its schema was on the lost pages, so no table can be found: restore a backup"), "\(arguments): \(run)")
            #expect(!run.stderr.contains("statedb recover"), "\(arguments): \(run)")
            #expect(FileSnapshot(store) == before, "\(arguments)")
        }
        let recover = try CLI.run("recover", store, out.path("recovered.sqlite"))
        #expect(recover.status == 7, "what the others did not offer cannot work: \(recover)")
    }

    /// With the first and the last leaf unreadable, seeks from below and from above the rows
    /// both fail: the scan resumes at the rows the indexes list, so the middle comes through
    /// (and the command ends: it runs under a watchdog).
    @Test func theMiddleOfATableWhoseFirstAndLastPagesAreDamagedIsRecovered() throws {
        let store = folder.storePath, output = out.path("recovered.sqlite")
        let count = 300
        try StoreDamage.makeStore(store, count: count, length: 100)
        let onLeaves = try StoreDamage.damageTableLeaves(store) { leaves in [0, leaves - 1] }
        let child = try ChildProcess(URL(fileURLWithPath: CLI.binary), ["recover", store, output, "--json"], timeLimit: 30)
        var lines: [String] = []
        while let line = child.readLine() { lines.append(line) }
        #expect(child.waitForExit() == 5, "\(lines) \(child.standardError())")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(lines.joined(separator: "\n").utf8)) as? [String: Any])
        let slots = try #require((json["tables"] as? [[String: Any]])?.first)
        #expect(slots["recovered"] as? Int == count - onLeaves, "\(json)")
        #expect(slots["lost"] as? Int == onLeaves, "\(json)")
        #expect(SQLiteProbe(path: output).keys.count == count - onLeaves)
    }

    /// A store cut to less than half its pages: the table's first pages are there, then a seek
    /// lands on a page that holds lower rowids (the cut took the pages the tree pointed at).
    /// The scan used to go back to them, again and again, and never end; now rows out of
    /// order end a pass as damage, every row comes over once and the command ends.
    @Test func aStoreCutInHalfIsRecoveredAndTheCommandEnds() throws {
        let store = folder.storePath, output = out.path("recovered.sqlite")
        // The store the todo example makes (the layout the loop was found with), then rows.
        let todo = try TodoBinary.run(["--store", store], input: "quit\n")
        #expect(todo.status == 0, "\(todo.errors)")
        let count = 6_000
        let slots = (0..<count).map { "{\"key\":\"App/Row[id: \($0)]/title\",\"type\":\"Swift.String\",\"value\":\"t\($0) \(String(repeating: "x", count: 100))\"}" }
        let document = folder.path("rows.json")
        let text = #"{"format":"statedb-export","formatVersion":1,"slots":["# + slots.joined(separator: ",") + "]}"
        try Data(text.utf8).write(to: URL(fileURLWithPath: document))
        let imported = try CLI.run("import", store, document)
        #expect(imported.status == 0, "\(imported)")
        try SQLiteShell.run(store, "PRAGMA wal_checkpoint(TRUNCATE)")
        let handle = try #require(FileHandle(forUpdatingAtPath: store))
        try handle.truncate(atOffset: 800_000)
        try handle.close()

        let child = try ChildProcess(URL(fileURLWithPath: CLI.binary), ["recover", store, output, "--json"], timeLimit: 60)
        var lines: [String] = []
        while let line = child.readLine() { lines.append(line) }
        #expect(child.waitForExit() == 5, "\(lines) \(child.standardError())")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(lines.joined(separator: "\n").utf8)) as? [String: Any])
        let table = try #require((json["tables"] as? [[String: Any]])?.first)
        let recovered = try #require(table["recovered"] as? Int)
        #expect(recovered > 1_000 && recovered < count, "\(json)")
        let keys = SQLiteProbe(path: output).keys
        #expect(keys.count == recovered && Set(keys).count == keys.count, "each row once: \(keys.count)")
        #expect(try CLI.run("check", output).status == 0)
    }

    /// A store of an older schema is recovered into this build's schema, its rows as the
    /// upgrade leaves them: a date held as seconds since 2001 becomes ISO 8601 text, as
    /// `migrate up` writes it (it was copied as it was, and `check` then faulted it).
    @Test func aStoreOfAnOlderSchemaIsRecoveredWithItsDatesAsTheUpgradeWritesThem() throws {
        let store = folder.storePath, output = out.path("recovered.sqlite")
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures/v1-store.sqlite").standardized
        try FileManager.default.copyItem(atPath: fixture.path, toPath: store)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: store)
        try sqlite(store, """
            INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at)
                VALUES ('App/lastOpened', 'App', 'lastOpened', 'Foundation.Date', 'json', '817840372.44', 0, 0, 0)
            """)
        let run = try CLI.run("recover", store, output)
        #expect(run.status == 0, "\(run)")
        #expect(try SQLiteShell.run(output, "SELECT encoding, value FROM slots WHERE key = 'App/lastOpened'") == "text|2026-12-01T17:52:52.44Z")
        #expect(try CLI.run("check", output).status == 0)
    }

    /// With a `-wal` from another database, `--ignore-wal` reads the store file as it was.
    @Test func aStoreWithAForeignWALIsRecoveredWithoutIt() throws {
        let elsewhere = TemporaryDirectory()
        let store = folder.storePath, output = out.path("recovered.sqlite")
        try StoreDamage.makeStore(store, prefix: "Mine", count: 20)
        try StoreDamage.copyForeignWAL(besides: store, from: elsewhere)
        let before = StoreDamage.Files(store)

        let run = try CLI.run("recover", store, output, "--ignore-wal")
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasPrefix("recovered \(store) into \(output) (without its -wal)\n"), "\(run)")
        #expect(StoreDamage.Files(store) == before)
        #expect(SQLiteProbe(path: output).keys == (0..<20).map { "Mine/s\($0)" }.sorted())
    }

    @Test func anExistingOutputIsNeverOverwritten() throws {
        let store = folder.storePath, output = folder.path("taken.sqlite")
        try StoreDamage.makeStore(store, count: 3)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: output))
        let run = try CLI.run("recover", store, output)
        #expect(run.status == 4, "\(run)")
        #expect(run.stderr.contains("already exists"), "\(run)")
        #expect(try fileBytes(output) == Data("mine".utf8))

        #expect(try CLI.run("recover", store, store).status == 4, "the store itself")
        let fresh = folder.path("fresh.sqlite")
        try Data().write(to: URL(fileURLWithPath: fresh + "-wal"))
        let besideWAL = try CLI.run("recover", store, fresh)
        #expect(besideWAL.status == 4 && besideWAL.stderr.contains("fresh.sqlite-wal exists beside it"), "\(besideWAL)")
        #expect(!FileManager.default.fileExists(atPath: fresh))
    }

    /// An empty file is no store yet, in the words (and exit code) of every other command,
    /// not "not a SQLite database".
    @Test func anEmptyFileIsNoStoreYetAsForEveryCommand() throws {
        let empty = folder.path("empty.sqlite"), output = out.path("out.sqlite")
        #expect(FileManager.default.createFile(atPath: empty, contents: Data(), attributes: [.posixPermissions: 0o600]))
        let get = try CLI.run("get", empty, "A/b")
        let run = try CLI.run("recover", empty, output)
        #expect(run.status == 6 && run.status == get.status, "\(run)")
        #expect(run.stderr == get.stderr.replacingOccurrences(of: "statedb get:", with: "statedb recover:"), "\(run)\n\(get)")
        #expect(run.stderr.contains("the file is empty (0 bytes)"), "\(run)")
        #expect(try fileBytes(empty).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func whatIsNotAStoreIsRefusedAndNothingIsCreated() throws {
        let output = folder.path("out.sqlite")
        let missing = try CLI.run("recover", folder.path("missing.sqlite"), output)
        #expect(missing.status == 6, "\(missing)")

        let junk = folder.path("junk.sqlite")
        try Data(repeating: 7, count: 4096).write(to: URL(fileURLWithPath: junk))
        let refusedJunk = try CLI.run("recover", junk, output)
        #expect(refusedJunk.status == 7 && refusedJunk.stderr.contains("not a SQLite database"), "\(refusedJunk)")

        let foreign = folder.path("notes.db")
        try sqlite(foreign, "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me');")
        let bytes = try fileBytes(foreign)
        let refusedForeign = try CLI.run("recover", foreign, output)
        #expect(refusedForeign.status == 7 && refusedForeign.stderr.contains("another application"), "\(refusedForeign)")
        #expect(try fileBytes(foreign) == bytes)

        let newer = folder.storePath
        try StoreDamage.makeStore(newer, count: 2)
        try sqlite(newer, "PRAGMA user_version = \(SchemaMigration.latestVersion + 1)")
        let refusedNewer = try CLI.run("recover", newer, output)
        #expect(refusedNewer.status == 7 && refusedNewer.stderr.contains("newer"), "\(refusedNewer)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func recoverExplainsItself() throws {
        let help = try CLI.run("recover", "--help")
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("usage: statedb recover STORE OUT [--ignore-wal] [--json]"), "\(help)")
        #expect(try CLI.run("--help").stdout.contains("  recover "))
        let missingOutput = try CLI.run("recover", folder.storePath)
        #expect(missingOutput.status == 2, "\(missingOutput)")
    }
}
