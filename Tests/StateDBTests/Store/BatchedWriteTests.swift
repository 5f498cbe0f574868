import Foundation
import StateDB
import Testing

// A commit of several values writes them several rows to a statement (a multi-row UPSERT whose
// texts are lent to SQLite from one buffer), and a commit of one or two, one row at a time. Both
// must leave the same rows behind: every column, every kind of value, a row another process
// deleted meanwhile, an initial value that must not overwrite another process's.

@Suite struct BatchedWriteTests {
    struct Settings: Codable, Equatable {
        var name: String
        var volume: Int
    }

    /// Every kind of value a commit writes, each write with a value distinct per `round`.
    /// Ninety-three slots: more than two statements' worth (`SlotRows.batchLimit` is 32), and ten
    /// values too large for a batch (past the 16 KB a batch copies: written on their own).
    static func writes(round: Int) -> [(StateStore) throws -> Void] {
        var writes: [(StateStore) throws -> Void] = []
        for index in 0..<10 {
            let group = "Screen\(index)/Panel[id: \(index)]"
            writes += [
                { try $0.binding(for: "\(group)/count", default: 0).wrappedValue = round * 100 + index },
                { try $0.binding(for: "\(group)/title", default: "").wrappedValue = "ü \(round)/\(index) \u{0}end" },
                { try $0.binding(for: "\(group)/empty", default: "x").wrappedValue = "" },
                { try $0.binding(for: "\(group)/ratio", default: 0.0).wrappedValue = Double(round) + Double(index) / 8 },
                { try $0.binding(for: "\(group)/flag", default: false).wrappedValue = (round + index) % 2 == 0 },
                { try $0.binding(for: "\(group)/bytes", default: Data()).wrappedValue = Data([0, UInt8(index), UInt8(round), 0]) },
                { try $0.binding(for: "\(group)/noBytes", default: Data([1])).wrappedValue = Data() },
                { try $0.binding(for: "\(group)/large", default: "").wrappedValue = String(repeating: "\(round)\(index)", count: 9_000) },
                { try $0.binding(for: "\(group)/settings", default: Settings(name: "", volume: 0)).wrappedValue = Settings(name: "s\(round)", volume: index) },
            ]
        }
        // A key with no identity part, an optional written back to nil, and a slot whose type
        // changes from the first round to the second.
        writes.append { try $0.binding(for: "top", default: 0).wrappedValue = round }
        writes.append { try $0.binding(for: "Screen0/maybe", default: Int?.some(1)).wrappedValue = round % 2 == 0 ? nil : round }
        writes.append { store in
            if round == 1 {
                try store.binding(for: "Screen0/level", default: 0).wrappedValue = 5
            } else {
                try store.binding(for: "Screen0/level", default: "").wrappedValue = "high"
            }
        }
        return writes
    }

    /// The columns a commit writes, row by row, with each value's SQLite type and bytes.
    static func rows(of path: String) -> [[String?]] {
        SQLiteProbe(path: path).rows("""
            SELECT key, identity, property, type, encoding, typeof(value), hex(value), updated_at = seen_at
            FROM slots ORDER BY key
            """)
    }

    @Test func aBatchedCommitWritesTheRowsTheOneRowPathWrites() throws {
        let batched = TemporaryDirectory(), oneByOne = TemporaryDirectory()
        for round in 1...2 {
            let store = try StateStore(path: batched.storePath)
            for write in Self.writes(round: round) { try write(store) }
            try store.flush()
            store.close()
            // The same writes, one value a flush: never batched.
            let reference = try StateStore(path: oneByOne.storePath)
            for write in Self.writes(round: round) {
                try write(reference)
                try reference.flush()
            }
            reference.close()
            let rows = Self.rows(of: batched.storePath)
            #expect(rows.count == 93)
            #expect(rows == Self.rows(of: oneByOne.storePath))
        }
        #expect(SQLiteProbe(path: batched.storePath).rows("SELECT type, encoding, value FROM slots WHERE key = 'Screen0/level'")
                == [["Swift.String", "text", "high"]], "the batch's update sets the new type")
        // And the values come back as written.
        let reopened = try StateStore(path: batched.storePath)
        #expect(try reopened.binding(for: "Screen3/Panel[id: 3]/title", default: "").wrappedValue == "ü 2/3 \u{0}end")
        #expect(try reopened.binding(for: "Screen3/Panel[id: 3]/empty", default: "x").wrappedValue == "")
        #expect(try reopened.binding(for: "Screen3/Panel[id: 3]/bytes", default: Data()).wrappedValue == Data([0, 3, 2, 0]))
        #expect(try reopened.binding(for: "Screen3/Panel[id: 3]/settings", default: Settings(name: "", volume: 0)).wrappedValue
                == Settings(name: "s2", volume: 3))
        #expect(try reopened.binding(for: "Screen0/maybe", default: Int?.some(1)).wrappedValue == nil)
        #expect(try reopened.binding(for: "top", default: 0).wrappedValue == 2)
        reopened.close()
    }

    /// A store in `folder` with `count` slots `List/item0…` of `Int`, their initial values committed.
    static func store(withItems count: Int, in folder: TemporaryDirectory) throws -> (StateStore, [Binding<Int>]) {
        let store = try StateStore(path: folder.storePath)
        let slots = try (0..<count).map { try store.binding(for: "List/item\($0)", default: 0) }
        try store.flush()
        return (store, slots)
    }

    @Test func aBatchedCommitStampsItsTickAndKeepsEachRowsCreationTime() throws {
        let folder = TemporaryDirectory()
        let (store, slots) = try Self.store(withItems: 40, in: folder)
        let created = SQLiteProbe(path: folder.storePath).rows("SELECT key, created_at FROM slots ORDER BY key")
        Thread.sleep(forTimeInterval: 0.01)  // so that the next commit's time is another millisecond
        for (index, slot) in slots.enumerated() { slot.wrappedValue = index + 1 }
        let statementsBefore = store.sqlStatementCount
        try store.flush()
        // The transaction, the clock's tick and two statements of 20 rows, where forty one-row
        // writes would run forty.
        #expect(store.sqlStatementCount - statementsBefore < 10, "the forty values were written in batches")
        let tick = try SQLiteShell.clockTick(folder.storePath)
        #expect(SQLiteProbe(path: folder.storePath).rows("SELECT key, created_at FROM slots ORDER BY key") == created)
        let stamps = SQLiteProbe(path: folder.storePath).rows("SELECT DISTINCT version, updated_at > created_at FROM slots")
        #expect(stamps == [["\(tick)", "1"]], "every row carries the commit's tick and a later update time")
        store.close()
    }

    @Test func aBatchedCommitPutsBackRowsAnotherProcessDeleted() throws {
        let folder = TemporaryDirectory()
        let (store, slots) = try Self.store(withItems: 5, in: folder)
        try SQLiteShell.run(folder.storePath, "DELETE FROM slots WHERE key IN ('List/item1', 'List/item3')")
        for (index, slot) in slots.enumerated() { slot.wrappedValue = 10 + index }
        try store.flush()  // the app's writes come after the deletion, and win
        #expect(SQLiteProbe(path: folder.storePath).rows("SELECT key, value FROM slots ORDER BY key")
                == (0..<5).map { ["List/item\($0)", "\(10 + $0)"] })
        store.close()
    }

    @Test func anInitialValueInABatchedCommitLeavesAnotherProcesssValue() throws {
        let folder = TemporaryDirectory()
        let (store, slots) = try Self.store(withItems: 4, in: folder)
        // Another process stores a value for a key this store is about to record an initial value for.
        try SQLiteShell.run(folder.storePath, """
            INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at)
            VALUES ('List/late', 'List', 'late', 'Swift.Int', 'integer', 42, 0, 0, 0)
            """)
        for (index, slot) in slots.enumerated() { slot.wrappedValue = 20 + index }
        let late = try store.binding(for: "List/late", default: 7)  // its initial value is pending
        try store.flush()
        #expect(SQLiteProbe(path: folder.storePath).value("List/late") == "42")
        #expect(SQLiteProbe(path: folder.storePath).value("List/item3") == "23")
        try store.refreshFromDisk()
        #expect(late.wrappedValue == 42)
        store.close()
    }
}
