import StateDB

/// `sql_per_read`: SQL statements the store runs for `reads` reads of hydrated slots.
/// Expected: none, since every row is loaded when the store opens.
@MainActor
public enum ReadScenario {
    /// Hydrates `reads` Int slots from a store written in a previous open, reads each once
    /// through a binding, and returns how many SQL statements those reads ran.
    public static func statementsPerReads(reads: Int) throws -> Int {
        let scratch = try ScratchDirectory()
        let path = scratch.file("reads.sqlite")
        let keys = (0..<reads).map { "Reads/key\($0)" }
        do {
            let store = try StateStore(path: path)
            for (index, key) in keys.enumerated() { try store.binding(for: key, default: 0).wrappedValue = index + 1 }
            store.close()
        }
        let store = try StateStore(path: path)
        defer { store.close() }
        let bindings = try keys.map { try store.binding(for: $0, default: 0) }
        let before = store.sqlStatementCount
        var sum = 0
        for binding in bindings { sum &+= binding.wrappedValue }
        let after = store.sqlStatementCount
        guard sum == reads * (reads + 1) / 2 else { fatalError("statedb-bench: hydrated values differ from the written ones") }
        return after - before
    }
}
