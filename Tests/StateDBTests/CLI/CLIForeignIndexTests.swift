import Foundation
import StateDB
import Testing

/// An index added to a store's tables that can make statedb's own writes fail (an expression
/// SQLite evaluates at every write, a WHERE clause, a UNIQUE constraint) gets the store refused
/// for writing, by the app and the tool, naming the index and the `DROP INDEX` that clears it;
/// reads go on, and an ordinary index on columns is accepted as before.
struct CLIForeignIndexTests {
    let folder = TemporaryDirectory()

    @Test(arguments: [
        ("CREATE INDEX evil ON slots((CASE WHEN length(value) > 1000 THEN json('x') END))", "an index on an expression"),
        ("CREATE INDEX picky ON slots(updated_at) WHERE json_valid(value)", "a partial index"),
        ("CREATE UNIQUE INDEX \"one value\" ON slots(value, identity)", "a UNIQUE index"),
    ])
    func anIndexThatCanFailWritesIsRefusedForWriting(create: String, kind: String) throws {
        let store = folder.storePath
        try makeSampleStore(at: store)
        _ = try SQLiteShell.run(store, create)
        let bytes = try fileBytes(store)

        let set = try CLI.run(["set", store, SampleKeys.count, "12345"])
        #expect(set.status == 7, "\(set)")
        #expect(set.stderr.contains(kind) && set.stderr.contains("DROP INDEX") && set.stderr.contains("nothing was written"), "\(set)")
        #expect(try fileBytes(store) == bytes)
        #expect(throws: StateStoreError.self) { try StateStore(path: store) }
        #expect(try fileBytes(store) == bytes)

        let get = try CLI.run(["get", store, SampleKeys.count])
        #expect(get.status == 0, "reads go on: \(get)")
        let check = try CLI.run(["check", store])
        #expect(check.stdout.contains("is not part of the schema"), "\(check)")

        // The DROP the message gives clears it.
        let drop = try #require(set.stderr.range(of: "`sqlite3 ")).upperBound
        let command = set.stderr[drop...].prefix { $0 != "`" }
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "sqlite3 " + command]
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0, "sqlite3 \(command)")
        #expect(try CLI.run(["set", store, SampleKeys.count, "12345"]).status == 0)
    }

    @Test func anIndexOnColumnsIsAccepted() throws {
        let store = folder.storePath
        try makeSampleStore(at: store)
        _ = try SQLiteShell.run(store, "CREATE INDEX by_type ON slots(type, updated_at)")
        let set = try CLI.run(["set", store, SampleKeys.count, "7"])
        #expect(set.status == 0, "\(set)")
        let app = try StateStore(path: store)
        #expect(try app.binding(for: SampleKeys.count, default: 0).wrappedValue == 7)
        app.close()
    }
}
