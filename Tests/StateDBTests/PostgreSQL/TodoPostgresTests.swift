import Foundation
import Testing

/// The `todo` example with `--store URL`: what one process does on a PostgreSQL database, the
/// next process shows.
@Suite(.serialized, .enabled(if: PostgresTestServer.isAvailable, "needs PostgreSQL server binaries (apt-get install postgresql)"))
struct TodoPostgresTests {
    @Test func aSecondRunOnTheSameDatabaseShowsWhatTheFirstDid() throws {
        let database = try PostgresTestServer.shared().database()
        let first = try TodoBinary.run(["--store", database.url], input: "add Buy milk\nadd Call mom\ntoggle 2\nquit\n")
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.output.hasSuffix("Saved in \(database.url)\nRun todo again to find it as you left it, or look inside: swift run statedb inspect \(database.url)\n"))
        #expect(try database.psql("SELECT count(*) > 0 FROM slots") == "t", "the items are rows on the server")

        let second = try TodoBinary.run(["--store", database.url], input: "quit\n")
        #expect(second.status == 0, "\(second.errors)")
        let items = second.output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("[ ] ") || $0.hasPrefix("[x] ") }
        #expect(items.contains { $0.hasPrefix("[ ] 1. Buy milk") }, "\(second.output)")
        #expect(items.contains { $0.hasPrefix("[x] 2. Call mom") }, "\(second.output)")
        #expect(second.output.contains("stored in \(database.url)"))
    }

    @Test func aDatabaseThatIsNotAStoreIsRefusedUntouched() throws {
        let database = try PostgresTestServer.shared().database()
        try database.psql("CREATE TABLE invoices (id int PRIMARY KEY); INSERT INTO invoices VALUES (1)")
        let before = try database.dump()
        let run = try TodoBinary.run(["--store", database.url], input: "add Buy milk\nquit\n")
        #expect(run.status == 1)
        #expect(run.errors.hasPrefix("todo: cannot open the store: "), "\(run.errors)")
        #expect(try database.dump() == before)
    }
}
