import Foundation
import StateDB
import Testing

/// When a command cannot write (another process holds the lock, the disk is full), it says
/// what happened to its own change (nothing was written) and what to do, with the exit code
/// docs/cli.md gives, and leaves the store as it was.
@Suite struct CLIFailureWordsTests {
    let folder = TemporaryDirectory()
    var path: String { folder.storePath }

    init() throws { try makeSampleStore(at: folder.storePath) }

    @Test func aLockHeldPastTheBusyTimeoutExitsNine() throws {
        let shell = try SQLiteShell.session(path)
        shell.send("BEGIN IMMEDIATE;\nSELECT 'locked';\n")
        #expect(try shell.requireLine() == "locked")
        let before = FileSnapshot(path)
        let run = try CLI.run("set", path, SampleKeys.count, "4")
        #expect(FileSnapshot(path) == before)
        shell.send("COMMIT;\n")
        shell.closeInput()
        #expect(shell.waitForExit() == 0)

        #expect(run.status == 9, "docs/cli.md: 9 for a lock held past the timeout; \(run)")
        #expect(run.stderr.contains("locked by another process"), "\(run)")
        #expect(run.stderr.contains("nothing was written"), "\(run)")
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(try readBack(path, SampleKeys.count, as: Int.self, default: 0) == 3)
    }

    /// Runs the CLI under `prlimit --fsize`: no file may grow past `limit` bytes, as on a full
    /// disk (the write fails with EFBIG, which SQLite reports as a disk error). SIGXFSZ, which
    /// the kernel sends along and which kills by default, is set back to its default first, as
    /// a shell's `ulimit -f` leaves it (the test runner may ignore it, and children inherit that).
    func runWithFileSizeLimit(_ limit: Int, _ arguments: [String], stdin: Data) throws -> CLI.Run {
        try CLI.runProcess("/usr/bin/prlimit", ["--fsize=\(limit)", "/usr/bin/env", "--default-signal=XFSZ", CLI.binary] + arguments, stdin: stdin)
    }

    @Test func aFullDiskSaysTheCommandWroteNothingAndToRunItAgain() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit"), "prlimit (util-linux) sets the file-size limit")
        let big = "\"" + String(repeating: "x", count: 4_000_000) + "\""
        let file = folder.path("big.json")
        try JSONSerializationDocument(slots: [["key": "Big/text", "type": "Swift.String", "value": String(repeating: "y", count: 4_000_000)]])
            .write(to: file)
        let before = FileSnapshot(path)
        let cases: [([String], String)] = [
            (["set", path, SampleKeys.name, "-"], big), (["set", path, "Big/text", "-", "--type", "String"], big), (["import", path, file], ""),
        ]
        for (arguments, input) in cases {
            let run = try runWithFileSizeLimit(1_048_576, arguments, stdin: Data(input.utf8))
            #expect(run.status == 8, "\(arguments.first!): \(run.description.prefix(1_000))")
            #expect(run.stderr.contains("the disk is full"), "\(run.stderr)")
            #expect(run.stderr.contains("wrote nothing"), "\(run.stderr)")
            #expect(run.stderr.contains("Free disk space, then run the command again"), "\(run.stderr)")
            #expect(!run.stderr.contains("kept in memory") && !run.stderr.contains("flush"), "words for an app, not a command: \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1)
            #expect(FileSnapshot(path) == before, "the store, and no -wal or -shm left behind")
        }
        #expect(try SQLiteShell.run(path, "PRAGMA integrity_check") == "ok")
        #expect(try readBack(path, SampleKeys.name, as: String.self, default: "") == "line\u{1B}[31m\nbreak")
    }

    /// `export -o` past the space there is: exit 8 ("cannot write", as a store that cannot
    /// be written), no file and no partial file left, the store untouched.
    @Test func anExportOnAFullDiskExitsEightAndLeavesNoFile() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit"), "prlimit (util-linux) sets the file-size limit")
        #expect(try CLI.run(["set", path, "Big/text", "-", "--type", "String"], stdin: "\"" + String(repeating: "x", count: 2_000_000) + "\"").status == 0)
        let before = FileSnapshot(path)
        let output = folder.path("export.json")
        let run = try runWithFileSizeLimit(1_048_576, ["export", path, "-o", output], stdin: Data())
        #expect(run.status == 8, "\(run.description.prefix(1_000))")
        #expect(run.stderr.contains("\(output): cannot write the file (File too large); it was left as it was. Free space"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.contains("partial") }.isEmpty)
        #expect(FileSnapshot(path).bytes == before.bytes)
    }
}
