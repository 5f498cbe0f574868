import Foundation
import StateDB
import Testing

/// A flush that cannot commit keeps every write in memory, throws one clear error, and a
/// later flush commits them.
///
/// The failure is real: a `sqlite3` shell in another process holds the store's write lock
/// (as an operator's open transaction would). Making the file read-only with `chmod` is no
/// test: the store already holds it open for writing, and root ignores file modes anyway.
struct FailedFlushTests {
    @Test func aFlushBlockedByAnotherWriterKeepsItsWritesForTheNextFlush() throws {
        let folder = TemporaryDirectory()
        var options = StateStore.Options()
        options.busyTimeoutMilliseconds = 20  // give up quickly while the shell holds the lock
        let store = try StateStore(path: folder.storePath, options: options)
        let count = try store.binding(for: "Blocked/count", default: 0)
        let name = try store.binding(for: "Blocked/name", default: "")
        try store.flush()

        let shell = try SQLiteShell.session(folder.storePath)
        shell.send("BEGIN IMMEDIATE;\nSELECT 'locked';\n")
        #expect(try shell.requireLine() == "locked")

        count.wrappedValue = 1
        name.wrappedValue = "first"
        let error = #expect(throws: StateStoreError.self) { try store.flush() }
        #expect(error?.kind == .busy)
        #expect(error?.description.contains(folder.storePath) == true)
        #expect(error?.description.contains("\n") == false)
        // Nothing was lost: the writes are still in memory and still pending.
        #expect(store.hasPendingWrites)
        #expect(count.wrappedValue == 1)
        // A write made meanwhile joins them.
        count.wrappedValue = 2

        shell.send("COMMIT;\n")
        shell.closeInput()
        #expect(shell.waitForExit() == 0)

        try store.flush()
        #expect(!store.hasPendingWrites)
        #expect(try SQLiteShell.run(folder.storePath, "SELECT value FROM slots WHERE identity = 'Blocked' ORDER BY key") == "2\nfirst")
        store.close()

        let reopened = try StateStore(path: folder.storePath)
        #expect(try reopened.binding(for: "Blocked/count", default: 0).wrappedValue == 2)
        #expect(try reopened.binding(for: "Blocked/name", default: "").wrappedValue == "first")
        reopened.close()
    }
}
