import Foundation
@_spi(Admin) import StateDB
import Testing

// `check` compares the identity and property a row stores with the two parts of its key, as
// they are in the file: a hand edit that changes one of them is reported.
struct CheckIdentityTests {
    @Test func aRowWhoseStoredIdentityDiffersFromItsKeyIsReported() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        _ = try store.binding(for: "App/Settings/volume", default: 3)
        _ = try store.binding(for: "App/Settings/name", default: "x")
        try store.flush()
        store.close()

        let healthy = try StoreAdmin(path: folder.storePath, access: .read).check()
        #expect(healthy.problems.isEmpty)

        try SQLiteShell.run(folder.storePath, "UPDATE slots SET identity = 'App/Other' WHERE key = 'App/Settings/volume'")
        let report = try StoreAdmin(path: folder.storePath, access: .read).check()
        #expect(report.problems.map(\.key) == ["App/Settings/volume"])
        #expect(report.problems.first?.message.contains("\"App/Other\"") == true)

        try SQLiteShell.run(folder.storePath, "UPDATE slots SET identity = 'App/Settings', property = 'loudness' WHERE key = 'App/Settings/volume'")
        let second = try StoreAdmin(path: folder.storePath, access: .read).check()
        #expect(second.problems.map(\.key) == ["App/Settings/volume"])
        #expect(second.problems.first?.message.contains("\"loudness\"") == true)
    }

    /// The integrity check runs on a second connection, which opens the store by its path: when
    /// the path no longer names the store's file, the store's own connection checks it.
    @Test func aStoreWhosePathNamesNoFileNowIsStillCheckedWhole() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        try store.binding(for: "App/count", default: 0).wrappedValue = 1
        store.close()
        let admin = try StoreAdmin(path: folder.storePath, access: .read)
        defer { admin.close() }
        try FileManager.default.moveItem(atPath: folder.storePath, toPath: folder.path("moved.sqlite"))
        let moved = try admin.check()
        #expect(moved.integrity == ["ok"])
        #expect(moved.slotCount == 1)
        // Something that is not a database in its place: not what the store has open either.
        try Data("not a database, and long enough to be read as one".utf8).write(to: URL(fileURLWithPath: folder.storePath))
        let replaced = try admin.check()
        #expect(replaced.integrity == ["ok"])
        #expect(replaced.slotCount == 1)
    }

    /// A damaged store put in the store's place after it was opened (before `check` started)
    /// is not the file checked: its damage is not reported as the open store's.
    @Test func aDamagedStorePutInPlaceAfterOpeningIsNotTheOneChecked() throws {
        let folder = TemporaryDirectory()
        try StoreDamage.makeStore(folder.storePath, count: 50)
        let damaged = folder.path("damaged.sqlite")
        try StoreDamage.makeStore(damaged, count: 50)
        try StoreDamage.damageKeyIndex(damaged)
        #expect(try StoreAdmin(path: damaged, access: .read).check().integrity != ["ok"], "the damage must be one the integrity check reports")

        let admin = try StoreAdmin(path: folder.storePath, access: .read)
        defer { admin.close() }
        #expect(rename(damaged, folder.storePath) == 0)
        let report = try admin.check()
        #expect(report.integrity == ["ok"])
        #expect(report.slotCount == 50)
    }
}
