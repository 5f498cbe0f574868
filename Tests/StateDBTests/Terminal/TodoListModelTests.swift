import Foundation
import StateDB
import Testing

/// The shape of an item as the example stores it. Type names in the store carry no module, so
/// this is the example's own `TodoItem` to the store.
private struct TodoItem: Codable {
    var id: Int
    var title: String
    var isDone = false
    var note = ""
    var added: Date
}

/// The example keeps its list in an `@Observable` model (`TodoApp/list`) and "Confirm before
/// remove" in `@AppStorage`; a store written by the build before (two slots, `TodoApp/items`
/// and `TodoApp/nextID`, and `TodoApp/confirmsRemoval`) is carried over by the example's
/// state migration, across real runs of the binary.
@Suite("todo, list model")
struct TodoListModelTests {
    let folder = TemporaryDirectory()
    var store: String { folder.storePath }

    @Test func theListModelIsStoredAndShownByTheNextRun() throws {
        let first = try TodoBinary.run(["--store", store], input: "add Buy milk\nadd Call mom\ntoggle 1\nquit\n")
        #expect(first.status == 0, "\(first.errors)")
        let second = try TodoBinary.run(["--store", store], input: "add Water plants\nquit\n")
        #expect(second.output.contains("todo — 2 items, 1 done"))
        #expect(second.output.contains("[ ] 3. Water plants"))

        let probe = SQLiteProbe(path: store)
        #expect(probe.value("TodoApp/items") == nil, "no slot of the old shape")
        let row = try #require(probe.value("TodoApp/list"))
        #expect(row.contains(#""nextID":4"#))
        #expect(row.contains(#""title":"Water plants""#))
    }

    @Test func aStoreOfTheBuildBeforeKeepsItsItemsAndSetting() throws {
        do {
            let old = try StateStore(path: store)
            let added = Date(timeIntervalSinceReferenceDate: 800_000_000)
            try old.binding(for: "TodoApp/items", default: [TodoItem]()).wrappedValue = [
                TodoItem(id: 4, title: "Buy milk", added: added),
                TodoItem(id: 7, title: "Call mom", isDone: true, added: added),
            ]
            try old.binding(for: "TodoApp/nextID", default: 1).wrappedValue = 8
            try old.binding(for: "TodoApp/confirmsRemoval", default: false).wrappedValue = true
            try old.flush()
            old.close()
        }

        let run = try TodoBinary.run(["--store", store], input: "add Water plants\nquit\n")
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("todo — 2 items, 1 done"))
        #expect(run.output.contains("[x] Confirm before remove"), "the setting came along")

        let probe = SQLiteProbe(path: store)
        let list = try #require(probe.value("TodoApp/list"))
        #expect(list.contains(#""nextID":9"#), "ids go on from the old counter")
        #expect(list.contains(#""title":"Water plants""#) && list.contains(#""id":8"#))
        #expect(probe.value("TodoApp/items") == nil)
        #expect(probe.value("TodoApp/nextID") == nil)
        #expect(probe.value("AppStorage/confirmsRemoval") == "1", "a Bool is stored as an integer")
        #expect(probe.value("TodoApp/confirmsRemoval") == nil)
    }
}
