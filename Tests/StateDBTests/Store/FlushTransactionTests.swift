import StateDB
import Testing

/// Dirty slots are committed together: one transaction per `flush()`, however many writes
/// came before it.
struct FlushTransactionTests {
    @Test func oneTransactionPerFlushHoweverManyWrites() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let slots = try (0..<100).map { try store.binding(for: "Batch/slot\($0)", default: 0) }
        try store.flush()
        let tick = try SQLiteShell.clockTick(folder.storePath)
        let statements = store.sqlStatementCount

        for round in 1...10 {
            for (index, slot) in slots.enumerated() { slot.wrappedValue = round * 1000 + index }
        }  // 1,000 writes
        try store.flush()

        // The clock advances once per commit.
        #expect(try SQLiteShell.clockTick(folder.storePath) == tick + 1)
        // BEGIN, the clock, one upsert per dirty slot, COMMIT: bounded by the slots, not the writes.
        let ran = store.sqlStatementCount - statements
        #expect(ran <= slots.count + 5, "\(ran) statements for 1,000 writes to \(slots.count) slots")
        // Every row carries that one commit's tick and the last value written.
        #expect(try SQLiteShell.run(folder.storePath, """
            SELECT count(*), min(version), max(version), sum(value) FROM slots WHERE identity = 'Batch'
            """) == "100|\(tick + 1)|\(tick + 1)|\(100 * 10_000 + (0..<100).reduce(0, +))")
        store.close()
    }
}
