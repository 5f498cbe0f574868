import Foundation
import StateDB
import Testing

/// A store is usable from several tasks at once: writes, reads and flushes interleave without
/// a crash, and what the last writes set is what the file keeps.
struct BackgroundUseTests {
    static let tasks = 8
    static let slotsPerTask = 10
    static let rounds = 200

    @Test func concurrentWritesReadsAndFlushes() async throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)

        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<Self.tasks {
                group.addTask {
                    // Every task asks for the shared slot too: one slot, whoever comes first.
                    let shared = try store.binding(for: "Tasks/shared", default: -1)
                    let slots = try (0..<Self.slotsPerTask).map { try store.binding(for: "Tasks/t\(task)/s\($0)", default: 0) }
                    for round in 1...Self.rounds {
                        for (index, slot) in slots.enumerated() {
                            slot.wrappedValue = round * 100 + index
                            #expect(slot.wrappedValue == round * 100 + index)
                        }
                        shared.wrappedValue = task
                        if round % 50 == 0 { try store.flush() }
                    }
                }
            }
            // A reader that walks everything while the writers run.
            group.addTask {
                let shared = try store.binding(for: "Tasks/shared", default: -1)
                for _ in 0..<2_000 {
                    #expect((-1..<Self.tasks).contains(shared.wrappedValue))
                }
            }
            try await group.waitForAll()
        }
        try store.flush()
        #expect(!store.hasPendingWrites)
        store.close()

        let reopened = try StateStore(path: folder.storePath)
        for task in 0..<Self.tasks {
            for index in 0..<Self.slotsPerTask {
                #expect(try reopened.binding(for: "Tasks/t\(task)/s\(index)", default: 0).wrappedValue == Self.rounds * 100 + index)
            }
        }
        #expect((0..<Self.tasks).contains(try reopened.binding(for: "Tasks/shared", default: -1).wrappedValue))
        reopened.close()
        #expect(try SQLiteShell.run(folder.storePath, "SELECT count(*) FROM slots WHERE key LIKE 'Tasks/%'") == String(Self.tasks * Self.slotsPerTask + 1))
    }
}
