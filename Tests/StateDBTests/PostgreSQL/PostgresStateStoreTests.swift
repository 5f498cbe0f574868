import Foundation
@testable import StateDB
import Testing

/// A counter view for the in-process tests: one `@State` slot, read by its text.
struct PostgresCounter: View {
    @State var count = 0
    var body: some View {
        Text("count \(count)")
        Button("bump") { count += 1 }
    }
}

@MainActor
func countShown(by host: ViewHost) -> String {
    String(host.render().split(separator: "\n").first { $0.hasPrefix("count ") } ?? "count ?")
}

/// `StateStore(url:)` on a real PostgreSQL server, in this process and in app processes (the
/// test helper's `host-session`): the semantics of a SQLite store — reads from memory, one
/// transaction per update, other writers' commits at the next update, refusal of what is not
/// ours, state migrations — on a database.
@Suite(.serialized, .enabled(if: PostgresTestServer.isAvailable, "needs PostgreSQL server binaries (apt-get install postgresql)"))
struct PostgresStateStoreTests {
    @Test func aPathStillOpensSQLite() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(url: folder.storePath)
        try store.binding(for: "Settings/volume", default: 5).wrappedValue = 7
        store.close()
        #expect(try StateStore(path: folder.storePath).binding(for: "Settings/volume", default: 5).wrappedValue == 7)
    }

    @Test func valuesSurviveAProcessRestart() throws {
        let database = try PostgresTestServer.shared().database()
        let first = try ChildProcess.helper(["host-session", database.url])
        #expect(try first.requireLine() == "ready count 0")
        first.send("bump-many 3\n")
        #expect(try first.requireLine() == "count 3")
        first.send("close\n")
        #expect(try first.requireLine() == "closed")
        #expect(first.waitForExit() == 0)

        let second = try ChildProcess.helper(["host-session", database.url])
        #expect(try second.requireLine() == "ready count 3", "the next process reads what the first committed")
        second.closeInput()
        #expect(try second.requireLine() == "closed")
        #expect(try database.psql("SELECT value FROM slots WHERE key LIKE '%/count'") == "3")
    }

    @Test func twoAppProcessesSeeEachOthersWritesAtTheNextUpdate() throws {
        let database = try PostgresTestServer.shared().database()
        let a = try ChildProcess.helper(["host-session", database.url])
        #expect(try a.requireLine() == "ready count 0")
        let b = try ChildProcess.helper(["host-session", database.url])
        #expect(try b.requireLine() == "ready count 0")
        a.send("bump\n")
        #expect(try a.requireLine() == "count 1")
        b.send("update\n")
        #expect(try b.requireLine() == "count 1", "b's next update shows a's commit")
        b.send("bump\n")
        #expect(try b.requireLine() == "count 2")
        a.send("update\n")
        #expect(try a.requireLine() == "count 2", "and a's shows b's")
        a.send("close\n")
        b.send("close\n")
        #expect(try a.requireLine() == "closed")
        #expect(try b.requireLine() == "closed")
    }

    @Test func concurrentWritersLoseNothing() throws {
        let database = try PostgresTestServer.shared().database()
        let writers = try (0..<3).map { index in
            try ChildProcess.helper(["write-loop", database.url, "--key", "Writer\(index)/counter", "--count", "40"])
        }
        for writer in writers {
            var last = ""
            while let line = writer.readLine() { last = line }
            #expect(last == "ack 40")
            #expect(writer.waitForExit() == 0, "\(writer.standardError())")
        }
        let store = try StateStore(url: database.url)
        for index in 0..<3 {
            #expect(try store.binding(for: "Writer\(index)/counter", default: 0).wrappedValue == 40)
        }
        #expect(try database.psql("SELECT count(DISTINCT version) FROM slots") == "3")
        #expect(try database.psql("SELECT tick FROM statedb_clock") == "120", "one tick per flush, none lost")
        store.close()
    }

    @Test @MainActor func aHandEditInPsqlReachesARunningStore() throws {
        let database = try PostgresTestServer.shared().database()
        let store = try StateStore(url: database.url)
        let host = ViewHost(root: PostgresCounter(), store: store)
        try host.button("bump").tap()
        #expect(countShown(by: host) == "count 1")
        let key = try database.psql("SELECT key FROM slots WHERE key LIKE '%/count'")
        try database.psql("UPDATE slots SET value = '41' WHERE key = '\(key)'")
        host.update()
        #expect(countShown(by: host) == "count 41", "the trigger's tick brings it in at the next update")
        let idle = store.sqlStatementCount
        host.update()
        #expect(store.sqlStatementCount == idle + 1, "an update with nothing new asks the clock, nothing more")
        try database.psql("DELETE FROM slots WHERE key = '\(key)'")
        host.update()
        #expect(countShown(by: host) == "count 0", "a row deleted by hand resets the slot")
        store.close()
    }

    @Test func aForeignDatabaseIsRefusedUntouched() throws {
        let database = try PostgresTestServer.shared().database()
        try database.psql("CREATE TABLE customers (id serial PRIMARY KEY, name text NOT NULL); INSERT INTO customers (name) VALUES ('Ada');")
        let before = try database.dump()
        let error = #expect(throws: StateStoreError.self) { try StateStore(url: database.url) }
        #expect(error?.kind == .foreignDatabase)
        #expect(try database.dump() == before)
    }

    @Test func theURLsPasswordNeverShows() throws {
        let database = try PostgresTestServer.shared().database()
        let store = try StateStore(url: database.url.replacingOccurrences(of: "postgres@", with: "postgres:hunter2@"))
        #expect(!store.path.contains("hunter2"))
        #expect(store.path.contains("***"))
        store.close()
    }

    @Test @MainActor func writesAreKeptAndRetriedWhileTheServerIsDown() throws {
        let server = try PostgresTestServer(ownCluster: true)
        defer { server.stop() }
        let database = try server.database()
        let store = try StateStore(url: database.url)
        let log = DiagnosticsRecorder(store)
        let host = ViewHost(root: PostgresCounter(), store: store)
        try host.button("bump").tap()

        server.stopServer()
        try host.button("bump").tap()
        try host.button("bump").tap()
        host.update()
        #expect(countShown(by: host) == "count 3", "reads go on from memory")
        #expect(log.all.map(\.kind) == [.databaseUnavailable], "one diagnostic for the outage, not one per update: \(log.all)")
        #expect(throws: StateStoreError.self) { try store.flush() }

        try server.start()
        host.update()
        #expect(log.all.map(\.kind) == [.databaseUnavailable])
        #expect(try database.psql("SELECT value FROM slots WHERE key LIKE '%/count'") == "3", "the kept writes are committed")
        store.close()
        #expect(try StateStore(url: database.url).binding(for: (try database.psql("SELECT key FROM slots WHERE key LIKE '%/count'")), default: 0).wrappedValue == 3)
    }

    @Test func anAppMigrationRunsOnce() throws {
        let database = try PostgresTestServer.shared().database()
        let first = try StateStore(url: database.url)
        try first.binding(for: "Settings/volume", default: 0).wrappedValue = 4
        first.close()
        let double = StateMigration.custom("double-volume") { slots in
            let volume = try slots.value(Int.self, at: "Settings/volume") ?? 0
            try slots.set(volume * 2, at: "Settings/volume")
            try slots.rename("Settings/volume", to: "Audio/volume")
        }
        for _ in 0..<2 {
            let store = try StateStore(url: database.url, migrations: [double])
            #expect(try store.binding(for: "Audio/volume", default: 0).wrappedValue == 8, "applied once, not twice")
            store.close()
        }
        #expect(try database.psql("SELECT name || ' ' || position FROM app_migrations") == "double-volume 0")
        #expect(try database.psql("SELECT count(*) FROM slot_tombstones WHERE key = 'Settings/volume'") == "1")
    }

    /// `StateMigrationTests.retypeLeavesASlotWrittenAfterTheQuarantineAndKeepsTheEntry` on
    /// PostgreSQL: a retype recovers a quarantined value only into a slot holding nothing newer.
    @Test func aRetypeRecoversQuarantinedValuesOnlyIntoSlotsNotWrittenSince() throws {
        struct Level: Codable, Equatable { var level: Int }
        let database = try PostgresTestServer.shared().database()
        let first = try StateStore(url: database.url)
        try first.binding(for: "Kept/level", default: 0).wrappedValue = 11
        try first.binding(for: "Recovered/level", default: 0).wrappedValue = 12
        first.close()
        let changed = try StateStore(url: database.url)  // a release that changed the type
        _ = try changed.binding(for: "Recovered/level", default: Level(level: 0))
        let kept = try changed.binding(for: "Kept/level", default: Level(level: 0))
        try changed.flush()
        Thread.sleep(forTimeInterval: 0.01)
        kept.wrappedValue = Level(level: 7)
        changed.close()

        let store = try StateStore(url: database.url, migrations: [
            .retype("level as struct", keys: "*/level", from: Int.self, to: Level.self) { Level(level: $0) },
        ])
        #expect(try store.binding(for: "Kept/level", default: Level(level: -1)).wrappedValue == Level(level: 7))
        #expect(try store.binding(for: "Recovered/level", default: Level(level: -1)).wrappedValue == Level(level: 12))
        store.close()
        #expect(try database.psql("SELECT key || ' ' || value FROM quarantine") == "Kept/level 11")
    }

    /// A rename shipped a release late writes over the initial value the release without it
    /// recorded, and keeps that value in quarantine (`LateRenameTests` on SQLite).
    @Test func aLateRenameWritesOverAnInitialValueAndKeepsIt() throws {
        let database = try PostgresTestServer.shared().database()
        let first = try StateStore(url: database.url)
        try first.binding(for: "Home/count", default: 0).wrappedValue = 7
        first.close()
        Thread.sleep(forTimeInterval: 0.01)
        let missed = try StateStore(url: database.url)  // a release without the rename
        _ = try missed.binding(for: "Home/taps", default: 0)
        missed.close()

        let store = try StateStore(url: database.url, migrations: [
            .renameProperty("count is taps", identities: "Home", from: "count", to: "taps"),
        ])
        #expect(try store.binding(for: "Home/taps", default: -1).wrappedValue == 7)
        store.close()
        #expect(try database.psql("SELECT key || ' ' || value FROM quarantine") == "Home/taps 0")
        #expect(try database.psql("SELECT string_agg(key, ',') FROM slots") == "Home/taps")
    }

    @Test func aFailingAppMigrationChangesNothing() throws {
        let database = try PostgresTestServer.shared().database()
        let first = try StateStore(url: database.url)
        try first.binding(for: "Settings/volume", default: 0).wrappedValue = 4
        first.close()
        let before = try database.dump()
        struct Refused: Error {}
        let failing = StateMigration.custom("half-done") { slots in
            try slots.set(99, at: "Settings/volume")
            throw Refused()
        }
        let error = #expect(throws: StateStoreError.self) { try StateStore(url: database.url, migrations: [failing]) }
        #expect(error?.kind == .migrationFailed)
        #expect(try database.dump() == before)
    }

    @Test @MainActor func aCommitMadeWhileDisconnectedIsCaughtUpAfterReconnecting() throws {
        let server = try PostgresTestServer(ownCluster: true)
        defer { server.stop() }
        let database = try server.database()
        let store = try StateStore(url: database.url)
        let host = ViewHost(root: PostgresCounter(), store: store)
        try host.button("bump").tap()
        let key = try database.psql("SELECT key FROM slots WHERE key LIKE '%/count'")

        server.stopServer()
        try server.start()
        // Committed while the running store had no session: no notification reaches it.
        let other = try StateStore(url: database.url)
        try other.binding(for: key, default: 0).wrappedValue = 7
        other.close()
        host.update()
        #expect(countShown(by: host) == "count 7", "the new session's catch-up reads it")
        store.close()
    }

    @Test func aLargeDatabaseIsReadOnDemand() throws {
        let database = try PostgresTestServer.shared().database()
        let writer = try StateStore(url: database.url)
        for index in 0..<5 { try writer.binding(for: "Row\(index)/value", default: 0).wrappedValue = index * 10 }
        writer.close()
        var options = StateStore.Options()
        options.rowsLoadedAtOpen = 2
        let store = try StateStore(url: database.url, options: options)
        #expect(store.rowsOnDemand)
        #expect(try store.binding(for: "Row3/value", default: 0).wrappedValue == 30, "the row is read when bound")
        var found: [String] = []
        try store.forEachUnusedRowOnDisk(under: "Row4") { key, _ in found.append(key); return true }
        #expect(found == ["Row4/value"])
        store.close()
    }
}
