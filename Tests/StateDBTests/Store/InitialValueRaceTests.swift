import Foundation
import StateDB
import Testing

/// A slot's initial value is recorded only where the store has no value. When another process
/// stores one between this store's open (or last refresh) and its commit of the initial value,
/// that value stays and the running store picks it up: writing the initial value over it lost
/// it, with no diagnostic.
struct InitialValueRaceTests {
    struct Counter: View {
        @State var n = 0
        var body: some View { Text("n \(n)") }
    }

    /// The key a `Counter` root keeps `n` under.
    @MainActor static func counterKey() throws -> String {
        let host = ViewHost(root: Counter(), store: .inMemory())
        return try #require(host.identities.first) + "/n"
    }

    @Test @MainActor func aValueTheCLISetBeforeTheViewMountedIsKept() throws {
        let folder = TemporaryDirectory()
        let key = try Self.counterKey()
        let store = try StateStore(path: folder.storePath)
        let set = try CLI.run("set", folder.storePath, key, "7", "--type", "Int")
        #expect(set.status == 0, "\(set)")

        let host = ViewHost(root: Counter(), store: store)  // mounts and commits n's initial value
        #expect(SQLiteProbe(path: folder.storePath).value(key) == "7", "the initial value did not replace it")
        host.update()
        #expect(host.render() == "n 7", "the running store picked it up")
        store.close()

        let reopened = try StateStore(path: folder.storePath)
        #expect(ViewHost(root: Counter(), store: reopened).render() == "n 7")
        reopened.close()
    }

    @Test func anExplicitKeysDefaultDoesNotReplaceAnotherStoresValue() throws {
        let folder = TemporaryDirectory()
        let first = try StateStore(path: folder.storePath)
        let second = try StateStore(path: folder.storePath)
        let mine = try first.binding(for: "T/x", default: 0)
        try second.binding(for: "T/x", default: 0).wrappedValue = 5
        try second.flush()

        try first.flush()
        #expect(SQLiteProbe(path: folder.storePath).value("T/x") == "5")
        try first.refreshFromDisk()
        #expect(mine.wrappedValue == 5)
        first.close()
        second.close()
    }

    /// A refresh between the other store's commit and this one's (as `update()` does, after a
    /// failed commit too): the other value takes the place of the pending initial value at
    /// once, and stays; before, the refresh passed it over as "ours commits later", and memory
    /// kept the initial value for good while the file held the other one.
    @Test func aRefreshBeforeTheCommitTakesTheOtherValue() throws {
        let folder = TemporaryDirectory()
        let first = try StateStore(path: folder.storePath)
        let second = try StateStore(path: folder.storePath)
        let mine = try first.binding(for: "T/x", default: 0)
        try second.binding(for: "T/x", default: 0).wrappedValue = 5
        try second.flush()

        try first.refreshFromDisk()
        #expect(mine.wrappedValue == 5)
        try first.flush()
        #expect(SQLiteProbe(path: folder.storePath).value("T/x") == "5")
        try first.refreshFromDisk()
        #expect(mine.wrappedValue == 5)
        first.close()
        second.close()
    }

    /// A value the app wrote is not an initial value: the last commit wins, as before.
    @Test func aValueTheAppWroteStillWins() throws {
        let folder = TemporaryDirectory()
        let first = try StateStore(path: folder.storePath)
        let second = try StateStore(path: folder.storePath)
        let mine = try first.binding(for: "T/x", default: 0)
        mine.wrappedValue = 3
        try second.binding(for: "T/x", default: 0).wrappedValue = 5
        try second.flush()

        try first.flush()
        #expect(SQLiteProbe(path: folder.storePath).value("T/x") == "3")
        first.close()
        second.close()
    }

    /// A failed commit keeps the initial value's nature for the next one.
    @Test func theInitialValueIsStillOnlyInsertedAfterAFailedCommit() throws {
        let folder = TemporaryDirectory()
        var options = StateStore.Options()
        options.busyTimeoutMilliseconds = 20  // give up quickly while the shell holds the lock
        let first = try StateStore(path: folder.storePath, options: options)
        try first.flush()  // the file exists, with its schema
        let mine = try first.binding(for: "T/x", default: 0)
        let shell = try SQLiteShell.session(folder.storePath)
        shell.send("BEGIN IMMEDIATE;\nSELECT 'locked';\n")
        #expect(try shell.requireLine() == "locked")
        #expect(throws: StateStoreError.self) { try first.flush() }
        shell.send("ROLLBACK;\n")
        shell.closeInput()
        #expect(shell.waitForExit() == 0)

        let second = try StateStore(path: folder.storePath)
        try second.binding(for: "T/x", default: 0).wrappedValue = 5
        try second.flush()
        try first.flush()
        #expect(SQLiteProbe(path: folder.storePath).value("T/x") == "5")
        try first.refreshFromDisk()
        #expect(mine.wrappedValue == 5)
        first.close()
        second.close()
    }
}
