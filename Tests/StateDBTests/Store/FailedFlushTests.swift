import Foundation
import StateDB
import Testing

/// A value whose `encode(to:)` throws while `breaks` is set; else it is stored as its number.
private struct Fragile: Codable, Equatable {
    var number: Int
    var breaks: Bool

    init(_ number: Int, breaks: Bool) {
        self.number = number
        self.breaks = breaks
    }

    init(from decoder: any Decoder) throws {
        number = try decoder.singleValueContainer().decode(Int.self)
        breaks = false
    }

    func encode(to encoder: any Encoder) throws {
        if breaks { throw EncodingError.invalidValue(number, .init(codingPath: [], debugDescription: "broken on purpose")) }
        var container = encoder.singleValueContainer()
        try container.encode(number)
    }
}

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

    @Test func aValueThatCannotBeEncodedIsReportedOnceUntilItCanAndTheFileKeepsTheLastOneThatCould() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let diagnostics = DiagnosticsRecorder(store)
        let fragile = try store.binding(for: "Fragile/value", default: Fragile(0, breaks: false))
        let other = try store.binding(for: "Fragile/other", default: 0)
        try store.flush()
        fragile.wrappedValue = Fragile(1, breaks: true)
        try store.flush()
        other.wrappedValue = 1
        fragile.wrappedValue = Fragile(2, breaks: true)
        try store.flush()
        let reported = diagnostics.of(.flushFailed)
        #expect(reported.map(\.key) == ["Fragile/value"], "once, though two values could not be encoded")
        #expect(reported.first?.message.contains("broken on purpose") == true, "\(reported)")
        let probe = SQLiteProbe(path: folder.storePath)
        #expect(probe.value("Fragile/value") == "0", "the last value that could be encoded")
        #expect(probe.value("Fragile/other") == "1", "the rest of the commit went in")

        fragile.wrappedValue = Fragile(3, breaks: false)
        try store.flush()
        #expect(probe.value("Fragile/value") == "3")
        fragile.wrappedValue = Fragile(4, breaks: true)
        try store.flush()
        #expect(diagnostics.of(.flushFailed).count == 2, "said again once it could be encoded in between")
        store.close()
    }
}
