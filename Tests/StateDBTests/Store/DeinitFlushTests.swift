import Foundation
import StateDB
import Testing

/// A store released without `close()` commits what it holds; when it cannot, it says so
/// through its diagnostic handler, as `close()` does, instead of dropping the writes silently.
struct DeinitFlushTests {
    @Test func aStoreReleasedWithWritesItCannotCommitReportsThem() throws {
        let folder = TemporaryDirectory()
        var options = StateStore.Options()
        options.busyTimeoutMilliseconds = 20  // give up quickly while the shell holds the lock
        let recorder: DiagnosticsRecorder
        weak var released: StateStore?
        let shell: ChildProcess
        do {
            let store = try StateStore(path: folder.storePath, options: options)
            recorder = DiagnosticsRecorder(store)
            let count = try store.binding(for: "Released/count", default: 0)
            try store.flush()
            // Another process holds the write lock, as an operator's open transaction would.
            shell = try SQLiteShell.session(folder.storePath)
            shell.send("BEGIN IMMEDIATE;\nSELECT 'locked';\n")
            #expect(try shell.requireLine() == "locked")
            count.wrappedValue = 1
            released = store
        }
        #expect(released == nil, "the store was released")
        shell.send("COMMIT;\n")
        shell.closeInput()
        #expect(shell.waitForExit() == 0)

        let failures = recorder.of(.flushFailed)
        #expect(failures.count == 1, "\(recorder.all)")
        #expect(failures.first?.message.contains("released with writes it could not commit, and they are lost") == true, "\(failures)")
        #expect(failures.first?.message.contains("locked by another process") == true, "\(failures)")
        #expect(try SQLiteShell.run(folder.storePath, "SELECT value FROM slots WHERE key = 'Released/count'") == "0")
    }

    @Test func aStoreReleasedWithoutCloseCommitsItsWrites() throws {
        let folder = TemporaryDirectory()
        let recorder: DiagnosticsRecorder
        do {
            let store = try StateStore(path: folder.storePath)
            recorder = DiagnosticsRecorder(store)
            try store.binding(for: "Released/count", default: 0).wrappedValue = 2
        }
        #expect(recorder.all.isEmpty)
        #expect(try SQLiteShell.run(folder.storePath, "SELECT value FROM slots WHERE key = 'Released/count'") == "2")
    }
}
