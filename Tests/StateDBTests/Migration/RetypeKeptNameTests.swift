import Foundation
import StateDB
import Testing

/// A type that kept its name and changed its fields (`Settings` gains `muted`): the app declares
/// the old shape as a type of its own (`SettingsV1`), and `retype` converts the values stored in
/// that shape under the kept name, in their rows and from quarantine.
@Suite struct RetypeKeptNameTests {
    struct SettingsV1: Codable { var volume: Int }

    /// The first release's `Settings`: a local type, like the second release's in each test, so
    /// that both are stored under one name (`ValueCodec` leaves out the local context), as one
    /// app's type keeps its name from one release to the next.
    private static func writeFirstRelease(_ path: String, volumes: [String: Int]) throws {
        struct Settings: Codable, Equatable { var volume: Int }
        let store = try StateStore(path: path)
        for (key, volume) in volumes { try store.binding(for: key, default: Settings(volume: 0)).wrappedValue = Settings(volume: volume) }
        store.close()
    }

    /// The new shape, as a type of the suite: stored under the same name as the local
    /// `Settings` of the helpers and tests here (`ValueCodec` leaves out the local context).
    struct Settings: Codable, Equatable { var volume: Int; var muted: Bool }

    /// A retype whose old shape is a local `Settings`, stored under the same name as the new.
    private static func retypeFromALocalOldShape() -> StateMigration {
        struct Settings: Codable { var volume: Int }
        return .retype("settings get muted", keys: "*/settings", from: Settings.self, to: RetypeKeptNameTests.Settings.self) {
            RetypeKeptNameTests.Settings(volume: $0.volume, muted: false)
        }
    }

    /// A third shape: the second release stored `{volume, muted}`, the third adds `theme` and
    /// retypes from the first. The second's value decodes as the first shape, but only by
    /// dropping `muted`: it is left as it is (the app then quarantines it, losing nothing).
    @Test func aValueWithFieldsTheOldShapeLacksIsLeftAsItIs() throws {
        struct Settings: Codable, Equatable { var volume: Int; var muted: Bool; var theme: String }
        let folder = TemporaryDirectory()
        try Self.writeFirstRelease(folder.storePath, volumes: ["A/settings": 7])
        try StateStore(path: folder.storePath).close()
        try SQLiteShell.run(folder.storePath, #"INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at, version) SELECT 'B/settings', 'B', 'settings', type, 'json', '{"muted":true,"volume":4}', created_at, updated_at, seen_at, version FROM slots WHERE key = 'A/settings'"#)
        let store = try StateStore(path: folder.storePath, migrations: [
            .retype("settings get a theme", keys: "*/settings", from: SettingsV1.self, to: Settings.self) { Settings(volume: $0.volume, muted: false, theme: "plain") },
        ])
        store.close()
        #expect(SQLiteProbe(path: folder.storePath).rows("SELECT key, value FROM slots WHERE key LIKE '%/settings' ORDER BY key")
                == [["A/settings", #"{"muted":false,"theme":"plain","volume":7}"#], ["B/settings", #"{"muted":true,"volume":4}"#]])
    }

    /// A first release's row of the old shape and a second release's of the new, then
    /// `migration`: the first is converted; the second, which also decodes as the old shape, is
    /// not sent through it (`muted` would be lost).
    private func expectOnlyTheOldShapeConverted(by migration: StateMigration) throws {
        let folder = TemporaryDirectory()
        try Self.writeFirstRelease(folder.storePath, volumes: ["A/settings": 7])
        do {
            let store = try StateStore(path: folder.storePath)
            try store.binding(for: "B/settings", default: Settings(volume: 0, muted: false)).wrappedValue = Settings(volume: 3, muted: true)
            store.close()
        }
        let types = SQLiteProbe(path: folder.storePath).rows("SELECT DISTINCT type FROM slots")
        try #require(types.count == 1, "both releases store the type under one name: \(types)")

        let store = try StateStore(path: folder.storePath, migrations: [migration])
        let diagnostics = DiagnosticsRecorder(store)
        #expect(try store.binding(for: "A/settings", default: Settings(volume: -1, muted: true)).wrappedValue == Settings(volume: 7, muted: false))
        #expect(try store.binding(for: "B/settings", default: Settings(volume: -1, muted: false)).wrappedValue == Settings(volume: 3, muted: true))
        #expect(diagnostics.of(.quarantined).isEmpty)
        store.close()
        #expect(SQLiteProbe(path: folder.storePath).rows("SELECT count(*) FROM quarantine") == [["0"]])
    }

    @Test func anOldShapeDeclaredAsATypeOfItsOwnConvertsOnlyValuesOfThatShape() throws {
        try expectOnlyTheOldShapeConverted(by: .retype("settings get muted", keys: "*/settings", from: SettingsV1.self, to: Settings.self) {
            Settings(volume: $0.volume, muted: false)
        })
    }

    @Test func anOldShapeOfTheSameNameConvertsOnlyValuesOfThatShape() throws {
        try expectOnlyTheOldShapeConverted(by: Self.retypeFromALocalOldShape())
    }

    @Test func aValueQuarantinedByAReleaseWithoutTheMigrationComesBack() throws {
        let folder = TemporaryDirectory()
        try Self.writeFirstRelease(folder.storePath, volumes: ["A/settings": 7, "B/settings": 4])
        do {
            // The second release shipped without a migration: A's value no longer decodes.
            let store = try StateStore(path: folder.storePath)
            let diagnostics = DiagnosticsRecorder(store)
            #expect(try store.binding(for: "A/settings", default: Settings(volume: 0, muted: false)).wrappedValue == Settings(volume: 0, muted: false))
            #expect(diagnostics.of(.quarantined).count == 1)
            store.close()
        }
        #expect(SQLiteProbe(path: folder.storePath).rows("SELECT count(*) FROM quarantine") == [["1"]])

        let store = try StateStore(path: folder.storePath, migrations: [
            .retype("settings get muted", keys: "*/settings", from: SettingsV1.self, to: Settings.self) { Settings(volume: $0.volume, muted: false) },
        ])
        #expect(try store.binding(for: "A/settings", default: Settings(volume: -1, muted: true)).wrappedValue == Settings(volume: 7, muted: false),
                "recovered from quarantine")
        #expect(try store.binding(for: "B/settings", default: Settings(volume: -1, muted: true)).wrappedValue == Settings(volume: 4, muted: false),
                "converted in its row, never mounted by the release without the migration")
        store.close()
        #expect(SQLiteProbe(path: folder.storePath).rows("SELECT count(*) FROM quarantine") == [["0"]])
    }
}
