import Foundation
@testable import StateDB
import Testing

// Another process commits while the store is reading the file: at open, or in a poll for
// external changes. What it wrote must reach the store, at the latest at the next poll. The
// commit is made from inside the store's read (a trace hook on its connection runs it on a
// second connection when the read hands out its first row), so it lands exactly between the
// read's rows and whatever the store reads after them. A poll that fails (interrupted by the
// same hook) must not count as read either.

struct CommitsDuringReadsTests {
    // This one passed before the load had its transaction too: a statement left open held its
    // snapshot. It pins that the load stays one snapshot, tick included.
    @Test func changesDuringTheLoadAreReadByTheFirstPoll() throws {
        let folder = TemporaryDirectory()
        let writer = try StateStore(path: folder.storePath)
        try writer.binding(for: "App/count", default: 3).wrappedValue = 3
        try writer.flush()
        writer.close()

        let hook = DuringRead.commit("UPDATE slots SET value = 7 WHERE key = 'App/count'", to: folder.storePath,
                                     whenReading: StoredRow.loadSQL.text)
        let store = try StateStore.opening(folder.storePath) { hook.install(on: $0.connection) }
        #expect(hook.happened, "the commit landed during the load")
        let count = try store.binding(for: "App/count", default: 0)
        #expect(count.wrappedValue == 3, "the load read the file as it was when it began")
        try store.refreshFromDisk()
        #expect(count.wrappedValue == 7, "the commit made during the load is read by the first poll")
        store.close()
    }

    @Test func changesDuringAPollAreReadByTheNext() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let count = try store.binding(for: "App/count", default: 1)
        let other = try store.binding(for: "App/other", default: 1)
        try store.flush()

        let hook = DuringRead.commit("UPDATE slots SET value = 6 WHERE key = 'App/other'", to: folder.storePath,
                                     whenReading: Self.pollSQL)
        try store.withConnection("installing a test hook") { hook.install(on: $0) }
        try SQLiteShell.run(folder.storePath, "UPDATE slots SET value = 5 WHERE key = 'App/count'")
        try store.refreshFromDisk()
        #expect(hook.happened, "the commit landed during the poll")
        #expect(count.wrappedValue == 5)
        try store.refreshFromDisk()
        #expect(other.wrappedValue == 6, "the commit made during the first poll is read by the second")
        store.close()
    }

    @Test func aPollThatFailsIsMadeAgain() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let count = try store.binding(for: "App/count", default: 1)
        try store.flush()

        let hook = DuringRead.interrupt(whenReading: Self.pollSQL)
        try store.withConnection("installing a test hook") { hook.install(on: $0) }
        try SQLiteShell.run(folder.storePath, "UPDATE slots SET value = 5 WHERE key = 'App/count'")
        #expect(throws: StateStoreError.self) { try store.refreshFromDisk() }
        #expect(hook.happened)
        #expect(count.wrappedValue == 1)
        try store.refreshFromDisk()
        #expect(count.wrappedValue == 5, "the next poll reads what the failed one did not")
        store.close()
    }

    /// The statement a poll reads changed rows with.
    private static let pollSQL = (StoredRow.selectSQL + " WHERE version > ?1").text
}
