import Foundation
import StateDB
import Testing

/// A store whose clock was set to its largest value (by hand, or by a hostile file): a commit
/// would have made the tick a REAL, after which every reader refused the store. Writers refuse
/// instead, saying what to do, and leave the file as it was; reads go on; `check` reports it.
@Suite struct ExhaustedClockTests {
    let folder = TemporaryDirectory()
    var path: String { folder.storePath }

    init() throws {
        let store = try StateStore(path: folder.storePath)
        try store.binding(for: "App/volume", default: 0).wrappedValue = 3
        store.close()
        try SQLiteShell.run(folder.storePath, "UPDATE statedb_clock SET tick = 9223372036854775807")
    }

    private var clock: String { (try? SQLiteShell.run(path, "SELECT tick, typeof(tick) FROM statedb_clock")) ?? "" }

    @Test func theCommandLineRefusesToWriteAndReads() throws {
        let before = FileSnapshot(path)
        for arguments in [["set", path, "App/volume", "4"], ["rm", path, "App/volume"], ["set", path, "App/new", "1", "--type", "Swift.Int"]] {
            let run = try CLI.run(arguments)
            #expect(run.status == 9, "\(arguments): \(run)")
            #expect(run.stderr.contains("the store's clock (statedb_clock.tick) is at its largest value"), "\(arguments): \(run)")
            #expect(run.stderr.contains("`statedb recover` copies every row into a new store with a fresh clock"), "\(arguments): \(run)")
            #expect(FileSnapshot(path) == before, "\(arguments)")
        }
        #expect(clock == "9223372036854775807|integer")
        #expect(try CLI.run("get", path, "App/volume").stdout == "3\n")
        let check = try CLI.run("check", path)
        #expect(check.status == 5, "\(check)")
        #expect(check.stdout.contains("clock: FAILED: the store's clock (statedb_clock.tick) is at its largest value"), "\(check)")
    }

    @Test func theAppsCommitFailsAndNothingIsWritten() throws {
        let store = try StateStore(path: path)
        let volume = try store.binding(for: "App/volume", default: 0)
        #expect(volume.wrappedValue == 3)
        volume.wrappedValue = 4
        let error = #expect(throws: StateStoreError.self) { try store.flush() }
        #expect(error?.description.contains("the store's clock (statedb_clock.tick) is at its largest value") == true, "\(String(describing: error))")
        store.close()  // its commit fails again, reported: the value it could not write is lost
        #expect(clock == "9223372036854775807|integer")
        #expect(try SQLiteShell.run(path, "SELECT value FROM slots WHERE key = 'App/volume'") == "3")
    }

    @Test func recoverMakesAStoreThatTakesCommits() throws {
        let recovered = folder.path("recovered.sqlite")
        let run = try CLI.run("recover", path, recovered)
        #expect(run.status == 0, "\(run)")
        #expect(try CLI.run("set", recovered, "App/volume", "4").status == 0)
        #expect(try CLI.run("get", recovered, "App/volume").stdout == "4\n")
    }
}
