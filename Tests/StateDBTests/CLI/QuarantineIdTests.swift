import Foundation
@testable @_spi(Admin) import StateDB
import Testing

/// A quarantined value is named by its id, so an id names one value for good: a `drop` typed
/// from an old listing can never hit a value set aside since. And `restore` only puts back
/// a value that can be read.
@Suite struct QuarantineIdTests {
    let folder = TemporaryDirectory()
    var path: String { folder.storePath }

    /// The app set aside the Int at `key`: it asks for the slot as a String.
    func quarantine(_ key: String, in path: String) throws {
        do {
            let store = try StateStore(path: path)
            store.diagnosticHandler = { _ in }
            _ = try store.binding(for: key, default: 0)
            store.close()
        }
        let store = try StateStore(path: path)
        store.diagnosticHandler = { _ in }
        _ = try store.binding(for: key, default: "text")
        store.close()
    }

    /// The files once nothing has the store open: the read commands before may have left the
    /// empty -wal and -shm files a read-only connection cannot remove (docs/cli.md, Safety);
    /// the app's next open and close removes them.
    func settledSnapshot(_ path: String) throws -> FileSnapshot {
        try StateStore(path: path).close()
        return FileSnapshot(path)
    }

    func ids(_ path: String) throws -> [Int] {
        try #require(try CLI.run("quarantine", path, "--json").json() as? [[String: Any]]).compactMap { $0["id"] as? Int }
    }

    @Test func anIdIsNeverGivenTwice() throws {
        try quarantine("A/one", in: path)
        try quarantine("A/two", in: path)
        #expect(try ids(path) == [1, 2])
        #expect(try CLI.run("quarantine", "drop", path, "2").status == 0)
        try quarantine("A/three", in: path)
        #expect(try ids(path) == [1, 3], "the dropped id is not given to the next value")

        // `drop 2`, typed from the listing before: the value is gone, and no other is taken for it.
        let before = try settledSnapshot(path)
        let stale = try CLI.run("quarantine", "drop", path, "2")
        #expect(stale.status == 1, "\(stale)")
        #expect(stale.stderr.contains("no quarantined value with id 2"))
        #expect(FileSnapshot(path) == before)
        #expect(try ids(path) == [1, 3])
    }

    /// A store of schema version 4 (the quarantine's ids as a plain INTEGER PRIMARY KEY), with
    /// entries 1, 3 and 7 (others were dropped).
    func makeVersion4Store(_ path: String) throws {
        // Private, as statedb only opens stores only their owner may read.
        _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        let connection = try SQLiteConnection(path: path, mode: .readWriteCreate)
        defer { connection.close() }
        try connection.execute("PRAGMA journal_mode = WAL")
        let migrator = SchemaMigrator(connection: connection, path: path)
        for migration in SchemaMigration.all where migration.version <= 4 { try migrator.apply(migration) }
        for id in [1, 3, 7] {
            try connection.execute("""
                INSERT INTO quarantine (id, key, identity, property, stored_type, expected_type, encoding, value, error, quarantined_at)
                VALUES (\(id), 'Old/v\(id)', 'Old', 'v\(id)', 'Swift.Int', 'Swift.String', 'integer', \(id * 10), 'was an Int', \(id))
                """)
        }
    }

    @Test func theUpgradeKeepsEveryEntryAndItsIdAndNeverGivesAnIdAgain() throws {
        try makeVersion4Store(path)
        let before = try SQLiteShell.run(path, "SELECT * FROM quarantine ORDER BY id")
        #expect(try CLI.run("quarantine", path).status == 7, "the CLI does not migrate behind the operator's back")
        #expect(try CLI.run("migrate", "up", path).status == 0)
        #expect(try SQLiteShell.run(path, "PRAGMA user_version") == String(SchemaMigration.latestVersion))
        #expect(try SQLiteShell.run(path, "SELECT * FROM quarantine ORDER BY id") == before, "rows and ids as they were")
        #expect(try SQLiteShell.run(path, "SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'quarantine'") == "quarantine_by_key")
        #expect(try SQLiteShell.run(path, "EXPLAIN QUERY PLAN SELECT id FROM quarantine WHERE key = 'Old/v3'").contains("quarantine_by_key"))

        #expect(try CLI.run("quarantine", "drop", path, "7").status == 0)
        try quarantine("New/value", in: path)
        #expect(try ids(path) == [1, 3, 8])
    }

    /// A missed id names the ids on each side of it, not every id there is: a quarantine may
    /// hold a million entries, and a typo is usually a digit off.
    @Test func aMissedIdNamesTheIdsNearIt() throws {
        try quarantine("A/seed", in: path)
        // Entries 2…40 beside the app's first, with every multiple of 10 dropped.
        let values = (2...40).filter { $0 % 10 != 0 }.map {
            "(\($0), 'Old/v\($0)', 'Old', 'v\($0)', 'Swift.Int', 'Swift.String', 'integer', \($0), 'was an Int', \($0))"
        }
        try sqlite(path, "INSERT INTO quarantine (id, key, identity, property, stored_type, expected_type, encoding, value, error, quarantined_at) VALUES " + values.joined(separator: ", "))
        let before = try settledSnapshot(path)

        let inAGap = try CLI.run("quarantine", "show", path, "20")
        #expect(inAGap.status == 1, "\(inAGap)")
        #expect(inAGap.stderr.contains("no quarantined value with id 20 (ids near it: 15, 16, 17, 18, 19, 21, 22, 23, 24, 25)"), "\(inAGap)")
        let nearTheStart = try CLI.run("quarantine", "drop", path, "0")
        #expect(nearTheStart.stderr.contains("(ids near it: 1, 2, 3, 4, 5)"), "\(nearTheStart)")
        let pastTheEnd = try CLI.run("quarantine", "restore", path, "1000")
        #expect(pastTheEnd.stderr.contains("(ids near it: 35, 36, 37, 38, 39)"), "\(pastTheEnd)")
        #expect(FileSnapshot(path) == before)

        try sqlite(path, "DELETE FROM quarantine")
        #expect(try CLI.run("quarantine", "show", path, "3").stderr.contains("no quarantined value with id 3 (the quarantine is empty)"))
    }

    @Test func restoreRefusesAValueThatCannotBeRead() throws {
        // A hand edit broke the JSON of a slot; the app set it aside.
        let store = try StateStore(path: path)
        _ = try store.binding(for: "Settings/tags", default: ["a"])
        store.close()
        try sqlite(path, #"UPDATE slots SET value = '["a", ' WHERE key = 'Settings/tags'"#)
        let app = try StateStore(path: path)
        app.diagnosticHandler = { _ in }
        #expect(try app.binding(for: "Settings/tags", default: ["fresh"]).wrappedValue == ["fresh"])
        app.close()
        let check = try CLI.run("check", path)
        #expect(check.stdout.contains("(unreadable)"), "\(check)")

        let before = try settledSnapshot(path)
        for arguments in [["quarantine", "restore", path, "1"], ["quarantine", "restore", path, "1", "--force"]] {
            let run = try CLI.run(arguments)
            #expect(run.status == 5, "\(arguments): \(run)")
            #expect(run.stderr.contains(#"quarantined value 1 of "Settings/tags" cannot be read (the json value does not parse"#), "\(run)")
            #expect(run.stderr.contains("Nothing was written"), "\(run)")
            #expect(run.stderr.split(separator: "\n").count == 1)
            #expect(FileSnapshot(path) == before)
        }
        #expect(try readBack(path, "Settings/tags", as: [String].self, default: []) == ["fresh"])
        #expect(try CLI.run("quarantine", "drop", path, "1").status == 0)
    }

    /// Entries edited by hand: a value out of its standard type's range, a text value that is
    /// not UTF-8 (the listing used to show it with U+FFFD), and one whose identity and property
    /// columns do not match its key. Only the last is restored, with its key's parts.
    @Test func restoreRefusesAValueNoAppCouldReadAndMakesIdentityFromTheKey() throws {
        try StateStore(path: path).close()
        try sqlite(path, """
            INSERT INTO quarantine (key, identity, property, stored_type, expected_type, encoding, value, error, quarantined_at) VALUES
              ('A/level', 'A', 'level', 'Swift.UInt8', 'Swift.String', 'integer', 300, 'e', 0),
              ('A/name', 'A', 'name', 'Swift.String', 'Swift.Int', 'text', CAST(X'61FF62' AS TEXT), 'e', 0),
              ('A/ok', 'X', 'Y', 'Swift.Int', 'Swift.String', 'integer', 5, 'e', 0);
            """)
        let listed = try CLI.run("quarantine", path)
        #expect(listed.stdout.contains("#2 A/name: Swift.String (unreadable)"), "\(listed)")

        let before = try settledSnapshot(path)
        let outOfRange = try CLI.run("quarantine", "restore", path, "1", "--force")
        #expect(outOfRange.status == 5, "\(outOfRange)")
        #expect(outOfRange.stderr.contains(#"quarantined value 1 of "A/level" cannot be restored, as no app could read it in its slot (the stored integer value does not fit Swift.UInt8: 300 is out of range for UInt8"#), "\(outOfRange)")
        let notUTF8 = try CLI.run("quarantine", "restore", path, "2")
        #expect(notUTF8.status == 5, "\(notUTF8)")
        #expect(notUTF8.stderr.contains("the text value is not valid UTF-8 (byte 0xFF at offset 1)"), "\(notUTF8)")
        #expect(FileSnapshot(path) == before)

        #expect(try CLI.run("quarantine", "restore", path, "3").status == 0)
        #expect(try SQLiteShell.run(path, "SELECT identity, property, value FROM slots WHERE key = 'A/ok'") == "A|ok|5")
        #expect(try CLI.run("check", path).status == 0)
    }
}
