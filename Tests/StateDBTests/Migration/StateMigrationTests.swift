import Foundation
import StateDB
import Testing

private struct Volume: Codable, Equatable {
    var level: Double
}

/// Makes a store at `path` holding `values` (key -> Int), committed and closed.
private func makeStore(_ path: String, _ values: [String: Int]) throws {
    let store = try StateStore(path: path)
    for (key, value) in values { try store.binding(for: key, default: value).wrappedValue = value }
    store.close()
}


struct StateMigrationTests {
    @Test func renameIdentityMovesTheViewAndEverythingBelowIt() throws {
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath, ["App/Settings/volume": 3, "App/Settings/Row[id: 1]/isOn": 1, "App/SettingsX/other": 9])
        let store = try StateStore(path: folder.storePath, migrations: [
            .renameIdentity("move settings", from: "App/Settings", to: "App/Panel"),
        ])
        #expect(try store.binding(for: "App/Panel/volume", default: 0).wrappedValue == 3)
        #expect(try store.binding(for: "App/Panel/Row[id: 1]/isOn", default: 0).wrappedValue == 1)
        #expect(try store.binding(for: "App/SettingsX/other", default: 0).wrappedValue == 9, "a sibling with a longer name is not a child")
        store.close()
        #expect(SQLiteProbe(path: folder.storePath).keys == ["App/Panel/Row[id: 1]/isOn", "App/Panel/volume", "App/SettingsX/other"])
    }

    /// The rows of a `ForEach` (`Row[id: 2]`), a second view of the type (`Row[#2]`) and a
    /// branch (`Row[then]`) are the renamed view too, and keep their qualifiers.
    @Test func renameIdentityMovesQualifiedViewsOfTheName() throws {
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath, [
            "App/List/ForEach/Row[id: 2]/expanded": 1, "App/List/ForEach/Row[id: \"b/c\"]/Detail/open": 2,
            "App/List/ForEach/Row[#2]/x": 3, "App/List/ForEach/Row[then]/y": 4, "App/List/ForEach/Rows/z": 5,
            "App/List/ForEach/Rowing[id: 1]/w": 6,
        ])
        let store = try StateStore(path: folder.storePath, migrations: [
            .renameIdentity("rows renamed", from: "App/List/ForEach/Row", to: "App/List/ForEach/Item"),
        ])
        #expect(try store.binding(for: "App/List/ForEach/Item[id: 2]/expanded", default: 0).wrappedValue == 1)
        store.close()
        #expect(SQLiteProbe(path: folder.storePath).keys == [
            "App/List/ForEach/Item[#2]/x", "App/List/ForEach/Item[id: \"b/c\"]/Detail/open", "App/List/ForEach/Item[id: 2]/expanded",
            "App/List/ForEach/Item[then]/y", "App/List/ForEach/Rowing[id: 1]/w", "App/List/ForEach/Rows/z",
        ])
    }

    /// A target below the source would be renamed again by the same migration: refused, and
    /// nothing applied.
    @Test func renameIdentityRefusesATargetBelowItsSource() throws {
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath, ["Root/Row/x": 1, "Root/Row[then]/x": 2])
        for target in ["Root/Row[then]", "Root/Row/Inner", "Root/Row", ""] {
            #expect {
                try StateStore(path: folder.storePath, migrations: [.renameIdentity("wrap", from: "Root/Row", to: target)])
            } throws: { error in
                (error as? StateStoreError)?.kind == .migrationFailed
            }
        }
        #expect(SQLiteProbe(path: folder.storePath).keys == ["Root/Row/x", "Root/Row[then]/x"])
    }

    @Test func renamePropertyInMatchingIdentities() throws {
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath, ["List/Row[id: 1]/done": 1, "List/Row[id: 2]/done": 0, "Other/done": 5])
        let store = try StateStore(path: folder.storePath, migrations: [
            .renameProperty("done is isDone", identities: "List/Row*", from: "done", to: "isDone"),
        ])
        store.close()
        #expect(SQLiteProbe(path: folder.storePath).keys == ["List/Row[id: 1]/isDone", "List/Row[id: 2]/isDone", "Other/done"])
    }

    @Test func retypeConvertsValuesAndRecoversQuarantinedOnes() throws {
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath, ["A/volume": 7, "B/volume": 4])
        do {
            // A release changed the type without a migration: B's value is quarantined.
            let store = try StateStore(path: folder.storePath)
            let diagnostics = DiagnosticsRecorder(store)
            #expect(try store.binding(for: "B/volume", default: Volume(level: 0)).wrappedValue == Volume(level: 0))
            #expect(diagnostics.of(.quarantined).count == 1)
            store.close()
        }
        let store = try StateStore(path: folder.storePath, migrations: [
            .retype("volume as struct", keys: "*/volume", from: Int.self, to: Volume.self) { Volume(level: Double($0) / 10) },
        ])
        #expect(try store.binding(for: "A/volume", default: Volume(level: -1)).wrappedValue == Volume(level: 0.7))
        #expect(try store.binding(for: "B/volume", default: Volume(level: -1)).wrappedValue == Volume(level: 0.4), "recovered from quarantine")
        store.close()
        #expect(SQLiteProbe(path: folder.storePath).rows("SELECT count(*) FROM quarantine") == [["0"]])
    }

    /// A value written under the new type after the old one was set aside is newer than it:
    /// recovering the quarantined value over it lost the user's value with no trace.
    @Test func retypeLeavesASlotWrittenAfterTheQuarantineAndKeepsTheEntry() throws {
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath, ["B/volume": 11])
        do {
            let store = try StateStore(path: folder.storePath)
            #expect(try store.binding(for: "B/volume", default: Volume(level: 0)).wrappedValue == Volume(level: 0))
            try store.flush()  // the quarantine, with the initial value it left
            Thread.sleep(forTimeInterval: 0.01)  // the user's write comes in a later millisecond
            try store.binding(for: "B/volume", default: Volume(level: 0)).wrappedValue = Volume(level: 7)
            store.close()
        }
        let store = try StateStore(path: folder.storePath, migrations: [
            .retype("volume as struct", keys: "*/volume", from: Int.self, to: Volume.self) { Volume(level: Double($0)) },
        ])
        #expect(try store.binding(for: "B/volume", default: Volume(level: -1)).wrappedValue == Volume(level: 7), "the newer value stays")
        store.close()
        #expect(SQLiteProbe(path: folder.storePath).rows("SELECT stored_type, value FROM quarantine") == [["Swift.Int", "11"]],
                "the older value stays in quarantine")
    }

    /// A key quarantined twice gets back the value it held last; the older one stays aside.
    @Test func retypeRecoversAKeysNewestQuarantinedValue() throws {
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath, ["B/volume": 4])
        func open(asInt: Int?) throws {
            let store = try StateStore(path: folder.storePath)
            if let asInt {
                try store.binding(for: "B/volume", default: 0).wrappedValue = asInt  // an older build, or the CLI
            } else {
                _ = try store.binding(for: "B/volume", default: Volume(level: 0))
            }
            store.close()
            Thread.sleep(forTimeInterval: 0.01)
        }
        try open(asInt: nil)  // 4 set aside
        try open(asInt: 5)  // the Volume set aside, 5 written
        try open(asInt: nil)  // 5 set aside
        let store = try StateStore(path: folder.storePath, migrations: [
            .retype("volume as struct", keys: "*/volume", from: Int.self, to: Volume.self) { Volume(level: Double($0)) },
        ])
        #expect(try store.binding(for: "B/volume", default: Volume(level: -1)).wrappedValue == Volume(level: 5))
        store.close()
        #expect(SQLiteProbe(path: folder.storePath).rows("SELECT stored_type, value FROM quarantine WHERE stored_type = 'Swift.Int'") == [["Swift.Int", "4"]])
    }

    @Test func deleteByPattern() throws {
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath, ["Legacy/a": 1, "Legacy/b/c": 2, "Kept/a": 3])
        let store = try StateStore(path: folder.storePath, migrations: [.delete("drop legacy", keys: "Legacy/*")])
        store.close()
        #expect(SQLiteProbe(path: folder.storePath).keys == ["Kept/a"])
    }

    @Test func customMigrationsUseTheTransactionalSlotAPI() throws {
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath, ["Counter/count": 41])
        let store = try StateStore(path: folder.storePath, migrations: [
            .custom("split count") { slots in
                let count = try slots.value(Int.self, at: "Counter/count") ?? 0
                try slots.set("\(count + 1)", at: "Counter/label")
                try slots.remove("Counter/count")
                #expect(try slots.keys(matching: "Counter/*") == ["Counter/label"])
            },
        ])
        #expect(try store.binding(for: "Counter/label", default: "").wrappedValue == "42")
        store.close()
    }

    @Test func migrationsApplyOnceInOrderAndAreRecorded() throws {
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath, ["X/n": 1])
        let migrations: [StateMigration] = [
            .custom("double") { slots in try slots.set((try slots.value(Int.self, at: "X/n") ?? 0) * 2, at: "X/n") },
            .custom("add one") { slots in try slots.set((try slots.value(Int.self, at: "X/n") ?? 0) + 1, at: "X/n") },
        ]
        try StateStore(path: folder.storePath, migrations: migrations).close()
        let store = try StateStore(path: folder.storePath, migrations: migrations)
        #expect(try store.binding(for: "X/n", default: 0).wrappedValue == 3, "(1 * 2) + 1, applied once")
        store.close()
        #expect(SQLiteProbe(path: folder.storePath).rows("SELECT name, position FROM app_migrations ORDER BY position") == [["double", "0"], ["add one", "1"]])
    }

    @Test func aMigrationThatThrowsHalfwayLeavesTheFileUnchanged() throws {
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath, ["X/a": 1, "X/b": 2])
        let before = try fileBytes(folder.storePath)
        struct Boom: Error {}
        #expect {
            try StateStore(path: folder.storePath, migrations: [
                .delete("first", keys: "X/a"),
                .custom("second") { slots in
                    try slots.set(99, at: "X/b")
                    throw Boom()
                },
            ])
        } throws: { error in
            let error = error as? StateStoreError
            return error?.kind == .migrationFailed && error?.message.contains("'second'") == true
                && error?.message.contains("none of the state migrations was applied") == true
        }
        #expect(try fileBytes(folder.storePath) == before)
        let store = try StateStore(path: folder.storePath)
        #expect(try store.binding(for: "X/a", default: 0).wrappedValue == 1)
        #expect(try store.binding(for: "X/b", default: 0).wrappedValue == 2)
        store.close()
    }

    @Test func migrationsOfANewerBuildAreDetected() throws {
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath, ["X/a": 1])
        try StateStore(path: folder.storePath, migrations: [.delete("one", keys: "nothing"), .delete("two", keys: "nothing")]).close()
        #expect {
            try StateStore(path: folder.storePath, migrations: [.delete("one", keys: "nothing")])
        } throws: { error in
            (error as? StateStoreError)?.kind == .newerSchema && "\(error)".contains("'two'")
                // A migration renamed in code looks the same: the message says what to do then.
                && "\(error)".contains("If this build renamed or dropped a migration the store had applied, put it back in the list under its old name")
        }
        var options = StateStore.Options()
        options.unknownAppMigrations = .report
        let store = try StateStore(path: folder.storePath, migrations: [.delete("one", keys: "nothing")], options: options)
        store.close()
    }

    /// Opened read-only, a store is checked as on a writable open and nothing is applied:
    /// a newer build's store is refused, and so is one whose migrations this build has not run
    /// yet (its values would be read unconverted); the file is never written.
    @Test func aReadOnlyOpenChecksTheMigrationsAndAppliesNone() throws {
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath, ["X/a": 1])
        try StateStore(path: folder.storePath, migrations: [.delete("one", keys: "nothing"), .delete("two", keys: "nothing")]).close()
        let bytes = try fileBytes(folder.storePath)
        var readOnly = StateStore.Options()
        readOnly.readOnly = true
        #expect {
            try StateStore(path: folder.storePath, migrations: [.delete("one", keys: "nothing")], options: readOnly)
        } throws: { error in
            (error as? StateStoreError)?.kind == .newerSchema && "\(error)".contains("'two'")
        }
        #expect {
            try StateStore(path: folder.storePath, migrations: [.delete("one", keys: "nothing"), .delete("two", keys: "nothing"),
                                                                 .renameIdentity("three", from: "X", to: "Y")], options: readOnly)
        } throws: { error in
            (error as? StateStoreError)?.kind == .migrationRequired && "\(error)".contains("'three' are pending")
        }
        #expect(try fileBytes(folder.storePath) == bytes)
        let current = try StateStore(path: folder.storePath, migrations: [.delete("one", keys: "nothing"), .delete("two", keys: "nothing")], options: readOnly)
        #expect(try current.binding(for: "X/a", default: 0).wrappedValue == 1)
        current.close()
    }

    @Test func aMigrationInsertedBeforeAnAppliedOneIsRefused() throws {
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath, [:])
        try StateStore(path: folder.storePath, migrations: [.delete("one", keys: "x")]).close()
        #expect {
            try StateStore(path: folder.storePath, migrations: [.delete("zero", keys: "x"), .delete("one", keys: "x")])
        } throws: { error in
            "\(error)".contains("append new migrations at the end")
        }
    }

    @Test func declarativeFilesCastScalarsExactly() throws {
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath, ["A/count": 12, "B/count": 3])
        let file = Data("""
        { "migrations": [
          { "name": "count as text", "retype": { "keys": "*/count", "from": "Swift.Int", "to": "Swift.String" } },
          { "name": "move a", "renameIdentity": { "from": "A", "to": "Z" } }
        ] }
        """.utf8)
        let migrations = try StateMigration.migrations(fromFile: file, path: "fix.json")
        try MigrationStatus.migrateUp(path: folder.storePath, migrations: migrations)
        let store = try StateStore(path: folder.storePath)
        #expect(try store.binding(for: "Z/count", default: "").wrappedValue == "12")
        #expect(try store.binding(for: "B/count", default: "").wrappedValue == "3")
        store.close()

        let bad = Data(#"{ "migrations": [ { "name": "x", "retype": { "keys": "*", "from": "Swift.Int", "to": "MyApp.Thing" } } ] }"#.utf8)
        #expect(throws: StateStoreError.self) { try StateMigration.migrations(fromFile: bad, path: "bad.json") }
        #expect(throws: StateStoreError.self) { try StateMigration.migrations(fromFile: Data("[]".utf8), path: "bad.json") }
    }

    @Test func aCastThatIsNotExactFailsTheWholeMigration() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        try store.binding(for: "A/name", default: "12").wrappedValue = "12"
        try store.binding(for: "B/name", default: "twelve").wrappedValue = "twelve"
        store.close()
        let before = try fileBytes(folder.storePath)
        let file = Data(#"{ "migrations": [ { "name": "names as numbers", "retype": { "keys": "*/name", "from": "Swift.String", "to": "Swift.Int" } } ] }"#.utf8)
        let migrations = try StateMigration.migrations(fromFile: file, path: "fix.json")
        #expect(throws: StateStoreError.self) { try StateStore(path: folder.storePath, migrations: migrations) }
        #expect(try fileBytes(folder.storePath) == before)
    }

    @Test func migrateUpWritesABackupAndStatusReadsWithoutWriting() throws {
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath, ["X/a": 1])
        let migrations: [StateMigration] = [.delete("drop a", keys: "X/a")]
        let before = try fileBytes(folder.storePath)
        let status = try MigrationStatus.read(path: folder.storePath, migrations: migrations)
        #expect(status.pendingState.map(\.name) == ["drop a"])
        #expect(status.pendingSchema.isEmpty)
        #expect(status.appliedSchema.allSatisfy { $0.matchesThisBuild })
        #expect(try fileBytes(folder.storePath) == before, "status never writes")

        let backup = try #require(try MigrationStatus.migrateUp(path: folder.storePath, migrations: migrations))
        #expect(SQLiteProbe(path: backup).keys == ["X/a"], "the backup holds the state before the migration")
        #expect(SQLiteProbe(path: folder.storePath).keys == [])
        let attributes = try FileManager.default.attributesOfItem(atPath: backup)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try MigrationStatus.migrateUp(path: folder.storePath, migrations: migrations) == nil, "nothing pending")
    }
}

// A row view of a `ForEach` renamed in the next release (`RowView` → `ItemRow`), with the
// rename registered: every row keeps its state.
private struct RowsV1: View {
    var body: some View {
        ForEach([1, 2, 3], id: \.self) { id in RowView(id: id) }
    }
}

private struct RowView: View {
    let id: Int
    @State var expanded = false
    var body: some View {
        Toggle("Row \(id)", isOn: $expanded)
    }
}

private struct RowsV2: View {
    var body: some View {
        ForEach([1, 2, 3], id: \.self) { id in ItemRow(id: id) }
    }
}

private struct ItemRow: View {
    let id: Int
    @State var expanded = false
    var body: some View {
        Toggle("Item \(id)", isOn: $expanded)
    }
}

@MainActor
struct RenamedRowViewTests {
    @Test func everyRowKeepsItsStateAcrossTheRename() throws {
        let folder = TemporaryDirectory()
        do {
            let store = try StateStore(path: folder.storePath)
            let host = ViewHost(root: RowsV1(), store: store)
            try host.toggle("Row 2").toggle()
            store.close()
        }
        let store = try StateStore(path: folder.storePath, migrations: [
            .renameIdentity("row view renamed", from: "RowsV1/ForEach/RowView", to: "RowsV2/ForEach/ItemRow"),
        ])
        let host = ViewHost(root: RowsV2(), store: store)
        #expect(host.render() == "[ ] Item 1\n[x] Item 2\n[ ] Item 3", "\(host.identities)")
        store.close()
        #expect(SQLiteProbe(path: folder.storePath).keys.allSatisfy { $0.hasPrefix("RowsV2/ForEach/ItemRow[id: ") })
    }
}
