import Foundation
import StateDB
import Testing

/// A Codable `@Observable` model in `@State` across real process restarts: each run of the
/// helper starts from what the previous one stored, including a change made outside any action
/// that only the exit's commit wrote.
@Suite struct ModelRestartTests {
    @Test func eachRunStartsFromTheModelThePreviousRunStored() throws {
        let folder = TemporaryDirectory()
        for expected in ["count 1 trail +", "count 2 trail ++", "count 3 trail +++"] {
            let child = try ChildProcess.helper(["model-bump", folder.storePath])
            #expect(try child.requireLine() == expected)
            #expect(child.waitForExit() == 0)
        }
        #expect(try SQLiteShell.run(folder.storePath, "SELECT type, value FROM slots WHERE key = 'ModelBumpScreen/model'")
                == #"statedb_test_helper.BumpModel|{"count":3,"trail":"+++"}"#)
    }
}
