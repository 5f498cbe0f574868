import Foundation
@testable import StateDB
import Testing

/// A commit is one round trip to the server however much it holds, and the batch statements
/// (arrays, one pipeline) keep every value and every rule the per-row statements had.
@Suite(.serialized, .enabled(if: PostgresTestServer.isAvailable, "needs PostgreSQL server binaries (apt-get install postgresql)"))
struct PostgresCommitBatchTests {
    typealias Write = StoreCommit.Write

    @Test func aCommitOfEveryKindOfWorkIsOneRoundTrip() throws {
        let database = try PostgresTestServer.shared().database()
        let store = try PostgresStoreDatabase(url: database.url)
        defer { store.close() }
        let writes = (0..<500).map { PostgresCommitTests.write("Row[id: \($0)]/value", .integer(Int64($0))) }
        var before = store.connection.roundTrips
        #expect(try store.commit(StoreCommit(writes: writes)).tick == 1)
        #expect(store.connection.roundTrips - before == 1, "500 new rows in one round trip")

        let bad = try store.loadAllRows().rows.first { $0.key == "Row[id: 7]/value" }!
        before = store.connection.roundTrips
        let result = try store.commit(StoreCommit(
            renames: [.init(fromKey: "Row[id: 1]/value", to: SlotKey("Moved/value"), key: "Moved/value", type: "Swift.Int")],
            quarantine: [QuarantineEntry(row: bad, expectedType: "Swift.String", error: "not text")],
            deletions: (7..<300).map { "Row[id: \($0)]/value" },
            writes: (300..<500).map { PostgresCommitTests.write("Row[id: \($0)]/value", .integer(-1), exists: true) },
            explicitKeys: ["Settings/a", "Settings/b"], seenStamps: ["Row[id: 2]/value"], now: 42))
        #expect(store.connection.roundTrips - before == 1, "renames, quarantine, deletions, updates, keys and stamps in one round trip")
        #expect(result == StoreCommitResult(tick: 2, missedRenames: []))
        #expect(try database.psql("SELECT count(*) FROM slots") == "207", "500, less the 293 deleted")
        #expect(try database.psql("SELECT count(*) FROM slot_tombstones WHERE version = 2") == "294", "293 deletions and the rename's old key")
        #expect(try database.psql("SELECT count(*) FROM slots WHERE version = 2 AND value = '-1'") == "200")
        #expect(try database.psql("SELECT key || ' ' || seen_at FROM slots WHERE key IN ('Moved/value', 'Row[id: 2]/value') ORDER BY key")
            == "Moved/value 42\nRow[id: 2]/value 42")
        #expect(try database.psql("SELECT key || ' ' || value FROM quarantine") == "Row[id: 7]/value 7")
        #expect(try database.psql("SELECT string_agg(key, ',' ORDER BY key) FROM statedb_explicit_keys") == "Settings/a,Settings/b")
        #expect(try database.psql("SELECT tick FROM statedb_clock") == "2", "one tick for the whole commit, none from the delete trigger")
    }

    /// Text that means something inside an array literal (quotes, backslashes, braces, commas,
    /// the word NULL, nothing at all) and bytes of every value come back exactly.
    @Test func valuesThatLookLikeArraySyntaxReadBackExactly() throws {
        let database = try PostgresTestServer.shared().database()
        let store = try PostgresStoreDatabase(url: database.url)
        defer { store.close() }
        let written: [String: StoredValue] = [
            #"A/"quoted""#: .text(#"say "hi", \"escaped\" \\ done"#),
            "A/{braces}": .text("{1,2},{3}"), "A/null-word": .text("NULL"), "A/empty": .text(""),
            "A/space": .text("  padded  "), "A/newline": .text("one\ntwo\t三"),
            "A/bytes": .blob(Array(0...255)), "A/no-bytes": .blob([]), "A/nil": .null,
            "A/json": .json(#"{"k":["a\"b",null]}"#), "A/real": .real(-0.000_123), "A/flag": .bool(false),
        ]
        _ = try store.commit(StoreCommit(writes: written.map { PostgresCommitTests.write($0.key, $0.value) }))
        #expect(PostgresCommitTests.values(try store.loadAllRows().rows) == written)
        #expect(try database.psql(#"SELECT value FROM slots WHERE key = 'A/"quoted"'"#) == #"say "hi", \"escaped\" \\ done"#)
    }

    @Test func aKeyWrittenTwiceInOneBatchKeepsItsLastValue() throws {
        let database = try PostgresTestServer.shared().database()
        let store = try PostgresStoreDatabase(url: database.url)
        defer { store.close() }
        _ = try store.commit(StoreCommit(
            deletions: ["A/gone", "A/gone"],
            writes: [PostgresCommitTests.write("A/x", .integer(1)), PostgresCommitTests.write("A/x", .integer(2))],
            explicitKeys: ["A/x", "A/x"]))
        #expect(PostgresCommitTests.values(try store.loadAllRows().rows) == ["A/x": .integer(2)])
        #expect(try database.psql("SELECT key || ' ' || version FROM slot_tombstones") == "A/gone 1")
    }

    /// A statement that fails part way through the pipeline rolls back everything before it,
    /// skips everything after it, and leaves the connection ready for the next commit.
    @Test func aFailureInsideThePipelineWritesNothingAndTheNextCommitWorks() throws {
        let database = try PostgresTestServer.shared().database()
        let store = try PostgresStoreDatabase(url: database.url)
        defer { store.close() }
        _ = try store.commit(StoreCommit(writes: [PostgresCommitTests.write("A/keep", .integer(1))]))
        let before = try database.dump()
        // An operator's rule the write breaks; the deletion before it and the keys after it
        // must not be written either.
        try database.psql("ALTER TABLE slots ADD CONSTRAINT no_forbidden CHECK (key <> 'A/forbidden')")
        let constrained = try database.dump()
        #expect(constrained != before)
        let error = #expect(throws: StateStoreError.self) {
            try store.commit(StoreCommit(deletions: ["A/keep"], writes: [PostgresCommitTests.write("A/forbidden", .integer(2))],
                                         explicitKeys: ["A/forbidden"]))
        }
        #expect(error?.message.contains("no_forbidden") == true, "\(error?.message ?? "")")
        #expect(try database.dump() == constrained, "nothing of the failed commit was written")
        #expect(store.connection.isConnected)
        #expect(try store.commit(StoreCommit(writes: [PostgresCommitTests.write("A/fine", .integer(3))])).tick == 2)
        #expect(PostgresCommitTests.values(try store.loadAllRows().rows) == ["A/keep": .integer(1), "A/fine": .integer(3)])
    }
}
