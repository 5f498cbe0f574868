import Foundation
@testable import StateDB
import Testing

/// `StateStore.inMemory()` keeps values in its cells only: a flush writes no row (nothing could
/// read one back), yet the store behaves as one that commits.
@MainActor
struct InMemoryStoreTests {
    struct Row: View {
        @State var count = 1
        var body: some View {
            Button("count \(count)") { count += 1 }
        }
    }

    @Test func aFlushWritesNoRowAndLeavesNothingPending() throws {
        let store = StateStore.inMemory()
        let host = ViewHost(root: Row(), store: store)
        let statements = store.sqlStatementCount
        try host.button("count 1").tap()
        host.update()
        #expect(host.render().contains("count 2"))
        #expect(!store.hasPendingWrites)
        #expect(store.sqlStatementCount == statements, "no SQL for an in-memory commit")
        let rows = try store.withConnection("counting") { connection in
            let statement = try connection.prepare("SELECT count(*) FROM slots")
            return try statement.step() ? statement.int64(at: 0) : -1
        }
        #expect(rows == 0)
    }

    @Test func valuesSurviveFlushesAndEndedSlotsStartAfresh() throws {
        let store = StateStore.inMemory()
        let binding = try store.binding(for: "Settings/volume", default: 5)
        binding.wrappedValue = 7
        try store.flush()
        #expect(try store.binding(for: "Settings/volume", default: 0).wrappedValue == 7)
        let cell = try store.slot(SlotKey(identity: "Row", property: "count")) { 1 }
        _ = store.write(cell, 3)
        try store.flush()
        store.endSlot(cell)
        try store.flush()
        let again = try store.slot(SlotKey(identity: "Row", property: "count")) { 1 }
        #expect(store.read(again) == 1)
        store.close()
    }
}
