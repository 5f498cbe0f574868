import Foundation
@_spi(Admin) @testable import StateDB
import Testing

/// Ctrl-C (or SIGTERM) in the middle of a long command removes what the command had made —
/// a `recover`'s private copy and its unfinished new store, an `export -o` file not yet renamed
/// — and the process still ends by the signal, as a shell expects.
@Suite struct CLIInterruptTests {
    let folder = TemporaryDirectory()
    var path: String { folder.storePath }
    /// The commands' `TMPDIR`, where private copies go.
    var temporary: String { folder.path("tmp") }

    /// A store large enough that the commands below run for seconds: the sample store and
    /// `rows` more slots, written with SQL for speed.
    init() throws {
        try makeSampleStore(at: path)
        try SQLiteShell.run(path, """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40000)
            INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at, version)
            SELECT 'Bulk/Row[id: ' || i || ']/title', 'Bulk/Row[id: ' || i || ']', 'title', 'Swift.String', 'text',
                   'row number ' || i, 0, 0, 0, 1 FROM n;
            """)
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
    }

    /// Starts `statedb arguments…` (handing `started` its process id), waits until `running()`
    /// holds (polling), stops the process
    /// (SIGSTOP) so it cannot finish meanwhile, sends `signal`, lets it go on, and returns how
    /// it ended and what it said on standard error.
    /// `ignoring`: a signal the command is started with ignored (`trap '' HUP; exec statedb …`,
    /// as `nohup` does). `standardOutput`: a file for what it prints; `heldOutput`: a pipe read
    /// only once the signal is sent, so a command that prints much blocks on it meanwhile.
    private func interrupt(_ arguments: [String], with signal: Int32, started: (Int32) -> Void = { _ in },
                           standardOutput: String? = nil, heldOutput: Pipe? = nil, ignoring: String? = nil,
                           once running: () -> Bool) throws
        -> (reason: Process.TerminationReason, status: Int32, stderr: String) {
        let process = Process()
        if let ignoring {
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", "trap '' \(ignoring); exec \"$0\" \"$@\"", CLI.binary] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: CLI.binary)
            process.arguments = arguments
        }
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        if let heldOutput {
            process.standardOutput = heldOutput
        } else if let standardOutput {
            _ = FileManager.default.createFile(atPath: standardOutput, contents: nil)
            process.standardOutput = FileHandle(forWritingAtPath: standardOutput)
        } else {
            process.standardOutput = FileHandle.nullDevice
        }
        try process.run()
        let watchdog = Watchdog(process)
        started(process.processIdentifier)
        let collected = PipeCollector(errors.fileHandleForReading)
        let deadline = Date().addingTimeInterval(120)
        while !running() && process.isRunning && Date() < deadline { usleep(1000) }
        let wasRunning = process.isRunning
        kill(process.processIdentifier, SIGSTOP)
        kill(process.processIdentifier, signal)
        kill(process.processIdentifier, SIGCONT)
        let drained = heldOutput.map { PipeCollector($0.fileHandleForReading) }
        process.waitUntilExit()
        _ = drained?.wait()
        watchdog.finish("statedb \(arguments.joined(separator: " ")), interrupted")
        let stderr = String(decoding: collected.wait(), as: UTF8.self)
        #expect(wasRunning, "the command ended before it could be interrupted: \(stderr)")
        return (process.terminationReason, process.terminationStatus, stderr)
    }

    private func contents(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    @Test func anInterruptedRecoverLeavesNeitherItsCopyNorAnUnfinishedStore() throws {
        let before = try fileBytes(path)
        let output = folder.path("recovered.sqlite")
        let ended = try interrupt(["recover", path, output], with: SIGINT) {
            FileManager.default.fileExists(atPath: output)
        }
        #expect(ended.reason == .uncaughtSignal && ended.status == SIGINT, "\(ended)")
        #expect(ended.stderr.contains("statedb: interrupted; removed"), "\(ended.stderr)")
        #expect(ended.stderr.contains(output), "\(ended.stderr)")
        #expect(try contents(temporary) == [], "the private copy was left behind")
        #expect(try contents(folder.url.path).filter { $0.hasPrefix("recovered") } == [])
        #expect(try fileBytes(path) == before)

        // Nothing stands in the way of running it again.
        let again = try CLI.run(["recover", path, output])
        #expect(again.status == 0, "\(again)")
    }

    @Test func aTerminatedExportLeavesNoHiddenPartialFile() throws {
        let output = folder.path("export.json")
        try Data("the previous export\n".utf8).write(to: URL(fileURLWithPath: output))
        let partial = { (try? contents(folder.url.path))?.contains { $0.hasPrefix(".export.json.partial-") } ?? false }
        let ended = try interrupt(["export", path, "-o", output], with: SIGTERM, once: partial)
        #expect(ended.reason == .uncaughtSignal && ended.status == SIGTERM, "\(ended)")
        #expect(ended.stderr.contains("statedb: terminated (SIGTERM); removed"), "\(ended.stderr)")
        #expect(!partial(), "the partial export was left behind")
        #expect(String(decoding: try fileBytes(output), as: UTF8.self) == "the previous export\n")
    }

    @Test func aCommandThatMadeNothingJustSaysItWasInterrupted() throws {
        // `check` of a store without a hot -wal reads it in place: nothing of its own to remove.
        // Interrupted once its second thread (the one that waits for signals) is there.
        var pid: Int32 = 0
        let ended = try interrupt(["check", path], with: SIGINT, started: { pid = $0 }) {
            ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task"))?.count ?? 0) >= 2
        }
        #expect(ended.reason == .uncaughtSignal && ended.status == SIGINT, "\(ended)")
        #expect(ended.stderr.hasSuffix("statedb: interrupted.\n"), "\(ended.stderr)")
    }

    /// After the commit, while `rm --prefix` prints what it deleted: the change stands, and
    /// the message says so rather than let the operator think it rolled back.
    ///
    /// It prints into a pipe nobody reads until the signal is sent: it blocks once the pipe is
    /// full (the 40,000 keys are ~1 MB), so it is surely still printing. Printing to a file,
    /// it could finish before the test saw it begin, on a busy machine.
    @Test func aSignalAfterTheCommitSaysTheChangeStands() throws {
        let printed = Pipe()
        let ended = try interrupt(["rm", path, "--prefix", "Bulk"], with: SIGINT, heldOutput: printed) {
            var hasPrinted = pollfd(fd: printed.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
            return poll(&hasPrinted, 1, 0) == 1
        }
        #expect(ended.reason == .uncaughtSignal && ended.status == SIGINT, "\(ended)")
        #expect(ended.stderr.hasSuffix("statedb: interrupted after its change was committed: the change stands, and what it printed is incomplete.\n"), "\(ended.stderr)")
        #expect(try SQLiteShell.run(path, "SELECT count(*) FROM slots WHERE key LIKE 'Bulk/%'") == "0")
    }

    /// A store taken out of WAL mode is switched back before `migrate up` migrates it: an
    /// interrupted migration then leaves no hot rollback journal, which would lock every reader
    /// out until a writer played it back.
    @Test func anInterruptedMigrationOfAStoreOutOfWALModeLeavesItReadable() throws {
        let old = folder.path("old.sqlite")
        try CLIMigrateUpTests.makeVersion5Store(at: old, dates: 50_000)
        try sqlite(old, "PRAGMA journal_mode = DELETE")
        let printed = folder.path("migrate.txt")
        let ended = try interrupt(["migrate", "up", old], with: SIGINT, standardOutput: printed) {
            (try? String(contentsOfFile: printed, encoding: .utf8))?.contains("backup: ") == true
        }
        #expect(ended.reason == .uncaughtSignal && ended.status == SIGINT, "\(ended)")
        #expect(!PrivateCopy.hasRollbackJournal(old), "a rollback journal was left")
        let status = try CLI.run(["migrate", "status", old])
        #expect(status.status == 0 && status.stdout.contains("schema: version 5 of"), "\(status)")
        #expect(try SQLiteShell.run(old, "SELECT count(*) FROM slots WHERE value = '817840372.44'") == "50000", "rolled back whole")
    }

    /// A signal ignored when the command started (`nohup`) stays ignored: the command goes on
    /// to its end.
    @Test func aSignalTheCommandWasStartedIgnoringIsIgnored() throws {
        let output = folder.path("recovered.sqlite")
        let ended = try interrupt(["recover", path, output], with: SIGHUP, ignoring: "HUP") {
            FileManager.default.fileExists(atPath: output)
        }
        #expect(ended.reason == .exit && ended.status == 0, "\(ended)")
        #expect(try SQLiteShell.run(output, "SELECT count(*) FROM slots WHERE key LIKE 'Bulk/%'") == "40000")
    }
}
