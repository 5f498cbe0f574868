import Foundation
@testable import StateDB
import Testing

/// A trigger statedb did not create on a store's table would run inside statedb's own writes
/// on PostgreSQL (SQLite's store connections run with triggers off). Writing through such a
/// store is refused, by the app's open and the CLI's writes, naming the trigger and the
/// statement that drops it, with the database left as it was; reading still works and `check`
/// lists it.
@Suite(.serialized, .enabled(if: PostgresTestServer.isAvailable, "needs PostgreSQL server binaries (apt-get install postgresql)"))
struct PostgresForeignTriggerTests {
    /// The operator's reproduction: a trigger that deletes every other slot on an update.
    static let evil = """
        CREATE FUNCTION evil() RETURNS trigger LANGUAGE plpgsql AS $$BEGIN DELETE FROM slots WHERE key <> NEW.key; RETURN NEW; END$$;
        CREATE TRIGGER zz_evil AFTER UPDATE ON slots FOR EACH ROW WHEN (pg_trigger_depth() < 1) EXECUTE FUNCTION evil();
        CREATE TABLE junk(x int);
        """

    @Test func writesAreRefusedUntouchedAndReadsGoOn() throws {
        let database = try PostgresCLITests.store(PostgresCLITests.sample)
        try database.psql(Self.evil)
        let before = try database.dump()

        var run = try CLI.run("set", database.url, "ContentView/count", "7")
        #expect(run.status == 7, "\(run)")
        #expect(run.stderr.contains("trigger zz_evil on slots") && run.stderr.contains("`DROP TRIGGER zz_evil ON slots`")
                    && run.stderr.contains("nothing was written"), "\(run)")
        #expect(run.stderr.split(separator: "\n").count == 1, "one line: \(run)")
        #expect(try CLI.run("rm", database.url, "ContentView/name").status == 7)
        #expect(try CLI.run(["gc", database.url, "--all"]).status != 0)
        let refused = #expect(throws: StateStoreError.self) { try StateStore(url: database.url).close() }
        #expect(refused?.kind == .corrupt && refused?.message.contains("DROP TRIGGER zz_evil ON slots") == true, "\(String(describing: refused))")
        #expect(try database.dump() == before, "every refusal left the database as it was")

        run = try CLI.run("get", database.url, "ContentView/count")
        #expect(run.status == 0 && run.stdout == "3\n", "\(run)")
        #expect(try CLI.run("inspect", database.url).status == 0)
        #expect(try CLI.run("export", database.url).status == 0)
        run = try CLI.run("check", database.url)
        #expect(run.status == 5 && run.stdout.contains("trigger zz_evil is not part of the schema"), "\(run)")
        var readOnly = StateStore.Options()
        readOnly.readOnly = true
        let reader = try StateStore(url: database.url, options: readOnly)
        #expect(try reader.binding(for: "ContentView/count", default: 0).wrappedValue == 3)
        reader.close()

        // Dropped as the message says, the store takes writes again, every slot still there.
        try database.psql("DROP TRIGGER zz_evil ON slots")
        run = try CLI.run("set", database.url, "ContentView/count", "7")
        #expect(run.status == 0, "\(run)")
        #expect(try database.psql("SELECT count(*) FROM slots") == "6")
        let store = try StateStore(url: database.url)
        store.close()
    }

    @Test func rulesAndQuotedNamesAreNamedAsTheyAreDropped() throws {
        let database = try PostgresCLITests.store(PostgresCLITests.sample)
        try database.psql("""
            CREATE FUNCTION audit() RETURNS trigger LANGUAGE plpgsql AS $$BEGIN RETURN NEW; END$$;
            CREATE TABLE junk(x int);
            CREATE TRIGGER on_junk BEFORE INSERT ON junk FOR EACH ROW EXECUTE FUNCTION audit();
            """)
        // A trigger on a table statedb never writes runs for none of its writes.
        #expect(try CLI.run("set", database.url, "ContentView/count", "7").status == 0)
        try database.psql("""
            CREATE TRIGGER "Audit Me" BEFORE INSERT ON quarantine FOR EACH ROW EXECUTE FUNCTION audit();
            CREATE RULE keep AS ON DELETE TO slot_tombstones DO INSTEAD NOTHING;
            """)
        let run = try CLI.run("set", database.url, "ContentView/count", "8")
        #expect(run.status == 7, "\(run)")
        #expect(run.stderr.contains(#"2 triggers or rules statedb did not create (trigger "Audit Me" on quarantine, rule keep on slot_tombstones)"#)
                    && run.stderr.contains(#"`DROP TRIGGER "Audit Me" ON quarantine; DROP RULE keep ON slot_tombstones`"#), "\(run)")
        #expect(try database.psql("SELECT value FROM slots WHERE key = 'ContentView/count'") == "7")
    }
}
