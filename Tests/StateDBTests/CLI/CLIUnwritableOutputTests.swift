import Foundation
import StateDB
import Testing

/// A standard output that cannot be written (`> /dev/full`): the command runs to its end, its
/// change (if it makes one) is made, and one line on standard error says that its report is
/// incomplete, with exit 9; the process never stops half-way.
@Suite struct CLIUnwritableOutputTests {
    let folder = TemporaryDirectory()
    var path: String { folder.storePath }

    init() throws { try makeSampleStore(at: folder.storePath) }

    private func expectReportedOnce(_ run: CLI.Run, _ command: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.status == 9, "\(run)", sourceLocation: sourceLocation)
        #expect(run.stderr == "statedb \(command): cannot write the output (No space left on device); the command ran to its end, and any change it makes was made, but what it printed is incomplete.\n",
                "\(run)", sourceLocation: sourceLocation)
    }

    @Test func aWriteCommandIsMadeAndSaysItsReportIsIncomplete() throws {
        expectReportedOnce(try CLI.run(["set", path, SampleKeys.count, "8"], standardOutput: "/dev/full"), "set")
        #expect(try readBack(path, SampleKeys.count, as: Int.self, default: 0) == 8)
        expectReportedOnce(try CLI.run(["mv", path, "Settings", "Prefs"], standardOutput: "/dev/full"), "mv")
        #expect(try readBack(path, "Prefs/level", as: UInt8.self, default: 0) == 200)
    }

    @Test func readCommandsAndHelpSayTheirOutputIsIncomplete() throws {
        for arguments in [["get", path, SampleKeys.count], ["inspect", path], ["inspect", path, "--json"], ["export", path],
                          ["check", path], ["orphans", path], ["quarantine", path], ["migrate", "status", path], ["get", "--help"]] {
            expectReportedOnce(try CLI.run(arguments, standardOutput: "/dev/full"), arguments[0])
        }
    }

    /// A reader that stops reading (`| head -1`): not a silent death by SIGPIPE after the change
    /// was made, but the same report as any output that cannot be written.
    @Test func aReaderThatGoesAwayIsReportedAsUnwritableOutput() throws {
        try SQLiteShell.run(path, """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
            INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at, version)
            SELECT 'Bulk/Row[id: ' || i || ']/title', 'Bulk/Row[id: ' || i || ']', 'title', 'Swift.String', 'text', 'row ' || i, 0, 0, 0, 1 FROM n;
            """)
        let errors = folder.path("errors.txt")
        let script = "'\(CLI.binary)' mv '\(path)' Bulk Moved 2>'\(errors)' | head -c 1 >/dev/null; echo ${PIPESTATUS[0]}"
        let run = try CLI.runProcess("/bin/bash", ["-c", script])
        #expect(run.stdout == "9\n", "\(run)")
        #expect(try String(contentsOfFile: errors, encoding: .utf8)
                == "statedb mv: cannot write the output (Broken pipe); the command ran to its end, and any change it makes was made, but what it printed is incomplete.\n")
        #expect(try SQLiteShell.run(path, "SELECT count(*) FROM slots WHERE key LIKE 'Moved/%'") == "20000", "the move was made")
    }
}
