import Foundation
@testable import StateDB
import Testing

/// A `-journal` that is not hot — a live writer's in rollback-journal mode, or the one a
/// PERSIST journal keeps after each commit — leaves the store readable in place: commands read
/// the last commit without copying the store. Only a hot journal (its writer gone) needs the
/// private copy of `HotRollbackJournalTests`, and copying a large store costs seconds.
///
/// The commands run with `TMPDIR` pointing nowhere, where a private copy cannot be made: a
/// copy would fail them.
@Suite struct RollbackJournalInPlaceTests {
    let folder = TemporaryDirectory()
    var path: String { folder.storePath }
    let noTemporaryFolder = ["TMPDIR": "/nonexistent/statedb-no-copies-here"]

    init() throws {
        try makeSampleStore(at: path)
    }

    @Test func aLiveWritersJournalIsReadInPlace() throws {
        let shell = try SQLiteShell.session(path)
        defer { shell.kill() }
        shell.send("""
            PRAGMA journal_mode = DELETE;
            BEGIN;
            UPDATE slots SET value = 'uncommitted', encoding = 'text' WHERE key = 'Settings/nickname';
            SELECT 'changed';

            """)
        while let line = shell.readLine(), line != "changed" {}
        #expect(PrivateCopy.hasRollbackJournal(path))
        let run = try CLI.run(["get", path, "Settings/nickname"], environment: noTemporaryFolder)
        #expect(run.status == 0 && !run.stdout.contains("uncommitted"), "\(run)")
    }

    @Test func aPersistentJournalIsReadInPlace() throws {
        try SQLiteShell.run(path, """
            PRAGMA journal_mode = PERSIST;
            UPDATE slots SET value = 'committed', encoding = 'text' WHERE key = 'Settings/nickname';
            """)
        #expect(PrivateCopy.hasRollbackJournal(path), "PERSIST keeps the journal file, with its header zeroed")
        let run = try CLI.run(["get", path, "Settings/nickname"], environment: noTemporaryFolder)
        #expect(run.status == 0 && run.stdout == "\"committed\"\n", "\(run)")
        let check = try CLI.run(["check", path], environment: noTemporaryFolder)
        #expect(check.status == 0, "\(check)")
    }
}
