import Foundation
@testable import StateDB
import Testing

/// Files that are not what they seem: another user's file (or `-wal`) planted in a shared
/// folder, files others may read or write, links, FIFOs, devices and hard links. Each is
/// refused with one line before SQLite opens anything, and left exactly as it was: bytes, mode,
/// owner, no file created beside it, no link followed.
struct HostileFileTests {
    /// Opens `path`, expects a refusal of `kind` that mentions `text`, and checks that nothing
    /// at `path`, beside it, or in `watched` (a link's target) changed.
    @discardableResult
    func expectRefusal(_ path: String, _ kind: StateStoreError.Kind = .unsafeFile, mentioning text: String,
                       watching watched: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) -> StateStoreError? {
        let before = StoreFilesSnapshot(path)
        let watchedBefore = watched.map(StoreFilesSnapshot.entry)
        let error = #expect(throws: StateStoreError.self, sourceLocation: sourceLocation) { try StateStore(path: path) }
        #expect(error?.kind == kind, "\(String(describing: error))", sourceLocation: sourceLocation)
        if let description = error?.description {
            #expect(description.contains(text), "\(description)", sourceLocation: sourceLocation)
            #expect(description.hasPrefix(path + ": "), sourceLocation: sourceLocation)
            #expect(!description.contains("\n"), sourceLocation: sourceLocation)
        }
        #expect(StoreFilesSnapshot(path) == before, sourceLocation: sourceLocation)
        #expect(watched.map(StoreFilesSnapshot.entry) == watchedBefore, "\(watched)", sourceLocation: sourceLocation)
        return error
    }

    /// A closed store with a value, mode 0600, nothing beside it.
    func makeStore(_ path: String) throws {
        let store = try StateStore(path: path)
        try store.binding(for: "Hostile/value", default: 0).wrappedValue = 7
        store.close()
    }

    func readValue(_ path: String) throws -> Int {
        let store = try StateStore(path: path)
        defer { store.close() }
        return try store.binding(for: "Hostile/value", default: 0).wrappedValue
    }

    // MARK: - Owner and mode

    @Test(.enabled(if: getuid() == 0, "giving a file to another user takes root"))
    func aStoreOfAnotherUserIsRefused() throws {
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath)
        try giveAway(folder.storePath)
        expectRefusal(folder.storePath, mentioning: "belongs to nobody (uid 65534)")
    }

    @Test(.enabled(if: getuid() == 0, "giving a file to another user takes root"))
    func anEmptyFileOfAnotherUserIsNeverAdopted() throws {
        // The shared-folder attack: another user creates the store's name first, world-writable.
        let folder = TemporaryDirectory()
        #expect(FileManager.default.createFile(atPath: folder.storePath, contents: Data()))
        chmod(folder.storePath, 0o666)
        try giveAway(folder.storePath)
        expectRefusal(folder.storePath, mentioning: "belongs to nobody")
    }

    @Test func aStoreOtherUsersMayReadOrWriteIsRefused() throws {
        for mode: mode_t in [0o644, 0o640, 0o604, 0o660, 0o606, 0o622, 0o666] {
            let folder = TemporaryDirectory()
            try makeStore(folder.storePath)
            chmod(folder.storePath, mode)
            let error = expectRefusal(folder.storePath, mentioning: "mode 0\(String(mode, radix: 8))")
            #expect(error?.message.contains("chmod 600") == true)
            chmod(folder.storePath, 0o600)
            #expect(try readValue(folder.storePath) == 7, "after chmod 600 the store opens as before")
        }
    }

    @Test func anEmptyFileOfOursIsMadePrivateBeforeTheFirstByte() throws {
        let folder = TemporaryDirectory()
        #expect(FileManager.default.createFile(atPath: folder.storePath, contents: Data()))
        chmod(folder.storePath, 0o666)
        let store = try StateStore(path: folder.storePath)
        #expect(modeOf(folder.storePath) == 0o600)
        try store.binding(for: "Hostile/value", default: 0).wrappedValue = 3
        store.close()
        #expect(modeOf(folder.storePath) == 0o600)
        #expect(try readValue(folder.storePath) == 3)
    }

    @Test func aNewStoreIsPrivateWhateverTheUmask() throws {
        let folder = TemporaryDirectory()
        let previous = umask(0)
        defer { umask(previous) }
        let store = try StateStore(path: folder.storePath)
        #expect(modeOf(folder.storePath) == 0o600)
        store.close()
    }

    // MARK: - Files beside the store

    @Test(.enabled(if: getuid() == 0, "giving a file to another user takes root"),
          arguments: ["-wal", "-shm", "-journal"])
    func aSideFileOfAnotherUserIsRefused(suffix: String) throws {
        // Planted before the app runs, world-writable so that the app could write into it.
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath)
        let side = folder.storePath + suffix
        #expect(FileManager.default.createFile(atPath: side, contents: Data()))
        chmod(side, 0o666)
        try giveAway(side)
        expectRefusal(folder.storePath, mentioning: "state.sqlite\(suffix), SQLite's file beside the store, belongs to nobody")
    }

    @Test(arguments: ["-wal", "-shm", "-journal"])
    func aSideFileOthersMayReadIsRefused(suffix: String) throws {
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath)
        let side = folder.storePath + suffix
        #expect(FileManager.default.createFile(atPath: side, contents: Data()))
        chmod(side, 0o644)
        expectRefusal(folder.storePath, mentioning: "state.sqlite\(suffix), SQLite's file beside the store, is readable or writable by other users (mode 0644)")
    }

    @Test(arguments: ["-wal", "-shm", "-journal"])
    func aSideFileThatIsALinkIsRefusedAndNotFollowed(suffix: String) throws {
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath)
        let victim = folder.path("victim")
        try FileManager.default.createSymbolicLink(atPath: folder.storePath + suffix, withDestinationPath: victim)
        expectRefusal(folder.storePath, mentioning: "state.sqlite\(suffix), SQLite's file beside the store, is a symbolic link", watching: [victim])
        #expect(!FileManager.default.fileExists(atPath: victim))
    }

    // MARK: - Links

    @Test func aDanglingLinkIsRefusedAndItsTargetNeverCreated() throws {
        let folder = TemporaryDirectory()
        let target = folder.path("elsewhere.sqlite")
        try FileManager.default.createSymbolicLink(atPath: folder.storePath, withDestinationPath: target)
        expectRefusal(folder.storePath, mentioning: "the path is a symbolic link", watching: [target])
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect(StoreFilesSnapshot(folder.storePath).folderListing == ["state.sqlite"])
    }

    @Test func aLinkToAnEmptyFileIsRefusedAndTheFileStaysEmpty() throws {
        let folder = TemporaryDirectory()
        let target = folder.path("notes.txt")
        #expect(FileManager.default.createFile(atPath: target, contents: Data()))
        try FileManager.default.createSymbolicLink(atPath: folder.storePath, withDestinationPath: target)
        expectRefusal(folder.storePath, mentioning: "symbolic link", watching: [target])
        #expect(FileManager.default.contents(atPath: target) == Data())
    }

    @Test func aLinkToAStoreIsRefused() throws {
        let folder = TemporaryDirectory()
        let target = folder.path("real.sqlite")
        try makeStore(target)
        try FileManager.default.createSymbolicLink(atPath: folder.storePath, withDestinationPath: target)
        expectRefusal(folder.storePath, mentioning: "symbolic link", watching: [target, target + "-wal", target + "-shm"])
        #expect(try readValue(target) == 7, "the store itself opens by its own name")
    }

    @Test func aHardLinkedStoreIsRefusedUnderEitherName() throws {
        // Each name would get its own -wal: two writers through two names corrupt the file.
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath)
        let other = folder.path("other-name.sqlite")
        #expect(link(folder.storePath, other) == 0)
        expectRefusal(folder.storePath, mentioning: "has 2 names (hard links)")
        expectRefusal(other, mentioning: "has 2 names (hard links)")
        #expect(unlink(other) == 0)
        #expect(try readValue(folder.storePath) == 7)
    }

    // MARK: - Not a regular file

    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        let folder = TemporaryDirectory()
        #expect(mkfifo(folder.storePath, 0o600) == 0)
        let before = StoreFilesSnapshot(folder.storePath)
        // In a child process, under `timeout -s KILL`: an open that blocks on the FIFO is killed
        // (SIGKILL: a child started from a test thread may inherit a mask that blocks SIGTERM).
        let child = try ChildProcess(URL(fileURLWithPath: "/usr/bin/timeout"),
                                     ["-s", "KILL", "10", try TestHelper.executable().path, "open", folder.storePath])
        let line = try child.requireLine()
        #expect(line.hasPrefix("refused unsafeFile: "), "\(line)")
        #expect(line.contains("a FIFO (named pipe), not a regular file"), "\(line)")
        #expect(child.waitForExit() == 0)
        #expect(StoreFilesSnapshot(folder.storePath) == before)
    }

    @Test func aSocketIsRefused() throws {
        let folder = TemporaryDirectory()
        let socketPath = folder.path("s.sqlite")
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(socketPath.utf8)
        try #require(bytes.count < MemoryLayout.size(ofValue: address.sun_path))
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0)
        expectRefusal(socketPath, mentioning: "a socket, not a regular file")
    }

    @Test func aDeviceIsRefusedAndNothingIsCreatedBesideIt() throws {
        let beside = ["-journal", "-wal", "-shm"].map { "/dev/null" + $0 }
        let before = beside.map(StoreFilesSnapshot.entry)
        let error = #expect(throws: StateStoreError.self) { try StateStore(path: "/dev/null") }
        #expect(error?.kind == .unsafeFile)
        #expect(error?.message.contains("a character device, not a regular file") == true, "\(String(describing: error))")
        #expect(beside.map(StoreFilesSnapshot.entry) == before, "no /dev/null-journal or -wal created")
        #expect(StoreFilesSnapshot.entry("/dev/null")?.type == S_IFCHR)
    }

    // MARK: - A file planted while SQLite opens the store

    /// SQLite opens the `-wal` by name with `O_CREAT`, after statedb's first check. A `-wal`
    /// planted in between is caught by the check after SQLite's open, and the connection is
    /// closed without a checkpoint: nothing in the planted file reaches the store, nothing is
    /// written into it.
    ///
    /// To make the moment reproducible, another connection holds an exclusive lock on a
    /// rollback-journal database (an empty SQLite database, which statedb adopts), so the
    /// store's first read waits in SQLite's busy handler; the `-wal` is planted then, and the
    /// lock released.
    @Test func aWALPlantedWhileSQLiteOpensTheStoreIsCaughtBeforeAnythingIsWritten() throws {
        let folder = TemporaryDirectory()
        let path = folder.storePath
        let setup = try SQLiteConnection(path: path, mode: .readWriteCreate)
        try setup.execute("VACUUM")
        setup.close()
        chmod(path, 0o600)
        let storeBytes = try #require(FileManager.default.contents(atPath: path))

        let locker = try SQLiteConnection(path: path, mode: .readWrite)
        try locker.execute("BEGIN EXCLUSIVE")
        let outcome = OpenOutcome()
        let opened = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var options = StateStore.Options()
            options.busyTimeoutMilliseconds = 30_000
            do {
                outcome.store = try StateStore(path: path, options: options)
            } catch {
                outcome.error = error
            }
            opened.signal()
        }
        Thread.sleep(forTimeInterval: 1.5)  // the open is waiting for the lock by now
        #expect(FileManager.default.createFile(atPath: path + "-wal", contents: Data()))
        chmod(path + "-wal", 0o666)  // what another user must do for us to write into it
        if getuid() == 0 { try giveAway(path + "-wal") }
        try locker.execute("ROLLBACK")
        locker.close()
        #expect(opened.wait(timeout: .now() + 60) == .success)

        outcome.store?.close()
        let error = try #require(outcome.error as? StateStoreError, "the store opened with a planted -wal")
        #expect(error.kind == .unsafeFile)
        #expect(error.message.contains("while the store was being opened, state.sqlite-wal"), "\(error)")
        #expect(error.message.contains(getuid() == 0 ? "belongs to nobody" : "mode 0666"), "\(error)")
        #expect(FileManager.default.contents(atPath: path) == storeBytes, "the store is as it was")
        #expect(FileManager.default.contents(atPath: path + "-wal") == Data(), "nothing was written into the planted -wal")
    }
}

/// What the background open of `aWALPlantedWhileSQLiteOpensTheStoreIsCaughtBeforeAnythingIsWritten`
/// ended with; written by that thread before it signals, read after.
private final class OpenOutcome: @unchecked Sendable {
    var store: StateStore?
    var error: Error?
}
