import Foundation
import StateDB
import Testing

/// A store is private to its user: the file 0600, the folders it creates 0700.
struct FileModeTests {
    func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require(attributes[.posixPermissions] as? Int)
    }

    @Test func aNewStoreAndItsNewFoldersArePrivate() throws {
        let folder = TemporaryDirectory()
        let parentMode = try mode(folder.url.path)
        let nested = ["app", "state", "v1", "data"]
        let path = folder.path(nested.joined(separator: "/")) + "/state.sqlite"

        let store = try StateStore(path: path)
        try store.binding(for: "Modes/value", default: 1).wrappedValue = 2
        try store.flush()

        #expect(try mode(path) == 0o600)
        // The side files SQLite creates while the store is open take the file's mode.
        #expect(try mode(path + "-wal") == 0o600)
        #expect(try mode(path + "-shm") == 0o600)
        for depth in 1...nested.count {
            let created = folder.path(nested.prefix(depth).joined(separator: "/"))
            #expect(try mode(created) == 0o700, "\(created)")
        }
        // A folder that already existed keeps its mode.
        #expect(try mode(folder.url.path) == parentMode)
        store.close()
        #expect(try mode(path) == 0o600)
    }
}
