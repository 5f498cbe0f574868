import Foundation
import StateDB
import Testing

/// A closed store refuses a new binding with one error, rather than handing out a binding
/// whose writes are dropped without a word.
struct ClosedStoreTests {
    @Test func aBindingOnAClosedStoreIsRefused() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        try store.binding(for: "App/count", default: 0).wrappedValue = 2
        store.close()
        let error = #expect(throws: StateStoreError.self) { try store.binding(for: "App/count", default: 0) }
        #expect(error?.kind == .closed)
        #expect(error?.description.contains("open the store again") == true)
        #expect(SQLiteProbe(path: folder.storePath).value("App/count") == "2")
    }
}
