import Foundation
import StateDB
import Testing

/// `statedb export -o FILE` holds every value of a private store, so the file is private too
/// (0600, whatever it was and whatever the umask); `-o -` is standard output; a link, a FIFO
/// or a device at FILE is refused and left as it was, never written through or replaced.
struct CLIExportSafetyTests {
    let folder = TemporaryDirectory()

    /// `statedb arguments…` run inside the test's folder, so a relative path lands there.
    func runInFolder(_ arguments: [String]) throws -> CLI.Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = arguments
        process.currentDirectoryURL = folder.url
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let watchdog = Watchdog(process)
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.finish("statedb \(arguments.joined(separator: " "))")
        return CLI.Run(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }

    /// The folder's names, without the `-wal` and `-shm` a read leaves beside the store.
    func listing() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
            .filter { $0 != "state.sqlite-wal" && $0 != "state.sqlite-shm" }.sorted()
    }

    func isExport(_ data: Data?) -> Bool {
        guard let data, let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return false }
        return object["format"] as? String == "statedb-export" && (object["slots"] as? [Any])?.count == 9
    }

    @Test func aNewExportIsPrivate() throws {
        try makeSampleStore(at: folder.storePath)
        let file = folder.path("state.json")
        let run = try CLI.run("export", folder.storePath, "-o", file)
        #expect(run.status == 0, "\(run)")
        #expect(modeOf(file) == 0o600)
        #expect(isExport(FileManager.default.contents(atPath: file)))
        #expect(try listing() == ["state.json", "state.sqlite"], "no temporary file left")
    }

    @Test func anExistingExportIsReplacedPrivate() throws {
        try makeSampleStore(at: folder.storePath)
        for mode: mode_t in [0o600, 0o644, 0o666] {
            let file = folder.path("state-\(String(mode, radix: 8)).json")
            #expect(FileManager.default.createFile(atPath: file, contents: Data("old".utf8)))
            chmod(file, mode)
            let run = try CLI.run("export", folder.storePath, "-o", file)
            #expect(run.status == 0, "\(run)")
            #expect(modeOf(file) == 0o600, "was \(String(mode, radix: 8))")
            #expect(isExport(FileManager.default.contents(atPath: file)))
        }
    }

    @Test func dashIsStandardOutput() throws {
        try makeSampleStore(at: folder.storePath)
        let run = try runInFolder(["export", folder.storePath, "-o", "-"])
        #expect(run.status == 0, "\(run)")
        #expect(isExport(Data(run.stdout.utf8)), "\(run)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("-")), "no file named -")
        #expect(try listing() == ["state.sqlite"])
    }

    @Test func aLinkIsNeitherFollowedNorReplaced() throws {
        try makeSampleStore(at: folder.storePath)
        let victim = folder.path("victim.txt")
        #expect(FileManager.default.createFile(atPath: victim, contents: Data("keep me".utf8)))
        let dangling = folder.path("dangling.json"), linked = folder.path("linked.json")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: folder.path("created.json"))
        try FileManager.default.createSymbolicLink(atPath: linked, withDestinationPath: victim)
        let before = try listing()
        for file in [dangling, linked] {
            let run = try CLI.run("export", folder.storePath, "-o", file)
            #expect(run.status == 2, "\(run)")
            #expect(run.stderr.contains("is a symbolic link; statedb does not write through links or replace them"), "\(run)")
            #expect(run.stderr.split(separator: "\n").count == 1)
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dangling) == folder.path("created.json"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: linked) == victim)
        #expect(FileManager.default.contents(atPath: victim) == Data("keep me".utf8))
        #expect(try listing() == before, "nothing created")
    }

    @Test func aFIFOIsNotReplaced() throws {
        try makeSampleStore(at: folder.storePath)
        let fifo = folder.path("pipe.json")
        #expect(mkfifo(fifo, 0o600) == 0)
        let run = try CLI.run("export", folder.storePath, "-o", fifo)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("is not a regular file; give a file's path, or `-` for standard output"), "\(run)")
        #expect(StoreFilesSnapshot.entry(fifo)?.type == S_IFIFO, "still the FIFO")
        #expect(try listing() == ["pipe.json", "state.sqlite"])
    }
}
