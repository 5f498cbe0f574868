import Foundation
@testable import StateDB
import Testing

/// `CLIInvalidUTF8Tests` on PostgreSQL: a SQL_ASCII or single-byte database keeps the bytes a
/// hand edit gives it, so a key, type or text value there may not be UTF-8. Nothing is silently
/// changed to U+FFFD: `check` names every such row and how to delete it with psql; a key stops
/// every command that reads keys before it could act on the wrong slot; a text value makes its
/// own slot unreadable; the key suggestions and state migrations pass such a key over.
@Suite(.serialized, .enabled(if: PostgresTestServer.isAvailable, "needs PostgreSQL server binaries (apt-get install postgresql)"))
struct PostgresInvalidUTF8Tests {
    /// The bytes `A/x<FF>y`, and a real slot whose key is what they read as with U+FFFD.
    static let badKeyHex = "412F78FF79"
    static let lookalike = "A/x\u{FFFD}y"
    static let name = "ContentView/name"
    static let deletion = "DELETE FROM slots WHERE convert_to(key, current_setting('server_encoding')) = decode('412F78FF79', 'hex')"

    /// A store in a new database of `encoding` with the look-alike slot, a text slot whose value
    /// a hand edit made `A<FF>B`, and the row under the bad key, written by hand.
    func store(encoding: String) throws -> PostgresTestDatabase {
        let database = try PostgresTestServer.shared().database(encoding: encoding)
        let store = try StateStore(url: database.url)
        _ = try store.binding(for: Self.lookalike, default: "the real one")
        _ = try store.binding(for: Self.name, default: "AB")
        try store.flush()
        store.close()
        // psql speaks the database's own encoding, so `\xff` is the byte 0xFF (`ÿ` in LATIN1).
        try database.psql(#"""
            INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at, version)
                VALUES (E'A/x\xffy', 'A', E'x\xffy', 'Swift.String', 'text', 'bad key', 0, 0, 0, 1);
            UPDATE slots SET value = E'A\xffB' WHERE key = 'ContentView/name';
            """#)
        #expect(try database.psql("SELECT count(*) FROM slots WHERE encode(convert_to(key, '\(encoding)'), 'hex') = '\(Self.badKeyHex.lowercased())'") == "1")
        return database
    }

    @Test(arguments: ["SQL_ASCII", "LATIN1"])
    func checkNamesEveryRowAndHowToDeleteIt(encoding: String) throws {
        let database = try store(encoding: encoding)
        let check = try CLI.run("check", database.url)
        #expect(check.status == 5, "\(check)")
        #expect(check.stdout.contains("\(Self.lookalike): the key is not valid UTF-8 (byte 0xFF at offset 3): no app writes such a key, and statedb cannot name it. With the app stopped, delete it with psql: \(Self.deletion)"), "\(check)")
        #expect(check.stdout.contains("\(Self.name): the text value is not valid UTF-8 (byte 0xFF at offset 1)"), "\(check)")
        #expect(check.stdout.contains("2 problem(s)"), "the look-alike with a real U+FFFD is sound: \(check)")
    }

    @Test(arguments: ["SQL_ASCII", "LATIN1"])
    func aKeyThatIsNotUTF8StopsWhatReadsKeysAndNothingIsWritten(encoding: String) throws {
        let database = try store(encoding: encoding)
        let url = database.url
        let folder = TemporaryDirectory()
        let export = folder.path("export.json")
        try #"{"format": "statedb-export", "formatVersion": 1, "slots": []}"#.write(toFile: export, atomically: false, encoding: .utf8)
        let before = try database.dump()
        let commands: [[String]] = [
            ["export", url], ["inspect", url], ["rm", url, "--prefix", "A"], ["mv", url, "A", "B"],
            ["gc", url, "--unseen-for", "2h"], ["orphans", url], ["import", url, export, "--replace"],
        ]
        for arguments in commands {
            let run = try CLI.run(arguments)
            #expect(run.status == 5, "\(arguments): \(run)")
            #expect(run.stderr.contains("the store holds a key that is not valid UTF-8"), "\(arguments): \(run)")
            #expect(run.stderr.contains("With the app stopped, delete it with psql: \(Self.deletion)"), "\(arguments): \(run)")
            #expect(try database.dump() == before, "\(arguments) wrote nothing")
        }
        #expect(try database.psql("SELECT value FROM slots WHERE key = '\(Self.lookalike)'") == "the real one", "the look-alike slot was never taken for it")
        // A key typed wrong next to it is still just not found: the suggestions pass it over.
        // (Refusing it, as the commands above do, would exit 5.)
        let typo = try CLI.run("get", url, "A/x")
        #expect(typo.status == 1 && typo.stderr.contains("no slot"), "\(typo)")
        #expect(typo.stderr.components(separatedBy: Self.lookalike).count == 2, "the key that can be typed is suggested, once: \(typo)")

        // The statement the message gives deletes exactly that row; then the commands run.
        #expect(try database.psql(Self.deletion + " RETURNING version") == "1")
        #expect(try database.psql("SELECT count(*) FROM slots WHERE starts_with(key, 'A/')") == "1")
        #expect(try CLI.run("rm", url, "--prefix", "A", "--dry-run").stdout.contains(Self.lookalike))
        #expect(try CLI.run("inspect", url).status == 0)
    }

    @Test func aTextValueThatIsNotUTF8IsUnreadableUntilSetAgain() throws {
        let database = try store(encoding: "SQL_ASCII")
        let url = database.url
        try database.psql(Self.deletion)
        let get = try CLI.run("get", url, Self.name)
        #expect(get.status == 5, "\(get)")
        #expect(get.stderr.contains("the text value is not valid UTF-8 (byte 0xFF at offset 1); the app reads it with U+FFFD"), "\(get)")
        let export = try CLI.run("export", url)
        #expect(export.status == 5, "never exported with U+FFFD: \(export)")
        #expect(!export.stdout.contains("A\u{FFFD}B"))
        let before = try database.dump()
        let move = try CLI.run("mv", url, "ContentView", "Moved")
        #expect(move.status == 5, "\(move)")
        #expect(move.stderr.contains("the value of slot \"\(Self.name)\" is not valid UTF-8 (byte 0xFF at offset 1), and copying it would change its bytes"), "\(move)")
        #expect(try database.dump() == before)

        // An import of the text it reads as is a change, not "unchanged": the bytes are rewritten.
        let folder = TemporaryDirectory()
        let file = folder.path("import.json")
        try #"{"format": "statedb-export", "formatVersion": 1, "slots": [{"key": "ContentView/name", "type": "Swift.String", "value": "A\uFFFDB"}]}"#
            .write(toFile: file, atomically: false, encoding: .utf8)
        let imported = try CLI.run("import", url, file)
        #expect(imported.status == 0 && imported.stdout.contains("0 created, 1 updated"), "\(imported)")
        #expect(try database.psql("SELECT encode(convert_to(value, 'SQL_ASCII'), 'hex') FROM slots WHERE key = '\(Self.name)'").contains("efbfbd"),
                "stored as the U+FFFD the file holds, in UTF-8")

        #expect(try CLI.run("set", url, Self.name, #""AB""#).status == 0)
        #expect(try CLI.run("export", url).status == 0)
    }

    /// `set` never writes a type that is not UTF-8 back with U+FFFD.
    @Test func aTypeThatIsNotUTF8IsNotWrittenBackBySet() throws {
        let database = try store(encoding: "LATIN1")
        let url = database.url
        try database.psql(Self.deletion)
        try database.psql(#"""
            INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at, version)
                VALUES ('A/t', 'A', 't', E'Swift.In\xfft', 'integer', '1', 0, 0, 0, 1)
            """#)
        let before = try database.dump()
        let set = try CLI.run("set", url, "A/t", "2")
        #expect(set.status == 5, "\(set)")
        #expect(set.stderr.contains("slot \"A/t\": the type is not valid UTF-8 (byte 0xFF at offset 8)"), "\(set)")
        #expect(try database.dump() == before, "nothing written")
    }

    /// A quarantine entry under such a key is listed by `check` and dropped by its id, but never
    /// restored onto the slot its key reads as, by `quarantine restore` or by a migration.
    @Test func aQuarantinedValueUnderSuchAKeyIsNeverRestored() throws {
        let database = try store(encoding: "SQL_ASCII")
        let url = database.url
        try database.psql(Self.deletion)
        try database.psql(#"""
            INSERT INTO quarantine (key, identity, property, stored_type, expected_type, encoding, value, error, quarantined_at)
                VALUES (E'A/x\xffy', 'A', E'x\xffy', 'Swift.Int', 'Swift.String', 'integer', '5', 'not a String', 1)
            """#)
        let before = try database.dump()
        let restore = try CLI.run("quarantine", "restore", url, "1", "--force")
        #expect(restore.status == 5, "\(restore)")
        #expect(restore.stderr.contains("quarantined value 1 cannot be restored: its key is not valid UTF-8 (byte 0xFF at offset 3)"), "\(restore)")
        #expect(try database.dump() == before)
        let check = try CLI.run("check", url)
        #expect(check.status == 5, "\(check)")
        #expect(check.stdout.contains("quarantined value 1: its key is not valid UTF-8 (byte 0xFF at offset 3), so it names no slot it could be restored to; `statedb quarantine drop` it"), "\(check)")

        // A migration that takes the quarantined Int values back as text passes it over.
        let folder = TemporaryDirectory()
        let file = folder.path("retype.json")
        try #"{ "migrations": [ { "name": "A as text", "retype": { "keys": "A/*", "from": "Swift.Int", "to": "Swift.String" } } ] }"#.write(toFile: file, atomically: false, encoding: .utf8)
        let migrate = try CLI.run("migrate", "up", url, "--app", file)
        #expect(migrate.status == 0, "\(migrate)")
        #expect(try database.psql("SELECT value FROM slots WHERE key = '\(Self.lookalike)'") == "the real one")
        #expect(try database.psql("SELECT count(*) FROM quarantine") == "1")
        #expect(try CLI.run("quarantine", "drop", url, "1").status == 0)
    }

    /// A quarantined text value that is not UTF-8 is listed as unreadable and never restored,
    /// as on SQLite (it was shown with U+FFFD and restored).
    @Test func aQuarantinedTextThatIsNotUTF8IsNeverRestored() throws {
        let database = try store(encoding: "SQL_ASCII")
        let url = database.url
        try database.psql(#"""
            INSERT INTO quarantine (key, identity, property, stored_type, expected_type, encoding, value, error, quarantined_at)
                VALUES ('A/name', 'A', 'name', 'Swift.String', 'Swift.Int', 'text', E'a\xffb', 'not a number', 1)
            """#)
        let listed = try CLI.run("quarantine", url)
        #expect(listed.stdout.contains("#1 A/name: Swift.String (unreadable)"), "\(listed)")
        let before = try database.dump()
        let restore = try CLI.run("quarantine", "restore", url, "1")
        #expect(restore.status == 5, "\(restore)")
        #expect(restore.stderr.contains("the text value is not valid UTF-8 (byte 0xFF at offset 1)"), "\(restore)")
        #expect(try database.dump() == before)
    }

    /// State migrations match keys by the text they read, so a key that is not UTF-8 is left as
    /// it is rather than taken for the slot it reads as.
    @Test func aMigrationLeavesSuchAKeyAlone() throws {
        let database = try store(encoding: "SQL_ASCII")
        let folder = TemporaryDirectory()
        let file = folder.path("fix.json")
        try #"{ "migrations": [ { "name": "A is B", "renameIdentity": { "from": "A", "to": "B" } } ] }"#.write(toFile: file, atomically: false, encoding: .utf8)
        let run = try CLI.run("migrate", "up", database.url, "--app", file)
        #expect(run.status == 0, "\(run)")
        let store = try StateStore(url: database.url)
        #expect(try store.binding(for: "B/x\u{FFFD}y", default: "").wrappedValue == "the real one", "the slot the identity names is moved")
        store.close()
        #expect(try database.psql("SELECT value FROM slots WHERE convert_to(key, 'SQL_ASCII') = decode('\(Self.badKeyHex)', 'hex')") == "bad key")
    }
}
