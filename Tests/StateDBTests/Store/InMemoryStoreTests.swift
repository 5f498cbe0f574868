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

    /// Each in-memory store is a copy of one database migrated once per process
    /// (`InMemorySchema`): the copy must be the whole schema at this build's version, and each
    /// store's database its own.
    @Test func everyInMemoryStoreHasTheWholeSchemaInADatabaseOfItsOwn() throws {
        let first = StateStore.inMemory()
        let second = StateStore.inMemory()
        defer { first.close(); second.close() }
        let expected = try ExpectedSchema.computedByRunningMigrations(version: SchemaMigration.latestVersion)
        for store in [first, second] {
            let (objects, version, migrations) = try store.withConnection("reading the schema") { connection in
                let recorded = try connection.prepare("SELECT count(*) FROM statedb_schema_migrations")
                return (try SchemaVerification.objects(of: connection), try connection.pragmaInteger(.userVersion),
                        try recorded.step() ? recorded.int64(at: 0) : -1)
            }
            #expect(objects.sorted { $0.name < $1.name } == expected.sorted { $0.name < $1.name })
            #expect(version == Int64(SchemaMigration.latestVersion))
            #expect(migrations == Int64(SchemaMigration.all.count))
        }
        func tablesNamedOnlyInTheFirst(in store: StateStore) throws -> Int64 {
            try store.withConnection("looking for the table") { connection in
                let statement = try connection.prepare("SELECT count(*) FROM sqlite_schema WHERE name = 'only_in_the_first'")
                return try statement.step() ? statement.int64(at: 0) : -1
            }
        }
        try first.withConnection("adding a table by hand") { connection in
            try connection.execute("CREATE TABLE only_in_the_first (x)")
        }
        #expect(try tablesNamedOnlyInTheFirst(in: second) == 0, "a store's database is its own, not the one it was copied from")
        let third = StateStore.inMemory()
        defer { third.close() }
        #expect(try tablesNamedOnlyInTheFirst(in: third) == 0, "nothing a store does reaches the database later stores are copied from")
    }
}
