import Foundation
@testable import StateDB
import Testing

/// A store holding bytes that are not UTF-8 where text belongs (a hand edit, a hostile file):
/// nothing is silently changed to U+FFFD. `check` names every such row and how to mend it; a
/// text value makes its own slot unreadable; a key stops every command that reads keys before
/// it could act on the wrong slot, and says how to delete it.
@Suite struct CLIInvalidUTF8Tests {
    let folder = TemporaryDirectory()
    var path: String { folder.storePath }

    /// The bytes `A/x<FF>y`, and a real slot whose key is what they read as with U+FFFD.
    static let badKeyHex = "412F78FF79"
    static let lookalike = "A/x\u{FFFD}y"

    init() throws {
        try makeSampleStore(at: folder.storePath)
        let store = try StateStore(path: folder.storePath)
        _ = try store.binding(for: Self.lookalike, default: "the real one")
        try store.flush()
        store.close()
        try sqlite(folder.storePath, """
            INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at, version)
                VALUES (CAST(X'\(Self.badKeyHex)' AS TEXT), 'A', CAST(X'78FF79' AS TEXT), 'Swift.String', 'text', 'bad key', 0, 0, 0, 1);
            UPDATE slots SET value = CAST(X'41FF42' AS TEXT) WHERE key = '\(SampleKeys.name)';
            """)
    }

    @Test func checkNamesEveryRowAndHowToMendIt() throws {
        let check = try CLI.run("check", path)
        #expect(check.status == 5, "\(check)")
        #expect(check.stdout.contains("A/x\u{FFFD}y: the key is not valid UTF-8 (byte 0xFF at offset 3): no app writes such a key, and statedb cannot name it. With the app stopped, delete it with the sqlite3 shell: DELETE FROM slots WHERE CAST(key AS BLOB) = X'\(Self.badKeyHex)'"), "\(check)")
        #expect(check.stdout.contains("\(SampleKeys.name): the text value is not valid UTF-8 (byte 0xFF at offset 1)"), "\(check)")
        #expect(check.stdout.contains("2 problem(s)"), "the look-alike with a real U+FFFD is sound: \(check)")
    }

    /// A key that is not UTF-8 whose identity and property do not match it either (they cannot,
    /// written by hand): the key's problem is the one listed, with the statement that deletes
    /// the row, which every command that stops on it points to.
    @Test func checkListsTheKeysProblemBeforeItsPartsMismatch() throws {
        try sqlite(path, "UPDATE slots SET identity = 'Other', property = 'xy' WHERE CAST(key AS BLOB) = X'\(Self.badKeyHex)'")
        let check = try CLI.run("check", path)
        #expect(check.status == 5, "\(check)")
        #expect(check.stdout.contains("A/x\u{FFFD}y: the key is not valid UTF-8 (byte 0xFF at offset 3)"), "\(check)")
        #expect(check.stdout.contains("DELETE FROM slots WHERE CAST(key AS BLOB) = X'\(Self.badKeyHex)'"), "\(check)")
    }

    /// A key stored as a BLOB (`CAST('Old/x' AS BLOB)`): it reads as text, but equals no text,
    /// so no statement by key finds it. `gc` said it deleted it, every time, and `check` said
    /// the store was sound; it is now a key statedb cannot name, like one that is not UTF-8.
    @Test func aKeyStoredAsABlobIsNamedByCheckAndStopsWhatReadsKeys() throws {
        try sqlite(path, """
            DELETE FROM slots WHERE CAST(key AS BLOB) = X'\(Self.badKeyHex)';
            UPDATE slots SET value = 'fixed' WHERE key = '\(SampleKeys.name)';
            INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at)
                VALUES (CAST('Old/x' AS BLOB), 'Old', 'x', 'Swift.Int', 'integer', 7, 0, 0, 0);
            """)
        let check = try CLI.run("check", path)
        #expect(check.status == 5, "\(check)")
        #expect(check.stdout.contains("Old/x: the key is stored as a blob, not as text"), "\(check)")
        let bytes = try fileBytes(path)
        for arguments in [["gc", path, "--unseen-for", "2h"], ["export", path], ["inspect", path]] {
            let run = try CLI.run(arguments)
            #expect(run.status == 5, "\(arguments): \(run)")
            #expect(run.stderr.contains("DELETE FROM slots WHERE CAST(key AS BLOB) = X'4F6C642F78'"), "\(arguments): \(run)")
            #expect(try fileBytes(path) == bytes, "\(arguments) wrote nothing")
        }
        try sqlite(path, "DELETE FROM slots WHERE CAST(key AS BLOB) = X'4F6C642F78'")
        #expect(try CLI.run("check", path).status == 0)

        // A quarantine entry under such a key is not re-keyed by a move (it would be changed).
        try sqlite(path, """
            INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at)
                VALUES ('Old/a', 'Old', 'a', 'Swift.Int', 'integer', 1, 0, 0, 0);
            INSERT INTO quarantine (key, identity, property, stored_type, expected_type, encoding, value, error, quarantined_at)
                VALUES (CAST('Old/q' AS BLOB), 'Old', 'q', 'Swift.Int', 'Swift.String', 'integer', 5, 'e', 0);
            """)
        let move = try CLI.run("mv", path, "Old", "New")
        #expect(move.status == 5, "\(move)")
        #expect(move.stderr.contains("quarantined value 1 under Old has a key that is not valid UTF-8"), "\(move)")
    }

    @Test func aKeyThatIsNotUTF8StopsWhatReadsKeysAndNothingIsWritten() throws {
        let export = folder.path("export.json")
        try #"{"format": "statedb-export", "formatVersion": 1, "slots": []}"#.write(toFile: export, atomically: true, encoding: .utf8)
        let bytes = try fileBytes(path)
        let commands: [[String]] = [
            ["export", path], ["inspect", path], ["rm", path, "--prefix", "A"], ["mv", path, "A", "B"],
            ["gc", path, "--unseen-for", "2h"], ["orphans", path], ["import", path, export, "--replace"],
        ]
        for arguments in commands {
            let run = try CLI.run(arguments)
            #expect(run.status == 5, "\(arguments): \(run)")
            #expect(run.stderr.contains("the store holds a key that is not valid UTF-8"), "\(arguments): \(run)")
            #expect(run.stderr.contains("With the app stopped, delete it with the sqlite3 shell: DELETE FROM slots WHERE CAST(key AS BLOB) = X'\(Self.badKeyHex)'"), "\(arguments): \(run)")
            #expect(try fileBytes(path) == bytes, "\(arguments) wrote nothing")
        }
        #expect(SQLiteProbe(path: path).value(Self.lookalike) == "the real one", "the look-alike slot was never taken for it")
        // A key typed wrong next to it is still just not found: the suggestions pass it over.
        let typo = try CLI.run("get", path, "A/x")
        #expect(typo.status == 1 && typo.stderr.contains("no slot"), "\(typo)")
        #expect(typo.stderr.contains(Self.lookalike), "the key that can be typed is suggested: \(typo)")

        // The statement the message gives deletes exactly that row; then the commands run.
        try sqlite(path, "DELETE FROM slots WHERE CAST(key AS BLOB) = X'\(Self.badKeyHex)'")
        #expect(try CLI.run("rm", path, "--prefix", "A", "--dry-run").stdout.contains(Self.lookalike))
        #expect(try CLI.run("inspect", path).status == 0)
    }

    @Test func aTextValueThatIsNotUTF8IsUnreadableUntilSetAgain() throws {
        try sqlite(path, "DELETE FROM slots WHERE CAST(key AS BLOB) = X'\(Self.badKeyHex)'")
        let get = try CLI.run("get", path, SampleKeys.name)
        #expect(get.status == 5, "\(get)")
        #expect(get.stderr.contains("the text value is not valid UTF-8 (byte 0xFF at offset 1); the app reads it with U+FFFD"), "\(get)")
        let export = try CLI.run("export", path)
        #expect(export.status == 5, "never exported with U+FFFD: \(export)")
        #expect(!export.stdout.contains("A\u{FFFD}B"))
        let bytes = try fileBytes(path)
        let move = try CLI.run("mv", path, "ContentView", "Moved")
        #expect(move.status == 5, "\(move)")
        #expect(move.stderr.contains("the value of slot \"\(SampleKeys.name)\" is not valid UTF-8 (byte 0xFF at offset 1), and copying it would change its bytes"), "\(move)")
        #expect(try fileBytes(path) == bytes)

        #expect(try CLI.run("set", path, SampleKeys.name, #""AB""#).status == 0)
        let again = try CLI.run("export", path)
        #expect(again.status == 0, "\(again)")
        let file = folder.path("export.json")
        try again.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try CLI.run("import", path, file).stdout.contains(" 0 created, 0 updated"), "the export round-trips")
    }

    /// A type that is not UTF-8 makes its slot unreadable; `set` refuses to write the type back
    /// with U+FFFD and says to remove the slot and create it again.
    @Test func aTypeThatIsNotUTF8IsNotWrittenBackBySet() throws {
        try sqlite(path, """
            DELETE FROM slots WHERE CAST(key AS BLOB) = X'\(Self.badKeyHex)';
            INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at, version)
                VALUES ('A/t', 'A', 't', CAST(X'53776966742E496EFF74' AS TEXT), 'integer', 1, 0, 0, 0, 1);
            """)
        let bytes = try fileBytes(path)
        let set = try CLI.run("set", path, "A/t", "2")
        #expect(set.status == 5, "\(set)")
        #expect(set.stderr.contains("slot \"A/t\": the type is not valid UTF-8 (byte 0xFF at offset 8); no app reads this slot. `statedb rm` it, then `statedb set` it with --type"), "\(set)")
        #expect(try fileBytes(path) == bytes, "nothing written")
        #expect(try CLI.run("rm", path, "A/t").status == 0)
        #expect(try CLI.run("set", path, "A/t", "2", "--type", "Int").status == 0)
        #expect(SQLiteProbe(path: path).value("A/t") == "2")
    }

    /// A quarantine entry under such a key is shown, listed by `check` and dropped by its id,
    /// but never restored onto (nor moved with) the slot its key reads as.
    @Test func aQuarantinedValueUnderSuchAKeyIsNotRestored() throws {
        try sqlite(path, """
            DELETE FROM slots WHERE CAST(key AS BLOB) = X'\(Self.badKeyHex)';
            INSERT INTO quarantine (key, identity, property, stored_type, expected_type, encoding, value, error, quarantined_at)
                VALUES (CAST(X'\(Self.badKeyHex)' AS TEXT), 'A', 'x', 'Swift.String', 'Swift.Int', 'text', 'old', 'not an Int', 1);
            """)
        let bytes = try fileBytes(path)
        let refusals: [([String], String)] = [
            (["quarantine", "restore", path, "1", "--force"], "quarantined value 1 cannot be restored: its key is not valid UTF-8 (byte 0xFF at offset 3)"),
            (["mv", path, "A", "B"], "quarantined value 1 under A has a key that is not valid UTF-8"),
        ]
        for (arguments, message) in refusals {
            let run = try CLI.run(arguments)
            #expect(run.status == 5, "\(arguments): \(run)")
            #expect(run.stderr.contains(message) && run.stderr.contains("`statedb quarantine drop` it"), "\(arguments): \(run)")
        }
        #expect(try fileBytes(path) == bytes)
        #expect(SQLiteProbe(path: path).value(Self.lookalike) == "the real one")

        #expect(try CLI.run("quarantine", path).status == 0)
        #expect(try CLI.run("quarantine", "show", path, "1").stdout.contains("value:       \"old\""))
        #expect(try CLI.run("quarantine", "show", path, "2").status == 1, "an id that names nothing is not found")
        let check = try CLI.run("check", path)
        #expect(check.status == 5, "\(check)")
        #expect(check.stdout.contains("quarantined value 1: its key is not valid UTF-8 (byte 0xFF at offset 3), so it names no slot it could be restored to; `statedb quarantine drop` it"), "\(check)")
        #expect(!check.stdout.contains("recover"), "not damage: \(check)")
        #expect(try CLI.run("mv", path, "Settings", "Prefs").status == 0, "entries elsewhere do not stop a move")
        #expect(try CLI.run("quarantine", "drop", path, "1").status == 0)
        #expect(try CLI.run("check", path).status == 5, "the text value of the sample's name is still not UTF-8")
    }

    /// State migrations (here an operator's file; the app's run the same code) match keys by
    /// the text they read, so a key that is not UTF-8 is left as it is rather than taken for
    /// the slot it reads as.
    @Test func aMigrationLeavesSuchAKeyAlone() throws {
        let file = folder.path("fix.json")
        try #"{ "migrations": [ { "name": "A is B", "renameIdentity": { "from": "A", "to": "B" } } ] }"#.write(toFile: file, atomically: true, encoding: .utf8)
        let run = try CLI.run("migrate", "up", path, "--app", file)
        #expect(run.status == 0, "\(run)")
        #expect(SQLiteProbe(path: path).value("B/x\u{FFFD}y") == "the real one", "the slot the identity names is moved")
        #expect(try SQLiteShell.run(path, "SELECT value FROM slots WHERE CAST(key AS BLOB) = X'\(Self.badKeyHex)'") == "bad key")
    }

    /// `recover` copies such rows byte for byte: two keys that read alike with U+FFFD stay
    /// two rows, and identity and property are the key's own bytes.
    @Test func recoverKeepsTheBytes() throws {
        try sqlite(path, """
            INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at, version)
                VALUES (CAST(X'412F78FE79' AS TEXT), 'A', CAST(X'78FE79' AS TEXT), 'Swift.String', 'text', 'other bad key', 0, 0, 0, 1);
            """)
        let output = folder.path("recovered.sqlite")
        let run = try CLI.run("recover", path, output)
        #expect(run.status == 0, "\(run)")
        let rows = try SQLiteShell.run(output, "SELECT hex(key), hex(identity), hex(property), value FROM slots WHERE identity = 'A' OR key LIKE 'A/%' ORDER BY key")
        #expect(rows.split(separator: "\n") == ["412F78EFBFBD79|41|78EFBFBD79|the real one", "412F78FE79|41|78FE79|other bad key", "412F78FF79|41|78FF79|bad key"], "\(rows)")
    }

    /// The validator agrees with the standard library's on every byte string of the
    /// interesting bytes (short ones, and long ones whose ASCII runs go through the eight-byte
    /// path), and says where: the text before the failing sequence is valid.
    @Test func theValidatorAgreesWithTheStandardLibrary() {
        let special: [UInt8] = [0x7F, 0x80, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xA0, 0xED, 0x9F, 0xEF, 0xF0, 0x90, 0xF4, 0x8F, 0xF5, 0xFF]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let ascii = Int.random(in: 0...3, using: &generator) == 0 ? 1 : 12  // ASCII-heavy or not
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                Int.random(in: 0..<(ascii + 1), using: &generator) < ascii ? UInt8(ascii: "a") : special.randomElement(using: &generator)!
            }
            let found = bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalid(in: $0) }
            #expect((found == nil) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
            guard let found else { continue }
            #expect(bytes[found.offset] == found.byte)
            // The failing sequence starts at most three bytes before the byte named, at a
            // byte that is not ASCII, and everything before it is valid.
            let starts = max(0, found.offset - 3)...found.offset
            #expect(starts.contains { start in bytes[start] >= 0x80 && String(validating: bytes[..<start], as: UTF8.self) != nil }, "\(bytes) \(found)")
        }
        let long = Array("a longer run of ASCII text before it: ".utf8) + [0xED, 0xA0, 0x80]
        #expect(long.withUnsafeBufferPointer { UTF8Validation.firstInvalid(in: $0) }?.offset == long.count - 2, "a surrogate's second byte")
        let emoji = Array("ok 😀 and é, eight bytes at a time".utf8)
        #expect(emoji.withUnsafeBufferPointer { UTF8Validation.firstInvalid(in: $0) } == nil)
    }
}
