import StateDB
import Testing

/// Reads come from memory once a slot is hydrated: not one SQL statement per read.
struct ReadCostTests {
    struct Settings: Codable, Equatable {
        var volume: Int
        var name: String
    }

    @Test func readsOfHydratedSlotsRunNoSQL() throws {
        let folder = TemporaryDirectory()
        let writer = try StateStore(path: folder.storePath)
        for index in 0..<100 {
            try writer.binding(for: "Reads/slot\(index)", default: 0).wrappedValue = index * 10
        }
        try writer.binding(for: "Reads/settings", default: Settings(volume: 0, name: "")).wrappedValue = Settings(volume: 7, name: "n")
        writer.close()

        let store = try StateStore(path: folder.storePath)
        let opened = store.sqlStatementCount
        let slots = try (0..<100).map { try store.binding(for: "Reads/slot\($0)", default: -1) }
        let volume = try store.binding(for: "Reads/settings", default: Settings(volume: 0, name: "")).volume
        // Hydrating costs nothing either: every row was loaded when the store opened.
        #expect(store.sqlStatementCount == opened)

        var sum = 0
        for _ in 0..<99 {
            for slot in slots { sum += slot.wrappedValue }
        }
        for _ in 0..<100 { sum += volume.wrappedValue }  // 10,000 reads in all
        #expect(store.sqlStatementCount == opened)
        #expect(sum == 99 * (0..<100).reduce(0) { $0 + $1 * 10 } + 100 * 7)

        // The counter does count: a flush after a write runs statements.
        slots[0].wrappedValue = 1
        try store.flush()
        #expect(store.sqlStatementCount > opened)
        store.close()
    }
}
