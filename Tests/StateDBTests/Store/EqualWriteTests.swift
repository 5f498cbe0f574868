import StateDB
import Testing

/// Writing a value equal to the current one (Equatable types) changes nothing and commits
/// nothing.
struct EqualWriteTests {
    struct Settings: Codable, Equatable {
        var volume: Int
        var name: String
    }

    @Test func anEqualWriteCommitsNothing() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let count = try store.binding(for: "Equal/count", default: 1)
        let settings = try store.binding(for: "Equal/settings", default: Settings(volume: 3, name: "a"))
        let text = try store.binding(for: "Equal/text", default: "same")
        try store.flush()
        #expect(!store.hasPendingWrites)
        let statements = store.sqlStatementCount
        let tick = try SQLiteShell.clockTick(folder.storePath)

        count.wrappedValue = 1
        settings.wrappedValue = Settings(volume: 3, name: "a")
        settings.volume.wrappedValue = 3
        text.wrappedValue = "same"
        #expect(!store.hasPendingWrites)
        try store.flush()
        #expect(store.sqlStatementCount == statements)
        #expect(try SQLiteShell.clockTick(folder.storePath) == tick)

        // A different value is pending at once and commits once.
        settings.volume.wrappedValue = 4
        #expect(store.hasPendingWrites)
        try store.flush()
        #expect(store.sqlStatementCount > statements)
        #expect(try SQLiteShell.clockTick(folder.storePath) == tick + 1)
        store.close()
    }
}
