import Foundation
import StateDB
import Testing

/// The CLI opens stores through the same checks as the app: a link, a FIFO, another user's
/// `-wal`, a store others may read. Every command refuses them with exit 7 and one line, and
/// leaves every file as it was.
struct CLIHostileFileTests {
    let folder = TemporaryDirectory()

    /// One invocation of each command that opens the store.
    func everyCommand(_ store: String) throws -> [[String]] {
        let importFile = folder.path("import.json")
        try Data(#"{"format": "statedb-export", "formatVersion": 1, "slots": []}"#.utf8).write(to: URL(fileURLWithPath: importFile))
        return [
            ["inspect", store], ["get", store, SampleKeys.count], ["set", store, SampleKeys.count, "4"], ["rm", store, SampleKeys.count],
            ["mv", store, "Settings", "Prefs"], ["orphans", store], ["gc", store], ["check", store], ["quarantine", store],
            ["export", store], ["import", store, importFile], ["migrate", "status", store], ["migrate", "up", store],
        ]
    }

    func expectEveryCommandRefuses(_ store: String, mentioning text: String, watching watched: [String] = [],
                                   sourceLocation: SourceLocation = #_sourceLocation) throws {
        let commands = try everyCommand(store)
        let before = StoreFilesSnapshot(store)
        let watchedBefore = watched.map(StoreFilesSnapshot.entry)
        for arguments in commands {
            let run = try CLI.run(arguments)
            #expect(run.status == 7, "\(arguments): \(run)", sourceLocation: sourceLocation)
            #expect(run.stderr.hasPrefix("statedb \(arguments[0]): "), "\(arguments): \(run)", sourceLocation: sourceLocation)
            #expect(run.stderr.contains(text), "\(arguments): \(run)", sourceLocation: sourceLocation)
            #expect(run.stderr.split(separator: "\n").count == 1, "\(arguments): \(run)", sourceLocation: sourceLocation)
            #expect(StoreFilesSnapshot(store) == before, "\(arguments)", sourceLocation: sourceLocation)
            #expect(watched.map(StoreFilesSnapshot.entry) == watchedBefore, "\(arguments)", sourceLocation: sourceLocation)
        }
    }

    @Test(.enabled(if: getuid() == 0, "giving a file to another user takes root"))
    func aWALOfAnotherUserIsRefusedByEveryCommand() throws {
        try makeSampleStore(at: folder.storePath)
        let wal = folder.storePath + "-wal"
        #expect(FileManager.default.createFile(atPath: wal, contents: Data()))
        chmod(wal, 0o666)
        try giveAway(wal)
        try expectEveryCommandRefuses(folder.storePath, mentioning: "state.sqlite-wal, SQLite's file beside the store, belongs to nobody")
    }

    /// An operator looking into a user's state as root is told to run as that user, not to
    /// move the user's store away.
    @Test(.enabled(if: getuid() == 0, "giving a file to another user takes root"))
    func aStoreOfAnotherUserIsRefusedWithHowToOpenItAsItsOwner() throws {
        try makeSampleStore(at: folder.storePath)
        try giveAway(folder.storePath)
        try expectEveryCommandRefuses(folder.storePath, mentioning: "the store file belongs to nobody (uid 65534), not to the user running this, root (uid 0); statedb only uses files of its own user, since their owner can read and rewrite everything written into them. If it is that user's store, open it as that user (for the command-line tool: `sudo -u nobody statedb …`); otherwise move it away, then try again.")
    }

    @Test func aStoreOthersMayReadIsRefusedByEveryCommand() throws {
        try makeSampleStore(at: folder.storePath)
        chmod(folder.storePath, 0o644)
        try expectEveryCommandRefuses(folder.storePath, mentioning: "mode 0644")
    }

    @Test func aLinkToAStoreIsRefusedByEveryCommand() throws {
        let target = folder.path("real.sqlite")
        try makeSampleStore(at: target)
        try FileManager.default.createSymbolicLink(atPath: folder.storePath, withDestinationPath: target)
        try expectEveryCommandRefuses(folder.storePath, mentioning: "symbolic link", watching: [target, target + "-wal", target + "-shm"])
    }

    @Test func aFIFOIsRefusedAtOnce() throws {
        #expect(mkfifo(folder.storePath, 0o600) == 0)
        let before = StoreFilesSnapshot(folder.storePath)
        // Killed after 10 s if it blocks on the FIFO (see HostileFileTests.aFIFOIsRefusedWithoutBlocking).
        let child = try ChildProcess(URL(fileURLWithPath: "/usr/bin/timeout"), ["-s", "KILL", "10", CLI.binary, "inspect", folder.storePath])
        #expect(child.waitForExit() == 7)
        #expect(child.standardError().contains("a FIFO (named pipe), not a regular file"))
        #expect(StoreFilesSnapshot(folder.storePath) == before)
    }
}
