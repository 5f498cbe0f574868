import Foundation
import StateDB
import Testing

// An operator editing the file with the sqlite3 shell while the app runs: the app sees the
// change at its next refresh, without restarting.

struct HandEditTests {
    @Test func aHandUpdateInTheShellReachesTheRunningStore() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let count = try store.binding(for: "App/count", default: 1)
        try store.flush()
        try SQLiteShell.run(folder.storePath, "UPDATE slots SET value = 5 WHERE key = 'App/count'")
        try store.refreshFromDisk()
        #expect(count.wrappedValue == 5)
        store.close()
    }

    @Test func aHandDeleteInTheShellResetsTheSlotInTheRunningStore() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let count = try store.binding(for: "App/count", default: 1)
        count.wrappedValue = 9
        try store.flush()
        let tickBefore = try SQLiteShell.clockTick(folder.storePath)
        try SQLiteShell.run(folder.storePath, "DELETE FROM slots WHERE key = 'App/count'")
        #expect(try SQLiteShell.clockTick(folder.storePath) == tickBefore + 1, "the trigger advanced the clock")
        try store.refreshFromDisk()
        #expect(count.wrappedValue == 1, "back to its initial value")
        try store.flush()
        #expect(SQLiteProbe(path: folder.storePath).value("App/count") == "1", "and recorded again")
        store.close()
    }

    // Rows the store loaded but nothing has asked for yet ("dormant" ones) follow hand edits
    // too, so a view mounted later starts from what the file holds now.

    @Test func aHandEditOfASlotNotYetInUseIsWhatItLaterStartsFrom() throws {
        let folder = TemporaryDirectory()
        let writer = try StateStore(path: folder.storePath)
        try writer.binding(for: "App/count", default: 3).wrappedValue = 3
        try writer.flush()
        writer.close()

        let store = try StateStore(path: folder.storePath)
        try SQLiteShell.run(folder.storePath, "UPDATE slots SET value = 7 WHERE key = 'App/count'")
        try SQLiteShell.run(folder.storePath, """
            INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at)
            VALUES ('App/added', 'App', 'added', 'Swift.Int', 'integer', 11, 0, 0, 0)
            """)
        try store.refreshFromDisk()
        #expect(try store.binding(for: "App/count", default: 0).wrappedValue == 7)
        #expect(try store.binding(for: "App/added", default: 0).wrappedValue == 11)
        store.close()
    }

    @Test func aHandDeleteOfASlotNotYetInUseLeavesItToItsInitialValue() throws {
        let folder = TemporaryDirectory()
        let writer = try StateStore(path: folder.storePath)
        try writer.binding(for: "App/count", default: 3).wrappedValue = 8
        try writer.flush()
        writer.close()

        let store = try StateStore(path: folder.storePath)
        try SQLiteShell.run(folder.storePath, "DELETE FROM slots WHERE key = 'App/count'")
        try store.refreshFromDisk()
        #expect(try store.binding(for: "App/count", default: 1).wrappedValue == 1, "not the deleted 8")
        try store.flush()
        #expect(SQLiteProbe(path: folder.storePath).value("App/count") == "1", "and recorded again")
        store.close()
    }

    // A commit updates rows it knows exist in place; a row deleted by hand after the store
    // last looked is written back whole, not lost.

    @Test func aWriteToARowDeletedByHandSinceTheLastRefreshPutsTheRowBack() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let count = try store.binding(for: "App/count", default: 1)
        let title = try store.binding(for: "App/title", default: "a")
        count.wrappedValue = 2
        title.wrappedValue = "b"
        try store.flush()
        try SQLiteShell.run(folder.storePath, "DELETE FROM slots WHERE key IN ('App/count', 'App/title')")
        count.wrappedValue = 3  // no refresh in between: the store still believes the rows exist
        title.wrappedValue = "c"
        try store.flush()
        let rows = SQLiteProbe(path: folder.storePath).rows(
            "SELECT key, identity, property, type, encoding, value FROM slots ORDER BY key")
        #expect(rows == [["App/count", "App", "count", "Swift.Int", "integer", "3"],
                         ["App/title", "App", "title", "Swift.String", "text", "c"]])
        store.close()
    }

    // Keys whose last `/` Unicode joins with a neighbouring character: the store's index, the
    // key's two parts and SQLite must all agree on them.

    @Test func keysWithAJoinedSlashSurviveAReopenAndFollowHandEdits() throws {
        let keys = ["Settings/\u{301}x", "A\u{600}/x", "a/b/\u{200D}c"]
        let folder = TemporaryDirectory()
        let writer = try StateStore(path: folder.storePath)
        for (index, key) in keys.enumerated() { try writer.binding(for: key, default: 0).wrappedValue = index + 5 }
        writer.close()

        let store = try StateStore(path: folder.storePath)
        let bindings = try keys.map { try store.binding(for: $0, default: 0) }
        #expect(bindings.map(\.wrappedValue) == [5, 6, 7], "hydrated, not started afresh")
        try store.flush()
        try SQLiteShell.run(folder.storePath, "UPDATE slots SET value = value * 10")
        try store.refreshFromDisk()
        #expect(bindings.map(\.wrappedValue) == [50, 60, 70], "hand edits reach the live slots")
        store.close()
        #expect(SQLiteProbe(path: folder.storePath).keys.count == 3, "no second row for any key")
    }

    @Test func theStoresOwnDeletesAdvanceTheClockOncePerCommit() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        try store.flush()
        try SQLiteShell.run(folder.storePath, """
            INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at)
            VALUES ('A/x', 'A', 'x', 'Swift.Int', 'integer', 1, 0, 0, 0), ('A/y', 'A', 'y', 'Swift.Int', 'integer', 2, 0, 0, 0)
            """)
        let tickBefore = try SQLiteShell.clockTick(folder.storePath)
        try MigrationStatus.migrateUp(path: folder.storePath, migrations: [.delete("drop A", keys: "A/*")])
        #expect(try SQLiteShell.clockTick(folder.storePath) == tickBefore + 1)
        #expect(SQLiteProbe(path: folder.storePath).keys == [])
        store.close()
    }
}
