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

/// `==` can hold between values that differ. Such a write keeps the value as it is, even when
/// the slot already has a change waiting for the next commit.
struct EqualButDifferentWriteTests {
    /// Equal when the ids are, whatever the notes say.
    struct Tagged: Codable, Equatable {
        var id: Int
        var note: String
        static func == (lhs: Tagged, rhs: Tagged) -> Bool { lhs.id == rhs.id }
    }

    @Test func anEqualWriteToAPendingSlotKeepsItsValue() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let text = try store.binding(for: "Equal/text", default: "")
        let tagged = try store.binding(for: "Equal/tagged", default: Tagged(id: 0, note: ""))
        try store.flush()

        text.wrappedValue = "caf\u{E9}"          // pending now
        text.wrappedValue = "cafe\u{301}"        // canonically equivalent: == holds
        tagged.wrappedValue = Tagged(id: 1, note: "first")
        tagged.wrappedValue = Tagged(id: 1, note: "second")
        #expect(Array(text.wrappedValue.utf8) == Array("caf\u{E9}".utf8))
        #expect(tagged.wrappedValue.note == "first")
        try store.flush()
        #expect(SQLiteProbe(path: folder.storePath).value("Equal/tagged") == #"{"id":1,"note":"first"}"#)
        store.close()

        let reopened = try StateStore(path: folder.storePath)
        #expect(Array(try reopened.binding(for: "Equal/text", default: "").wrappedValue.utf8) == Array("caf\u{E9}".utf8))
        reopened.close()
    }
}
