import Foundation
@_spi(Admin) @testable import StateDB
import Testing

/// The dialect's version 2 (Migrations/postgresql/0002_…sql) on a real server: a hand edit
/// advances the clock once per transaction however many rows it writes, statedb's own commits
/// keep their one tick, keys have an index in byte order that the listings use, and a
/// version-1 database upgrades to it.
@Suite(.serialized, .enabled(if: PostgresTestServer.isAvailable, "needs PostgreSQL server binaries (apt-get install postgresql)"))
struct PostgresDialectTests {
    /// One `INSERT … SELECT` of `count` rows `Bulk/<i>/n` = i, as an operator types it.
    static func bulkInsert(_ count: Int) -> String {
        """
        INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at)
        SELECT 'Bulk/' || i || '/n', 'Bulk/' || i, 'n', 'Swift.Int', 'integer', i::text, 0, 0, 0
        FROM generate_series(1, \(count)) AS i;
        """
    }

    @Test @MainActor func aBulkHandInsertTakesOneTickAndARunningStoreCatchesItUp() throws {
        let database = try PostgresTestServer.shared().database()
        let store = try StateStore(url: database.url)
        let host = ViewHost(root: PostgresCounter(), store: store)
        try host.button("bump").tap()
        let key = try database.psql("SELECT key FROM slots WHERE key LIKE '%/count'")
        let before = try Int(#require(Int(database.psql("SELECT tick FROM statedb_clock"))))

        try database.psql("BEGIN; \(Self.bulkInsert(20_000)) UPDATE slots SET value = '41' WHERE key = '\(key)'; COMMIT;")
        #expect(try database.psql("SELECT count(*) FROM slots WHERE key LIKE 'Bulk/%'") == "20000")
        #expect(try database.psql("SELECT string_agg(DISTINCT version::text, ',') FROM slots WHERE key LIKE 'Bulk/%' OR key = '\(key)'")
                == String(before + 1), "every row of the transaction, and its update, carries one tick")
        #expect(try database.psql("SELECT tick FROM statedb_clock") == String(before + 1), "the clock advanced once")

        host.update()
        #expect(countShown(by: host) == "count 41", "the running store read the transaction's tick")
        #expect(try store.binding(for: "Bulk/20000/n", default: 0).wrappedValue == 20_000)
        store.close()
    }

    @Test func handEditsOfOneTransactionShareATickAndStatedbsCommitsKeepTheirs() throws {
        let database = try PostgresTestServer.shared().database()
        let store = try PostgresStoreDatabase(url: database.url)
        defer { store.close() }
        try database.psql(Self.bulkInsert(30))
        #expect(try database.psql("SELECT tick FROM statedb_clock") == "1")

        // An update, a delete and a re-key in one transaction: one tick, tombstones at it.
        try database.psql("""
            BEGIN;
            UPDATE slots SET value = '0' WHERE key LIKE 'Bulk/1%';
            DELETE FROM slots WHERE key LIKE 'Bulk/2%';
            UPDATE slots SET key = 'Moved/' || key WHERE key LIKE 'Bulk/3%';
            COMMIT;
            """)
        #expect(try database.psql("SELECT tick FROM statedb_clock") == "2")
        #expect(try database.psql("SELECT string_agg(DISTINCT version::text, ',') FROM slot_tombstones") == "2")
        #expect(try database.psql("SELECT count(*) FROM slot_tombstones") == "13", "Bulk/2, Bulk/20…29, Bulk/3, Bulk/30")

        // statedb's own commit advances the clock itself; the delete trigger takes that tick.
        let result = try store.commit(StoreCommit(
            deletions: ["Bulk/5/n", "Bulk/6/n"],
            writes: [StoreCommit.Write(slotKey: SlotKey("Bulk/4/n"), type: "Swift.Int", value: .integer(7), rowExists: true)]))
        #expect(result.tick == 3)
        #expect(try database.psql("SELECT tick FROM statedb_clock") == "3", "one tick for the commit, none more from its deletes")
        #expect(try database.psql("SELECT string_agg(key || '@' || version, ',' ORDER BY key) FROM slot_tombstones WHERE key IN ('Bulk/5/n', 'Bulk/6/n')")
                == "Bulk/5/n@3,Bulk/6/n@3")

        // A mark set by hand, or a savepoint rolled back with its tick, does not fool the next edit.
        try database.psql("SET statedb.tick = '1:999'; UPDATE slots SET value = '8' WHERE key = 'Bulk/7/n';")
        try database.psql("""
            BEGIN;
            SAVEPOINT first;
            UPDATE slots SET value = '9' WHERE key = 'Bulk/8/n';
            ROLLBACK TO first;
            UPDATE slots SET value = '10' WHERE key = 'Bulk/9/n';
            COMMIT;
            """)
        #expect(try database.psql("SELECT string_agg(key || '@' || version, ',' ORDER BY key) FROM slots WHERE key IN ('Bulk/7/n', 'Bulk/8/n', 'Bulk/9/n')")
                == "Bulk/7/n@4,Bulk/8/n@1,Bulk/9/n@5")
        #expect(try database.psql("SELECT tick FROM statedb_clock") == "5")
    }

    @Test func aKeyCreatedAndDeletedByOneCommitIsStampedWhenDeletedByHandLater() throws {
        let database = try PostgresTestServer.shared().database()
        let store = try PostgresStoreDatabase(url: database.url)
        defer { store.close() }
        // The commit leaves a tombstone and a row for one key, both at its tick.
        _ = try store.commit(StoreCommit(
            deletions: ["A/x"],
            writes: [StoreCommit.Write(slotKey: SlotKey("A/x"), type: "Swift.Int", value: .integer(1), rowExists: false)]))
        #expect(try database.psql("SELECT (SELECT version FROM slots WHERE key = 'A/x') || ' ' || (SELECT version FROM slot_tombstones WHERE key = 'A/x')") == "1 1")
        try database.psql("DELETE FROM slots WHERE key = 'A/x'")
        #expect(try database.psql("SELECT tick FROM statedb_clock") == "2", "the hand delete is a change of its own")
        #expect(try database.psql("SELECT version FROM slot_tombstones WHERE key = 'A/x'") == "2")
    }

    @Test func theOrderedListingsUseTheByteOrderIndex() throws {
        let database = try PostgresTestServer.shared().database()
        try PostgresStoreDatabase(url: database.url).close()
        try database.psql(Self.bulkInsert(20_000) + " ANALYZE slots;")
        // The statements of PostgresAdminRows and PostgresStoreDatabase, as they are written.
        let listings = [
            #"SELECT key, type, encoding, value, blob, created_at, updated_at, seen_at, version FROM slots ORDER BY key COLLATE "C""#,
            #"SELECT key FROM slots WHERE key COLLATE "C" >= 'Bulk/5' ORDER BY key COLLATE "C" LIMIT 5"#,
            #"SELECT key FROM slots WHERE key COLLATE "C" < 'Bulk/5' ORDER BY key COLLATE "C" DESC LIMIT 5"#,
            #"SELECT key, type FROM slots WHERE key COLLATE "C" >= 'Bulk/7/' AND key COLLATE "C" < 'Bulk/70' ORDER BY key COLLATE "C""#,
        ]
        for listing in listings {
            let plan = try database.psql("EXPLAIN \(listing)")
            #expect(plan.contains("using slots_by_key_bytes") && !plan.contains("Sort"), "\(listing):\n\(plan)")
        }
    }

    @Test func aVersion1DatabaseUpgradesAndKeepsItsRows() throws {
        let database = try PostgresTestServer.shared().database()
        // A store as a build with only 0001 left it, with a slot written by hand.
        let first = try #require(PostgresSchemaMigration.all.first)
        try database.psql("""
            BEGIN;
            \(first.sql)
            INSERT INTO statedb_schema_migrations VALUES (1, '\(first.name)', '\(first.checksum)', 0);
            UPDATE statedb_store SET schema_version = 1;
            COMMIT;
            """)
        try database.psql("BEGIN; \(Self.bulkInsert(3)) COMMIT;")
        #expect(try database.psql("SELECT tick FROM statedb_clock") == "3", "version 1: a tick per row")
        // Built beforehand by the operator, without blocking writes: the migration keeps it.
        try database.psql(#"CREATE INDEX CONCURRENTLY slots_by_key_bytes ON slots (key COLLATE "C")"#)

        let store = try StateStore(url: database.url)
        #expect(try database.psql("SELECT schema_version FROM statedb_store") == String(PostgresSchemaMigration.latestVersion))
        #expect(try database.psql("SELECT string_agg(version || ':' || checksum, ',' ORDER BY version) FROM statedb_schema_migrations")
                == PostgresSchemaMigration.all.map { "\($0.version):\($0.checksum)" }.joined(separator: ","))
        #expect(try database.psql("SELECT indexdef FROM pg_indexes WHERE indexname = 'slots_by_key_bytes'").contains(#"COLLATE "C""#))
        #expect(try store.binding(for: "Bulk/3/n", default: 0).wrappedValue == 3, "the rows are kept")

        let upgraded = try database.psql("SELECT tick FROM statedb_clock")
        try database.psql("BEGIN; UPDATE slots SET value = '0'; \(Self.bulkInsert(3).replacingOccurrences(of: "'Bulk/'", with: "'More/'")) COMMIT;")
        #expect(try database.psql("SELECT tick FROM statedb_clock") == String(Int(upgraded)! + 1), "version 2: a tick per transaction")
        try store.refreshFromDisk()
        #expect(try store.binding(for: "Bulk/3/n", default: 0).wrappedValue == 0, "the store reads the upgraded triggers' tick")
        store.close()
    }

    @Test func importWritesTwentyThousandRowsInBatches() throws {
        let database = try PostgresCLITests.store([("Old/keep", .integer(1), "Swift.Int")])
        // Awkward text for the array literals: quotes, backslashes, braces, commas, non-ASCII.
        let slots = (0..<20_000).map { index -> String in
            index.isMultiple(of: 2)
                ? #"{"key":"Import/\#(index)/n","type":"Swift.Int","value":\#(index)}"#
                : #"{"key":"Import/\#(index)/s","type":"Swift.String","value":"a \"q\" \\ {x,y} é \#(index)"}"#
        }
        func document(_ slots: [String]) -> String {
            #"{"format":"\#(ExportFormat.name)","formatVersion":\#(ExportFormat.version),"slots":[\#(slots.joined(separator: ","))]}"#
        }
        let tick = try Int(#require(Int(database.psql("SELECT tick FROM statedb_clock"))))
        var run = try CLI.run(["import", database.url, "-"], stdin: document(slots))
        #expect(run.status == 0, "\(run)")
        #expect(try database.psql("SELECT count(*) FROM slots") == "20001")
        #expect(try database.psql("SELECT sum(value::bigint) FROM slots WHERE key LIKE 'Import/%/n'") == String((0..<20_000).filter { $0.isMultiple(of: 2) }.reduce(0, +)))
        #expect(try database.psql("SELECT value FROM slots WHERE key = 'Import/19999/s'") == #"a "q" \ {x,y} é 19999"#)
        #expect(try database.psql("SELECT identity || ' ' || property FROM slots WHERE key = 'Import/7/s'") == "Import/7 s")
        #expect(try database.psql("SELECT string_agg(DISTINCT version::text, ',') FROM slots WHERE key LIKE 'Import/%'") == String(tick + 1))
        #expect(try database.psql("SELECT tick FROM statedb_clock") == String(tick + 1), "one tick for the import")

        // Replacing with the first 12,000 changes 2,000 and deletes 8,000 and the old row, across batches.
        var changed = Array(slots.prefix(12_000))
        for index in stride(from: 0, to: 4_000, by: 2) {
            changed[index] = #"{"key":"Import/\#(index)/n","type":"Swift.Int","value":-1}"#
        }
        let created = try database.psql("SELECT created_at FROM slots WHERE key = 'Import/0/n'")
        run = try CLI.run(["import", database.url, "-", "--replace"], stdin: document(changed))
        #expect(run.status == 0, "\(run)")
        #expect(try database.psql("SELECT count(*) FROM slots") == "12000")
        #expect(try database.psql("SELECT count(*) FROM slots WHERE value = '-1'") == "2000")
        #expect(try database.psql("SELECT count(*) || ' ' || min(version) || ' ' || max(version) FROM slot_tombstones") == "8001 \(tick + 2) \(tick + 2)")
        #expect(try database.psql("SELECT tick FROM statedb_clock") == String(tick + 2), "the deletes' trigger took the import's tick")
        #expect(try database.psql("SELECT created_at FROM slots WHERE key = 'Import/0/n'") == created, "an updated row keeps its created_at")
    }
}
