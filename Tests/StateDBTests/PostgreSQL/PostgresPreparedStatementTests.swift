import Foundation
@testable import StateDB
import Testing

/// The commit's statements and the poll's clock read are prepared once per session: the
/// session's own `pg_prepared_statements` lists each once, however many commits ran; a new
/// session (after a server restart) prepares them again; and a statement the server forgot
/// (`DEALLOCATE ALL`) is prepared again without the commit failing.
@Suite(.serialized, .enabled(if: PostgresTestServer.isAvailable, "needs PostgreSQL server binaries (apt-get install postgresql)"))
struct PostgresPreparedStatementTests {
    typealias Write = StoreCommit.Write

    /// The names the store's session has prepared, as the server lists them.
    static func preparedOnServer(_ store: PostgresStoreDatabase) throws -> String {
        try store.connection.execute("SELECT coalesce(string_agg(name, ',' ORDER BY name), '') FROM pg_prepared_statements")
            .string(0, 0) ?? ""
    }

    static func write(_ key: String, _ value: Int64) -> Write {
        PostgresCommitTests.write(key, .integer(value))
    }

    @Test func statementsArePreparedOncePerSessionAndAgainAfterARestart() throws {
        let server = try PostgresTestServer(ownCluster: true)
        defer { server.stop() }
        let database = try server.database()
        let store = try PostgresStoreDatabase(url: database.url)
        defer { store.close() }
        let opened = store.connection.statementsPrepared

        for value in 1...10 {
            _ = try store.commit(StoreCommit(writes: [Self.write("A/count", Int64(value))]))
        }
        #expect(try Self.preparedOnServer(store) == "statedb_notify,statedb_tick,statedb_write")
        #expect(store.connection.statementsPrepared - opened == 3, "three statements prepared once for ten commits")

        let tick = try store.currentTick()
        #expect(try store.pollChanges(since: tick) == nil)
        #expect(try store.pollChanges(since: tick) == nil)
        #expect(try Self.preparedOnServer(store) == "statedb_clock,statedb_notify,statedb_tick,statedb_write")
        #expect(store.connection.statementsPrepared - opened == 4, "the poll's clock read prepared once for two polls")

        let session = store.connection.backendPID
        server.stopServer()
        #expect(throws: StateStoreError.self) { try store.commit(StoreCommit(writes: [Self.write("A/count", 11)])) }
        try server.start()
        _ = try store.commit(StoreCommit(writes: [Self.write("A/count", 12)]))
        #expect(store.connection.backendPID != session, "a new session")
        #expect(try Self.preparedOnServer(store) == "statedb_notify,statedb_tick,statedb_write", "the new session prepared them again")
        #expect(store.connection.statementsPrepared - opened == 7)
        #expect(try database.psql("SELECT value FROM slots WHERE key = 'A/count'") == "12")
        #expect(try database.psql("SELECT tick FROM statedb_clock") == "11", "ten commits, the failed one not, then one")
    }

    @Test func aStatementTheServerForgotIsPreparedAgain() throws {
        let database = try PostgresTestServer.shared().database()
        let store = try PostgresStoreDatabase(url: database.url)
        defer { store.close() }
        _ = try store.commit(StoreCommit(writes: [Self.write("A/count", 1)]))
        #expect(try store.pollChanges(since: 1) == nil)
        let prepared = store.connection.statementsPrepared

        try store.connection.execute("DEALLOCATE ALL")
        let roundTrips = store.connection.roundTrips
        #expect(try store.commit(StoreCommit(writes: [Self.write("A/count", 2)])).tick == 2)
        #expect(store.connection.roundTrips - roundTrips == 4, "the attempt that found no statements, its ROLLBACK, DEALLOCATE ALL, and the one that prepared them")
        #expect(store.connection.statementsPrepared - prepared == 3)
        #expect(try database.psql("SELECT value || ' ' || version FROM slots") == "2 2")
        #expect(try database.psql("SELECT tick FROM statedb_clock") == "2", "the rolled-back attempt took no tick")

        try store.connection.execute("DEALLOCATE ALL")
        #expect(try store.pollChanges(since: 2) == nil, "the poll prepares its clock read again")
        #expect(try store.pollChanges(since: 1) != nil)
        #expect(store.connection.statementsPrepared - prepared == 4)
        #expect(try Self.preparedOnServer(store) == "statedb_clock")
    }

    /// With only some statements forgotten, the retry does not fail preparing one the server
    /// still has (42P05), and the next commit needs no retry.
    @Test func oneForgottenStatementIsPreparedAgainWithTheOthers() throws {
        let database = try PostgresTestServer.shared().database()
        let store = try PostgresStoreDatabase(url: database.url)
        defer { store.close() }
        _ = try store.commit(StoreCommit(writes: [Self.write("A/count", 1)]))
        try store.connection.execute("DEALLOCATE statedb_write")
        #expect(try Self.preparedOnServer(store) == "statedb_notify,statedb_tick")
        #expect(try store.commit(StoreCommit(writes: [Self.write("A/count", 2)])).tick == 2)
        #expect(try Self.preparedOnServer(store) == "statedb_notify,statedb_tick,statedb_write")
        let roundTrips = store.connection.roundTrips
        #expect(try store.commit(StoreCommit(writes: [Self.write("A/count", 3)])).tick == 3)
        #expect(store.connection.roundTrips - roundTrips == 1)
        #expect(try database.psql("SELECT value || ' ' || version FROM slots") == "3 3")
    }

    /// A statement prepared in a pipeline that then failed stays prepared (a rollback does not
    /// undo a prepare), and the connection's list agrees with the server's: the next commit
    /// prepares only what the failed one did not reach.
    @Test func aFailedCommitKeepsWhatItPrepared() throws {
        let database = try PostgresTestServer.shared().database()
        let store = try PostgresStoreDatabase(url: database.url)
        defer { store.close() }
        try database.psql("ALTER TABLE slots ADD CONSTRAINT no_forbidden CHECK (key <> 'A/forbidden')")
        let prepared = store.connection.statementsPrepared
        #expect(throws: StateStoreError.self) { try store.commit(StoreCommit(writes: [Self.write("A/forbidden", 1)])) }
        #expect(try Self.preparedOnServer(store) == "statedb_tick,statedb_write", "the notify, after the failure, was skipped")
        #expect(store.connection.statementsPrepared - prepared == 3, "three sent, one skipped")

        let roundTrips = store.connection.roundTrips
        #expect(try store.commit(StoreCommit(writes: [Self.write("A/fine", 1)])).tick == 1)
        #expect(store.connection.roundTrips - roundTrips == 1, "no statement the server lacks")
        #expect(try Self.preparedOnServer(store) == "statedb_notify,statedb_tick,statedb_write")
        #expect(store.connection.statementsPrepared - prepared == 4)
    }
}
