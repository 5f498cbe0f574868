import Foundation
import StateDB
import Testing

/// A store whose app registers state migrations (`StateStore(path:migrations:)`): the CLI knows
/// none of them, and its write commands work on the store all the same, as its read commands
/// do. The store keeps refusing an app build that lacks one of them.
@Suite struct CLIAppMigratedStoreTests {
    let folder = TemporaryDirectory()
    var path: String { folder.storePath }
    /// What the app's current build registers: recorded in the store by its open.
    let appMigrations: [StateMigration] = [.delete("drop-old-banner", keys: "Banner/*")]

    init() throws {
        try makeSampleStore(at: folder.storePath)
        try StateStore(path: folder.storePath, migrations: appMigrations).close()
    }

    /// Reads a slot as the app's current build does (with its migrations).
    private func appValue<Value: Codable>(_ key: String, as type: Value.Type, default defaultValue: Value) throws -> Value {
        let store = try StateStore(path: path, migrations: appMigrations)
        defer { store.close() }
        return try store.binding(for: key, default: defaultValue).wrappedValue
    }

    @Test func writeCommandsWorkOnAStoreTheAppMigrated() throws {
        let set = try CLI.run("set", path, SampleKeys.count, "12")
        #expect(set.status == 0, "\(set)")
        #expect(try appValue(SampleKeys.count, as: Int.self, default: 0) == 12)

        let moved = try CLI.run("mv", path, "ContentView/List", "ContentView/Grid")
        #expect(moved.status == 0, "\(moved)")
        #expect(try appValue(#"ContentView/Grid/Row[id: "42"]/isOn"#, as: Bool.self, default: false) == true)

        let removed = try CLI.run("rm", path, SampleKeys.level)
        #expect(removed.status == 0, "\(removed)")
        #expect(try appValue(SampleKeys.level, as: UInt8.self, default: 7) == 7)

        let export = folder.path("state.json")
        #expect(try CLI.run("export", path, "-o", export).status == 0)
        #expect(try CLI.run("set", path, SampleKeys.count, "13").status == 0)
        let imported = try CLI.run("import", path, export, "--replace")
        #expect(imported.status == 0, "\(imported)")
        #expect(try appValue(SampleKeys.count, as: Int.self, default: 0) == 12)

        let collected = try CLI.run("gc", path, "--unseen-for", "1000d")
        #expect(collected.status == 0, "\(collected)")
    }

    @Test func theStoreStillRefusesABuildWithoutTheMigration() throws {
        #expect(try CLI.run("set", path, SampleKeys.count, "5").status == 0)
        #expect {
            try StateStore(path: path)
        } throws: { error in
            (error as? StateStoreError)?.kind == .newerSchema && "\(error)".contains("'drop-old-banner'")
        }
        let status = try CLI.run("migrate", "status", path)
        #expect(status.stdout.contains("drop-old-banner"), "\(status)")
    }
}
