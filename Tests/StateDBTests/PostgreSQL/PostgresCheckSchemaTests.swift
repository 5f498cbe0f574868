import Foundation
@testable import StateDB
import Testing

/// `statedb check` on PostgreSQL compares the schema's objects with what the migrations create
/// and lists the missing, changed and extra ones in the words and with the exit code it uses
/// for a file.
@Suite(.serialized, .enabled(if: PostgresTestServer.isAvailable, "needs PostgreSQL server binaries (apt-get install postgresql)"))
struct PostgresCheckSchemaTests {
    static func differences(_ run: CLI.Run) throws -> [String] {
        let report = try #require(try run.json() as? [String: Any])
        let differences = report["schemaDifferences"] as? [[String: Any]] ?? []
        return differences.map { "\($0["difference"] ?? "") \($0["type"] ?? "") \($0["name"] ?? "")" }
    }

    @Test func aForeignTriggerFunctionAndTableAreListedAsExtra() throws {
        let database = try PostgresCLITests.store(PostgresCLITests.sample)
        var run = try CLI.run("check", database.url)
        #expect(run.status == 0 && run.stdout.contains("tables, indexes, triggers: ok"), "\(run)")
        try database.psql("""
            CREATE FUNCTION evil() RETURNS trigger LANGUAGE plpgsql AS $$BEGIN DELETE FROM slots WHERE key <> NEW.key; RETURN NEW; END$$;
            CREATE TRIGGER zz_evil AFTER UPDATE ON slots FOR EACH ROW WHEN (pg_trigger_depth() < 1) EXECUTE FUNCTION evil();
            CREATE TABLE junk(x int);
            CREATE VIEW peek AS SELECT key FROM slots;
            """)
        run = try CLI.run("check", database.url)
        #expect(run.status == 5, "\(run)")
        #expect(run.stdout.contains("""
              tables, indexes, triggers: 4 difference(s)
                function evil() is not part of the schema
                table junk is not part of the schema
                view peek is not part of the schema
                trigger zz_evil is not part of the schema
            """), "\(run)")
        #expect(!run.stdout.contains("The store is damaged"), "extra objects are not damage, as on a file: \(run)")
        run = try CLI.run("check", database.url, "--json")
        #expect(try Self.differences(run) == ["extra function evil()", "extra table junk", "extra view peek", "extra trigger zz_evil"], "\(run)")
    }

    @Test func missingAndChangedObjectsOfOursAreDamage() throws {
        let database = try PostgresCLITests.store(PostgresCLITests.sample)
        try database.psql("""
            DROP INDEX slots_by_key_bytes;
            DROP TRIGGER slots_tombstone ON slots;
            CREATE OR REPLACE FUNCTION statedb_stamp_slot() RETURNS trigger LANGUAGE plpgsql AS $$BEGIN RETURN NEW; END$$;
            ALTER TABLE quarantine ADD COLUMN note text;
            ALTER TABLE slots DISABLE TRIGGER slots_stamp_insert;
            """)
        let run = try CLI.run("check", database.url, "--json")
        #expect(run.status == 5, "\(run)")
        #expect(try Self.differences(run) == [
            "changed table quarantine", "changed trigger slots_stamp_insert", "changed function statedb_stamp_slot()",
            "missing index slots_by_key_bytes", "missing trigger slots_tombstone",
        ], "\(run)")
        let plain = try CLI.run("check", database.url)
        #expect(plain.stdout.contains("    index slots_by_key_bytes is missing") && plain.stdout.contains("    function statedb_stamp_slot() differs from this build's definition"), "\(plain)")
        #expect(plain.stdout.contains("The store is damaged"), "\(plain)")
    }
}
