import Foundation
import StateDB
import Testing

/// Stores that carry our application id but are damaged — a `-wal` from another database
/// beside them, a schema object or the clock's row gone, a garbled page — are refused when
/// opened, before anything is written, with one line that says what to do, and every file is
/// left as it was.
struct DamagedStoreTests {
    /// Opens `path`, expects `.corrupt` naming each of `mentions`, and checks that the store
    /// file, its `-wal` and its `-shm` did not change.
    @discardableResult
    func expectRefusal(_ path: String, mentioning mentions: [String], sourceLocation: SourceLocation = #_sourceLocation) -> StateStoreError? {
        let before = StoreDamage.Files(path)
        let error = #expect(throws: StateStoreError.self, sourceLocation: sourceLocation) { try StateStore(path: path) }
        #expect(error?.kind == .corrupt, "\(String(describing: error))", sourceLocation: sourceLocation)
        for text in mentions {
            #expect(error?.message.contains(text) == true, "\(text) in \(String(describing: error))", sourceLocation: sourceLocation)
        }
        #expect(error.map { !$0.description.contains("\n") } ?? false, sourceLocation: sourceLocation)
        #expect(StoreDamage.Files(path) == before, sourceLocation: sourceLocation)
        return error
    }

    /// Every slot `StoreDamage.makeStore` wrote reads back.
    func expectValues(_ path: String, prefix: String, count: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let store = try StateStore(path: path)
        defer { store.close() }
        for index in 0..<count {
            #expect(try store.binding(for: "\(prefix)/s\(index)", default: "").wrappedValue == StoreDamage.value(index), sourceLocation: sourceLocation)
        }
    }

    // MARK: - A -wal that does not belong to the store

    @Test func aWALCopiedFromAnotherStoreIsRefusedAndNoFileChanges() throws {
        let folder = TemporaryDirectory(), elsewhere = TemporaryDirectory()
        let path = folder.storePath
        try StoreDamage.makeStore(path, prefix: "Mine", count: 20)
        try StoreDamage.copyForeignWAL(besides: path, from: elsewhere)

        // What replaying it does, shown on a scratch copy: SQLite opens the pair without a
        // word, and the checkpointed file fails its integrity check.
        let scratch = elsewhere.path("scratch.sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: scratch)
        try FileManager.default.copyItem(atPath: path + "-wal", toPath: scratch + "-wal")
        try SQLiteShell.run(scratch, "PRAGMA wal_checkpoint(TRUNCATE)")
        #expect((try? SQLiteShell.run(scratch, "PRAGMA integrity_check")) != "ok")

        expectRefusal(path, mentioning: ["-wal", "does not fit", "move both away", "statedb recover"])

        // Without the strangers the store is what it was.
        try FileManager.default.removeItem(atPath: path + "-wal")
        try FileManager.default.removeItem(atPath: path + "-shm")
        try expectValues(path, prefix: "Mine", count: 20)
    }

    /// The `-wal` of another store's first session holds that whole store, page 1 on: its
    /// pages fit, and replayed it replaced this store's slots with the other's. The clock it
    /// would take back gives it away.
    @Test func aWALHoldingAnotherWholeStoreIsRefusedAndNoFileChanges() throws {
        let folder = TemporaryDirectory(), elsewhere = TemporaryDirectory()
        let path = folder.storePath
        let mine = try StateStore(path: path)
        for index in 0..<30 {  // a commit each: the clock goes well past the other store's
            try mine.binding(for: "Mine/s\(index)", default: "").wrappedValue = StoreDamage.value(index)
            try mine.flush()
        }
        mine.close()
        let otherPath = elsewhere.path("other.sqlite")
        let other = try StateStore(path: otherPath)  // new: its schema and rows are all in its -wal
        try other.binding(for: "Other/s0", default: "").wrappedValue = "another store"
        try other.flush()
        try FileManager.default.copyItem(atPath: otherPath + "-wal", toPath: path + "-wal")
        try FileManager.default.copyItem(atPath: otherPath + "-shm", toPath: path + "-shm")
        other.close()

        expectRefusal(path, mentioning: ["-wal", "not this store's", "clock back", "move both away", "statedb recover"])
        let before = StoreDamage.Files(path)
        let run = try CLI.run("rm", path, "Mine/nothing")
        #expect(run.status == 7, "\(run)")
        #expect(StoreDamage.Files(path) == before, "a refused command wrote nothing")

        try FileManager.default.removeItem(atPath: path + "-wal")
        try FileManager.default.removeItem(atPath: path + "-shm")
        try expectValues(path, prefix: "Mine", count: 30)
    }

    /// The store's own `-wal` (another connection has it open and committed through it) is
    /// replayed as before, and nothing stays behind in the temporary folder.
    @Test func theStoresOwnWALIsReplayed() throws {
        let folder = TemporaryDirectory()
        let path = folder.storePath
        try StoreDamage.makeStore(path, prefix: "Own", count: 10)
        let running = try StateStore(path: path)
        try running.binding(for: "Own/s3", default: "").wrappedValue = "committed, not checkpointed"
        try running.flush()
        #expect(HotWAL.hasFrames(path))

        let second = try StateStore(path: path)
        #expect(try second.binding(for: "Own/s3", default: "").wrappedValue == "committed, not checkpointed")
        #expect(try second.binding(for: "Own/s4", default: "").wrappedValue == StoreDamage.value(4))
        second.close()
        running.close()
    }

    /// Opening a store that this process already has open reads the file (its header, and a
    /// copy of it for the -wal check) without dropping the running store's locks: otherwise
    /// another process closing its connection would believe itself the last one and delete the
    /// -wal the running store still writes to.
    @Test func openingTheStoreAgainKeepsTheRunningStoresLocks() throws {
        let folder = TemporaryDirectory()
        let path = folder.storePath
        try StoreDamage.makeStore(path, prefix: "Own", count: 5)
        let running = try StateStore(path: path)
        try running.binding(for: "Own/s1", default: "").wrappedValue = "first"
        try running.flush()
        try StateStore(path: path).close()

        try SQLiteShell.run(path, "SELECT count(*) FROM slots")  // another process comes and goes
        #expect(FileManager.default.fileExists(atPath: path + "-wal"), "the running store's -wal was checkpointed away under it")
        try running.binding(for: "Own/s2", default: "").wrappedValue = "second"
        try running.flush()
        running.close()
        #expect(SQLiteProbe(path: path).value("Own/s1") == "first")
        #expect(SQLiteProbe(path: path).value("Own/s2") == "second")
    }

    // MARK: - Schema objects and the clock

    @Test func aStoreWithoutItsClockRowIsRefused() throws {
        let folder = TemporaryDirectory()
        try StoreDamage.makeStore(folder.storePath, count: 5)
        try SQLiteShell.run(folder.storePath, "DELETE FROM statedb_clock")
        expectRefusal(folder.storePath, mentioning: ["statedb_clock has no row", "statedb recover"])
    }

    @Test func aDroppedTriggerIsRefused() throws {
        let folder = TemporaryDirectory()
        try StoreDamage.makeStore(folder.storePath, count: 5)
        try SQLiteShell.run(folder.storePath, "DROP TRIGGER slots_tombstone")
        expectRefusal(folder.storePath, mentioning: ["trigger slots_tombstone is missing", "statedb check", "statedb recover"])
    }

    @Test func anIndexRemovedFromTheSchemaIsRefused() throws {
        let folder = TemporaryDirectory()
        try StoreDamage.makeStore(folder.storePath, count: 5)
        try SQLiteShell.run(folder.storePath, "PRAGMA writable_schema = ON; DELETE FROM sqlite_schema WHERE name = 'slots_by_version';")
        expectRefusal(folder.storePath, mentioning: ["index slots_by_version is missing"])
    }

    @Test func aTableWhoseDefinitionWasEditedIsRefused() throws {
        let folder = TemporaryDirectory()
        try StoreDamage.makeStore(folder.storePath, count: 5)
        try SQLiteShell.run(folder.storePath, """
            PRAGMA writable_schema = ON;
            UPDATE sqlite_schema SET sql = replace(sql, 'DEFAULT 0', 'DEFAULT 7') WHERE name = 'slots';
            """)
        #expect(try SQLiteShell.run(folder.storePath, "SELECT count(*) FROM slots") == "5", "SQLite itself reads the edited schema")
        expectRefusal(folder.storePath, mentioning: ["table slots differs"])
    }

    /// An index an operator added is not damage: the store opens and works.
    @Test func anIndexAnOperatorAddedIsAccepted() throws {
        let folder = TemporaryDirectory()
        try StoreDamage.makeStore(folder.storePath, count: 5)
        try SQLiteShell.run(folder.storePath, "CREATE INDEX operators_index ON slots (type)")
        let store = try StateStore(path: folder.storePath)
        try store.binding(for: "Damaged/s1", default: "").wrappedValue = "written"
        try store.flush()
        store.close()
        #expect(SQLiteProbe(path: folder.storePath).value("Damaged/s1") == "written")
    }

    /// Stores of every earlier schema version still open (the comparison is with what the
    /// migrations made at the store's own version), and are upgraded.
    @Test func storesOfEarlierSchemaVersionsOpen() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures")
        for name in ["v1-store.sqlite", "v2-keys-store.sqlite"] {
            let folder = TemporaryDirectory()
            try FileManager.default.copyItem(atPath: fixtures.appendingPathComponent(name).path, toPath: folder.storePath)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: folder.storePath)  // a checkout's files are 0644
            #expect(try Int(SQLiteShell.run(folder.storePath, "PRAGMA user_version")) ?? 0 < SchemaMigration.latestVersion, "\(name)")
            let store = try StateStore(path: folder.storePath)
            store.close()
            #expect(try Int(SQLiteShell.run(folder.storePath, "PRAGMA user_version")) == SchemaMigration.latestVersion, "\(name)")
        }
    }

    // MARK: - Damaged pages

    /// A garbled page is not looked for at open (that would read the whole file each time);
    /// the first commit that meets it fails, keeps the write in memory, and says how to
    /// salvage the store.
    @Test func aDamagedIndexPageFailsTheCommitWithAdviceToRecover() throws {
        let folder = TemporaryDirectory()
        try StoreDamage.makeStore(folder.storePath, count: 30)
        try StoreDamage.damageKeyIndex(folder.storePath)
        let store = try StateStore(path: folder.storePath)
        store.diagnosticHandler = { _ in }
        try store.binding(for: "Damaged/s2", default: "").wrappedValue = "new"
        let error = #expect(throws: StateStoreError.self) { try store.flush() }
        #expect(error?.kind == .corrupt)
        #expect(error?.message.contains("statedb recover \(folder.storePath) \(folder.path("state.recovered.sqlite"))") == true, "\(String(describing: error))")
        #expect(store.hasPendingWrites)
    }
}

/// Looks at `-wal` files and the private copies the open path makes of them.
enum HotWAL {
    /// Whether `path-wal` holds frames (more than its header).
    static func hasFrames(_ path: String) -> Bool {
        ((try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0) > 32
    }

}
