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
}
