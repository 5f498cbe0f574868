import Foundation
@_spi(Admin) @testable import StateDB
import Testing

/// What `statedb migrate up` reports per state migration: how many distinct slots it changed,
/// told once the migrations' transaction committed.
struct MigrationChangeCountTests {
    @Test func eachSlotCountsOnceAndAMissingSlotNotAtAll() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        try store.binding(for: "A/x", default: 0).wrappedValue = 1
        try store.binding(for: "A/y", default: 0).wrappedValue = 2
        try store.binding(for: "A/z", default: "").wrappedValue = "text already"
        store.close()
        let counts = Counts()
        try MigrationStatus.migrateUp(path: folder.storePath, migrations: [
            .custom("written twice") { slots in
                try slots.set(5, at: "A/x")
                try slots.set(6, at: "A/x")
            },
            .custom("a missing slot renamed") { slots in try slots.rename("Nope/z", to: "Nope/w") },
            .custom("moved twice") { slots in
                try slots.rename("A/y", to: "B/y")
                try slots.rename("B/y", to: "C/y")
            },
            .custom("a missing slot removed") { slots in try slots.remove("Nope/z") },
            .retype("ints as text", keys: "A/*", from: Int.self, to: String.self) { "\($0)" },
        ], stateMigrationApplied: counts.record)
        #expect(counts.byName == [
            "written twice": 1, "a missing slot renamed": 0, "moved twice": 1, "a missing slot removed": 0, "ints as text": 1,
        ])
        #expect(SQLiteProbe(path: folder.storePath).keys == ["A/x", "A/z", "C/y"])
    }
}

/// The counts told, by migration name.
private final class Counts: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    func record(_ name: String, _ changed: Int) { lock.withLock { counts[name] = changed } }
    var byName: [String: Int] { lock.withLock { counts } }
}
