import Foundation
import StateDB
import Testing

/// A stored value that no longer decodes as the slot's type (the app changed the type) is
/// moved to the quarantine table, reported once, and the slot starts from its default.
/// Nothing is deleted.
struct QuarantineTests {
    struct Counter: Codable, Equatable {
        var count: Int
        var label: String
    }

    /// Writes `count` = 42 as an `Int`, the way an earlier version of the app did.
    func storeWithAnInt(_ path: String) throws {
        let store = try StateStore(path: path)
        try store.binding(for: "Screen/count", default: 0).wrappedValue = 42
        store.close()
    }

    @Test func anIntAskedForAsAStringIsQuarantined() throws {
        let folder = TemporaryDirectory()
        try storeWithAnInt(folder.storePath)

        let store = try StateStore(path: folder.storePath)
        let diagnostics = DiagnosticsRecorder(store)
        let count = try store.binding(for: "Screen/count", default: "none")
        #expect(count.wrappedValue == "none")
        // Asking again in the same process reports nothing new.
        #expect(try store.binding(for: "Screen/count", default: "other").wrappedValue == "none")
        let reported = diagnostics.of(.quarantined)
        #expect(reported.count == 1)
        #expect(reported.first?.key == "Screen/count")
        #expect(reported.first?.message.contains("Swift.Int") == true)
        #expect(reported.first?.message.contains("Swift.String") == true)
        store.close()

        // The old value waits in quarantine with both types; the slot now holds the new type.
        #expect(try SQLiteShell.run(folder.storePath, """
            SELECT key, identity, property, stored_type, expected_type, encoding, typeof(value), value, quarantined_at > 0 FROM quarantine
            """) == "Screen/count|Screen|count|Swift.Int|Swift.String|integer|integer|42|1")
        #expect(try SQLiteShell.run(folder.storePath, "SELECT type, encoding, value FROM slots WHERE key = 'Screen/count'")
            == "Swift.String|text|none")

        // The next launch finds a String: nothing more to report, nothing more set aside.
        let next = try StateStore(path: folder.storePath)
        let nextDiagnostics = DiagnosticsRecorder(next)
        #expect(try next.binding(for: "Screen/count", default: "again").wrappedValue == "none")
        next.close()
        #expect(nextDiagnostics.all.isEmpty)
        #expect(try SQLiteShell.run(folder.storePath, "SELECT count(*) FROM quarantine") == "1")
    }

    @Test func anIntAskedForAsAStructIsQuarantined() throws {
        let folder = TemporaryDirectory()
        try storeWithAnInt(folder.storePath)

        let store = try StateStore(path: folder.storePath)
        let diagnostics = DiagnosticsRecorder(store)
        let fresh = Counter(count: 0, label: "fresh")
        #expect(try store.binding(for: "Screen/count", default: fresh).wrappedValue == fresh)
        #expect(diagnostics.of(.quarantined).count == 1)
        store.close()

        #expect(try SQLiteShell.run(folder.storePath, "SELECT stored_type, expected_type, value FROM quarantine")
            == "Swift.Int|StateDBTests.QuarantineTests.Counter|42")
        #expect(try SQLiteShell.run(folder.storePath, "SELECT encoding, value FROM slots WHERE key = 'Screen/count'")
            == #"json|{"count":0,"label":"fresh"}"#)
    }

    @Test func aValueThatStillDecodesIsKept() throws {
        let folder = TemporaryDirectory()
        try storeWithAnInt(folder.storePath)

        // Int to Int64 is a change of type whose values still fit: no quarantine.
        let store = try StateStore(path: folder.storePath)
        let diagnostics = DiagnosticsRecorder(store)
        #expect(try store.binding(for: "Screen/count", default: Int64(0)).wrappedValue == 42)
        store.close()
        #expect(diagnostics.all.isEmpty)
        #expect(try SQLiteShell.run(folder.storePath, "SELECT count(*) FROM quarantine") == "0")
        #expect(try SQLiteShell.run(folder.storePath, "SELECT type, value FROM slots WHERE key = 'Screen/count'") == "Swift.Int64|42")
    }
}
