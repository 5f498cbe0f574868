import Foundation
import StateDB
import Testing

/// `InitialValueRaceTests` on PostgreSQL: a slot's initial value is inserted only where the
/// key has no row, so a value another node stored after this store's open is kept and picked
/// up, in the same commit as ordinary writes (which still replace).
@Suite(.serialized, .enabled(if: PostgresTestServer.isAvailable, "needs PostgreSQL server binaries (apt-get install postgresql)"))
struct PostgresInitialValueRaceTests {
    @Test func aDefaultDoesNotReplaceAnotherNodesValueAndAWriteStillDoes() throws {
        let database = try PostgresTestServer.shared().database()
        let first = try StateStore(url: database.url)
        let second = try StateStore(url: database.url)
        let recorded = try first.binding(for: "T/recorded", default: 0)
        let written = try first.binding(for: "T/written", default: 0)
        written.wrappedValue = 3
        try second.binding(for: "T/recorded", default: 0).wrappedValue = 5
        try second.binding(for: "T/written", default: 0).wrappedValue = 6
        try second.flush()

        try first.flush()  // one commit: an initial value and a write
        #expect(try database.psql("SELECT value FROM slots WHERE key = 'T/recorded'") == "5", "the initial value left it")
        #expect(try database.psql("SELECT value FROM slots WHERE key = 'T/written'") == "3", "the last commit wins")
        try first.refreshFromDisk()
        #expect(recorded.wrappedValue == 5)
        #expect(written.wrappedValue == 3)
        first.close()
        second.close()
    }
}
