import Foundation
import StateDB
import Testing

// A slot has one value type per process: asking for it again with another type is refused
// with a clear error, and the slot in use keeps working untouched.

struct SlotTypeInUseTests {
    @Test func aSlotInUseWithOneTypeRefusesAnother() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let count = try store.binding(for: "App/count", default: 1)
        count.wrappedValue = 4

        let error = #expect(throws: StateStoreError.self) {
            _ = try store.binding(for: "App/count", default: "four")
        }
        #expect(error?.kind == .typeMismatch)
        #expect(error?.description.contains("App/count") == true)
        #expect(error?.description.contains("Swift.Int") == true, "names the type in use")
        #expect(error?.description.contains("Swift.String") == true, "and the one asked for")

        #expect(count.wrappedValue == 4)
        try store.flush()
        #expect(SQLiteProbe(path: folder.storePath).value("App/count") == "4")
        store.close()
    }

    @Test func theSameTypeGetsTheSameSlot() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let first = try store.binding(for: "App/count", default: 1)
        let second = try store.binding(for: "App/count", default: 99)
        first.wrappedValue = 7
        #expect(second.wrappedValue == 7, "one slot, not two")
        store.close()
    }
}
