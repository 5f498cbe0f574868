import Foundation
@testable import StateDB
import Testing

// A store of many rows is loaded on two connections at once, the rows after the middle rowid
// on the second (`LoadAlongside`). What the store holds afterwards must be exactly what one
// connection reads; a second connection that cannot read the store's own file leaves the whole
// load to the first; and commits made meanwhile are read by the first poll, whichever half
// they touch.

struct LoadAlongsideTests {
    /// A small threshold, so a few hundred rows take the parallel path.
    private static func options(alongsideFrom threshold: Int) -> StateStore.Options {
        var options = StateStore.Options()
        options.rowsLoadedAlongsideFrom = threshold
        return options
    }

    @Test func aStoreLoadedOnTwoConnectionsHoldsEveryRowAsOneConnectionReadsThem() throws {
        let folder = TemporaryDirectory()
        try Self.seed(folder.storePath, rows: 1_200)
        // Gaps in the rowids, and rows past the middle rewritten under new rowids.
        try SQLiteShell.run(folder.storePath, """
            DELETE FROM slots WHERE rowid % 7 = 0;
            UPDATE slots SET rowid = rowid + 50000 WHERE rowid % 11 = 0;
            """)

        let alone = try StateStore(path: folder.storePath, options: Self.options(alongsideFrom: .max))
        let expected = try Self.loadedRows(of: alone)
        #expect(try Self.rowsReadAlongside(by: alone) == 0)
        alone.close()

        // A second connection not ready within a second (a loaded machine, the sanitizer's
        // pass) is given up: opened again until one did read, each open holding every row.
        var parallel = try StateStore(path: folder.storePath, options: Self.options(alongsideFrom: 64))
        for _ in 0..<4 where try Self.rowsReadAlongside(by: parallel) == 0 {
            #expect(try Self.loadedRows(of: parallel) == expected)
            parallel.close()
            parallel = try StateStore(path: folder.storePath, options: Self.options(alongsideFrom: 64))
        }
        #expect(try Self.rowsReadAlongside(by: parallel) > 0, "the second connection read the upper rows")
        let loaded = try Self.loadedRows(of: parallel)
        #expect(loaded.count == expected.count)
        #expect(loaded == expected)
        // And slots mount from their rows as from any others, from either half.
        let titles = expected.keys.filter { $0.hasSuffix("/title") && expected[$0]!.hasPrefix("Swift.String ") }
        #expect(titles.count > 200)
        for key in titles {
            let row = key.dropFirst("Seed/row".count).prefix { $0 != "/" }
            #expect(try parallel.binding(for: key, default: "").wrappedValue == "row \(row)")
        }
        parallel.close()
    }

    @Test func aFileNoLongerTheStoresIsNotReadAlongside() throws {
        let folder = TemporaryDirectory()
        try Self.seed(folder.storePath, rows: 300)
        // Another database, whose rows would show if the second connection read it: the same
        // largest rowid as the store's (600), and rows after the split.
        let impostor = folder.path("impostor.sqlite")
        try SQLiteShell.run(impostor, """
            CREATE TABLE slots (key TEXT, type TEXT, encoding TEXT, value, seen_at INTEGER, version INTEGER);
            INSERT INTO slots (rowid, key, type, encoding, value, seen_at, version)
                VALUES (450, 'Seed/row224/count', 'Swift.Int', 'integer', -1, 0, 0),
                       (600, 'Seed/impostor/count', 'Swift.Int', 'integer', -2, 0, 0);
            """)
        let options = Self.options(alongsideFrom: 64)
        let store = try StateStore.opening(folder.storePath, options: options) { _ in
            // Once the store's connection has opened its file, another one takes its name.
            try FileManager.default.moveItem(atPath: folder.storePath, toPath: folder.path("moved.sqlite"))
            try FileManager.default.moveItem(atPath: impostor, toPath: folder.storePath)
        }
        #expect(try Self.rowsReadAlongside(by: store) == 0, "the second connection found another file and read nothing")
        let loaded = try Self.loadedRows(of: store)
        #expect(loaded.count == 600, "every row, from the store's own file")
        #expect(loaded["Seed/impostor/count"] == nil)
        #expect(try store.binding(for: "Seed/row224/count", default: 0).wrappedValue == 224)
        store.close()
    }

    @Test func aFileThatCannotBeOpenedAgainLeavesTheLoadToTheStoresConnection() throws {
        let folder = TemporaryDirectory()
        try Self.seed(folder.storePath, rows: 300)
        let options = Self.options(alongsideFrom: 64)
        let store = try StateStore.opening(folder.storePath, options: options) { _ in
            try FileManager.default.moveItem(atPath: folder.storePath, toPath: folder.path("moved.sqlite"))
        }
        #expect(try Self.rowsReadAlongside(by: store) == 0)
        #expect(try Self.loadedRows(of: store).count == 600)
        store.close()
    }

    @Test func commitsDuringAParallelLoadAreReadByTheFirstPoll() throws {
        let folder = TemporaryDirectory()
        try Self.seed(folder.storePath, rows: 400)
        // Made while the store's connection reads the lower rows: the second connection may
        // begin its snapshot before it (and read the upper rows) or after (and read nothing),
        // and either way the first poll must end with every change.
        let hook = DuringRead.commit("""
            UPDATE slots SET value = -1 WHERE key = 'Seed/row1/count';
            UPDATE slots SET value = -2 WHERE key = 'Seed/row399/count';
            DELETE FROM slots WHERE key = 'Seed/row398/count';
            DELETE FROM slots WHERE key = 'Seed/row397/count';
            INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at)
                VALUES ('Seed/row397/count', 'Seed/row397', 'count', 'Swift.Int', 'integer', -3, 0, 0, 0);
            INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at)
                VALUES ('Seed/added/count', 'Seed/added', 'count', 'Swift.Int', 'integer', -4, 0, 0, 0);
            """, to: folder.storePath, whenReading: (StoredRow.loadSQL + " WHERE rowid <= ?1").text)
        let options = Self.options(alongsideFrom: 64)
        let store = try StateStore.opening(folder.storePath, options: options) { hook.install(on: $0.connection) }
        #expect(hook.happened)
        try store.refreshFromDisk()
        #expect(try store.binding(for: "Seed/row1/count", default: 0).wrappedValue == -1)
        #expect(try store.binding(for: "Seed/row399/count", default: 0).wrappedValue == -2)
        #expect(try store.binding(for: "Seed/row398/count", default: 0).wrappedValue == 0, "deleted: its initial value")
        #expect(try store.binding(for: "Seed/row397/count", default: 0).wrappedValue == -3, "its new row")
        #expect(try store.binding(for: "Seed/added/count", default: 0).wrappedValue == -4)
        #expect(try store.binding(for: "Seed/row200/count", default: 0).wrappedValue == 200)
        store.close()
    }

    @Test func aCommitBetweenTheTwoSnapshotsLeavesTheLoadToTheStoresConnection() throws {
        let folder = TemporaryDirectory()
        try Self.seed(folder.storePath, rows: 300)
        // Made once the second connection is ready and the store's snapshot has begun, before
        // the second one's begins: rows after the split move to rowids before it (as `VACUUM`
        // may renumber them), with no new version and the same largest rowid. Read in the two
        // snapshots, they would be in neither half.
        let hook = DuringRead.commit("""
            UPDATE slots SET rowid = -rowid WHERE rowid > 300 AND rowid < (SELECT max(rowid) FROM slots);
            """, to: folder.storePath, whenReading: "SELECT tick FROM statedb_clock WHERE id = 1")
        let options = Self.options(alongsideFrom: 64)
        let store = try StateStore.opening(folder.storePath, options: options) { hook.install(on: $0.connection) }
        #expect(hook.happened)
        #expect(try Self.rowsReadAlongside(by: store) == 0, "the second connection saw the commit and read nothing")
        #expect(try Self.loadedRows(of: store).count == 600, "every row, from the store's snapshot")
        for row in [150, 151, 200, 299] {
            #expect(try store.binding(for: "Seed/row\(row)/count", default: 0).wrappedValue == row)
        }
        store.close()
    }

    /// Stores are WAL, but a copy put back in rollback-journal mode by hand and opened
    /// read-only stays so: the two connections share the load there too, under SQLite's file
    /// locks instead of the WAL's snapshots, and the file is left as it was.
    @Test func aRollbackJournalStoreOpenedReadOnlyLoadsOnTwoConnectionsToo() throws {
        let folder = TemporaryDirectory()
        try Self.seed(folder.storePath, rows: 600)
        try SQLiteShell.run(folder.storePath, "PRAGMA journal_mode = DELETE;")
        #expect(!FileManager.default.fileExists(atPath: folder.storePath + "-wal"))
        var options = Self.options(alongsideFrom: .max)
        options.readOnly = true
        let alone = try StateStore(path: folder.storePath, options: options)
        let expected = try Self.loadedRows(of: alone)
        alone.close()
        #expect(expected.count == 1_200)

        options.rowsLoadedAlongsideFrom = 64
        var parallel = try StateStore(path: folder.storePath, options: options)
        for _ in 0..<4 where try Self.rowsReadAlongside(by: parallel) == 0 {  // see the first test
            #expect(try Self.loadedRows(of: parallel) == expected)
            parallel.close()
            parallel = try StateStore(path: folder.storePath, options: options)
        }
        #expect(try Self.rowsReadAlongside(by: parallel) > 0, "the second connection read the upper rows")
        #expect(try Self.loadedRows(of: parallel) == expected)
        let mode = try parallel.withConnection("reading the journal mode") { connection in
            let statement = try connection.prepare("PRAGMA journal_mode")
            return try statement.step() ? statement.string(at: 0) : ""
        }
        #expect(mode == "delete")
        parallel.close()
        #expect(!FileManager.default.fileExists(atPath: folder.storePath + "-wal"), "still a rollback-journal file")
    }

    // MARK: - Helpers

    /// A store of `rows` rows of two slots each, of several types.
    private static func seed(_ path: String, rows: Int) throws {
        let store = try StateStore(path: path)
        for row in 0..<rows {
            try store.binding(for: "Seed/row\(row)/count", default: 0).wrappedValue = row
            switch row % 4 {
            case 0: try store.binding(for: "Seed/row\(row)/title", default: "").wrappedValue = "row \(row)"
            case 1: try store.binding(for: "Seed/row\(row)/title", default: 0.0).wrappedValue = Double(row) / 3
            case 2: try store.binding(for: "Seed/row\(row)/title", default: false).wrappedValue = true
            default: try store.binding(for: "Seed/row\(row)/title", default: [Int]()).wrappedValue = [row, -row]
            }
        }
        try store.flush()
        store.close()
    }

    /// Every row the store holds dormant, as text: key, type, encoding, value, version.
    private static func loadedRows(of store: StateStore) throws -> [String: String] {
        store.lock.withLock {
            var rows: [String: String] = [:]
            for entry in store.slots.allEntries {
                guard case .dormant(let dormant) = entry else { continue }
                let row = dormant.row
                rows[row.key] = "\(row.type) \(row.encoding) \(row.value) \(row.version)"
            }
            return rows
        }
    }

    private static func rowsReadAlongside(by store: StateStore) throws -> Int {
        try store.withDatabase { ($0 as! SQLiteStoreDatabase).rowsReadAlongside }
    }
}
