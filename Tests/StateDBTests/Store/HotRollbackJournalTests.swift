import Foundation
@testable import StateDB
import Testing

/// A store in rollback-journal mode whose writer stopped in the middle of a transaction (a
/// sqlite3 shell killed there): its `-journal` holds the pages of the last commit, and the
/// file the unfinished transaction's. Readers cannot read it without playing the journal back,
/// a write; the next writer does that, and `recover` does it on its copy.
@Suite struct HotRollbackJournalTests {
    let folder = TemporaryDirectory()
    var path: String { folder.storePath }

    /// The sample store with `rows` more slots, in DELETE journal mode, and a sqlite3 shell
    /// killed (SIGKILL) in the middle of a transaction that changed every one of them.
    init() throws {
        try makeSampleStore(at: path)
        try SQLiteShell.run(path, """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
            INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at, version)
            SELECT 'Bulk/Row[id: ' || i || ']/title', 'Bulk/Row[id: ' || i || ']', 'title', 'Swift.String', 'text', 'row ' || i, 0, 0, 0, 1 FROM n;
            PRAGMA journal_mode = DELETE;
            """)
        let shell = Process()
        shell.executableURL = try SQLiteShell.executable()
        shell.arguments = ["-batch", path]
        let input = Pipe(), output = Pipe()
        shell.standardInput = input
        shell.standardOutput = output
        try shell.run()
        // A small page cache makes the changed pages go to the file before the commit.
        input.fileHandleForWriting.write(Data("""
            PRAGMA cache_size = 10;
            BEGIN;
            UPDATE slots SET value = value || ' uncommitted' WHERE key LIKE 'Bulk/%';
            SELECT 'changed';

            """.utf8))
        var printed = Data()
        while !String(decoding: printed, as: UTF8.self).contains("changed") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed.append(chunk)
        }
        kill(shell.processIdentifier, SIGKILL)
        shell.waitUntilExit()
        #expect(PrivateCopy.hasRollbackJournal(path))
    }

    @Test func aReadOnlyCommandSaysWhatToDoAndWritesNothing() throws {
        let before = try fileBytes(path), journal = try fileBytes(path + "-journal")
        let run = try CLI.run(["get", path, "Bulk/Row[id: 5]/title"])
        #expect(run.status == 7, "\(run)")
        #expect(run.stderr.contains("state.sqlite-journal holds the unfinished transaction of a writer that stopped in the middle of it"), "\(run)")
        #expect(run.stderr.contains("Open the store for writing once"), "\(run)")
        #expect(try fileBytes(path) == before && fileBytes(path + "-journal") == journal)
    }

    @Test func recoverPlaysTheJournalBackOnItsCopy() throws {
        let before = try fileBytes(path), journal = try fileBytes(path + "-journal")
        let output = folder.path("recovered.sqlite")
        let run = try CLI.run(["recover", path, output])
        #expect(run.status == 0, "\(run)")
        #expect(try SQLiteShell.run(output, "SELECT count(*) FROM slots WHERE key LIKE 'Bulk/%' AND value NOT LIKE '% uncommitted'") == "20000")
        #expect(try fileBytes(path) == before && fileBytes(path + "-journal") == journal)
    }

    @Test func theAppOpensItAndSeesTheLastCommit() throws {
        let store = try StateStore(path: path)
        #expect(try store.binding(for: "Bulk/Row[id: 5]/title", default: "").wrappedValue == "row 5")
        store.close()
        #expect(!PrivateCopy.hasRollbackJournal(path), "the app's open played it back")
        let run = try CLI.run(["get", path, "Bulk/Row[id: 5]/title"])
        #expect(run.status == 0 && run.stdout == "\"row 5\"\n", "\(run)")
    }

    /// `migrate up` writes, so it plays the journal back as the app's open does (and then has
    /// nothing to do); `migrate status` only reads, and refuses it saying so.
    @Test func migrateUpPlaysItBackAndStatusRefusesIt() throws {
        let status = try CLI.run(["migrate", "status", path])
        #expect(status.status == 7 && status.stderr.contains("-journal holds the unfinished transaction"), "\(status)")
        let up = try CLI.run(["migrate", "up", path])
        #expect(up.status == 0 && up.stdout.hasPrefix("nothing to do"), "\(up)")
        #expect(!PrivateCopy.hasRollbackJournal(path))
        #expect(try CLI.run(["get", path, "Bulk/Row[id: 7]/title"]).stdout == "\"row 7\"\n")
    }
}
