import Foundation
import StateDB
import Testing

/// Files that are not stores of ours (or that this build must not touch) are refused with one
/// clear line, and left exactly as they were: not a byte changed, no `-wal` or `-shm` left.
struct RefusedFileTests {
    /// Opens `path`, expects a refusal of `kind`, and checks the file did not change.
    @discardableResult
    func expectRefusal(_ path: String, _ kind: StateStoreError.Kind, sourceLocation: SourceLocation = #_sourceLocation) -> StateStoreError? {
        let before = FileSnapshot(path)
        let error = #expect(throws: StateStoreError.self, sourceLocation: sourceLocation) { try StateStore(path: path) }
        #expect(error?.kind == kind, sourceLocation: sourceLocation)
        if let description = error?.description {
            #expect(description.contains(path), sourceLocation: sourceLocation)
            #expect(!description.contains("\n"), "\(description)", sourceLocation: sourceLocation)
        }
        #expect(FileSnapshot(path) == before, sourceLocation: sourceLocation)
        return error
    }

    /// A real store with a few rows, closed (so no `-wal` / `-shm` beside it).
    func makeStore(_ path: String) throws {
        let store = try StateStore(path: path)
        for index in 0..<50 {
            try store.binding(for: "Refused/slot\(index)", default: String(repeating: "x", count: 500)).wrappedValue = "value \(index)"
        }
        store.close()
    }

    @Test func junkBytes() throws {
        let folder = TemporaryDirectory()
        let path = folder.storePath
        #expect(FileManager.default.createFile(atPath: path, contents: Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })))
        expectRefusal(path, .notADatabase)
    }

    @Test func aTextFile() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("notes.txt")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("shopping list\n".utf8)))
        expectRefusal(path, .notADatabase)
    }

    @Test func aStoreCutInsideItsHeader() throws {
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath)
        try truncate(folder.storePath, to: 60)
        expectRefusal(folder.storePath, .corrupt)
    }

    @Test func aStoreCutAfterItsFirstPages() throws {
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath)
        let pageSize = Int(try SQLiteShell.run(folder.storePath, "PRAGMA page_size")) ?? 4096
        try truncate(folder.storePath, to: 2 * pageSize)
        expectRefusal(folder.storePath, .corrupt)
    }

    @Test func aStoreMissingItsLastPage() throws {
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath)
        let pageSize = Int(try SQLiteShell.run(folder.storePath, "PRAGMA page_size")) ?? 4096
        let size = try #require(FileSnapshot(folder.storePath).bytes?.count)
        try truncate(folder.storePath, to: size - pageSize)
        expectRefusal(folder.storePath, .corrupt)
    }

    @Test func anotherApplicationsDatabase() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("notes.db")
        try SQLiteShell.run(path, "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('keep me');")
        let error = expectRefusal(path, .foreignDatabase)
        #expect(error?.description.contains("notes") == true)
    }

    @Test func aStoreWithANewerSchema() throws {
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath)
        try SQLiteShell.run(folder.storePath, "PRAGMA user_version = \(SchemaMigration.latestVersion + 1)")
        expectRefusal(folder.storePath, .newerSchema)
    }

    @Test func aStoreWhoseAppliedMigrationChanged() throws {
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath)
        try SQLiteShell.run(folder.storePath, "UPDATE statedb_schema_migrations SET checksum = '\(String(repeating: "0", count: 64))' WHERE version = 1")
        expectRefusal(folder.storePath, .checksumMismatch)
        // `check` opens it to report the checksum with everything else, and writes nothing.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: folder.storePath))
        let check = try CLI.run("check", folder.storePath)
        #expect(check.status == 5, "\(check)")
        #expect(check.stdout.contains("0001_initial sha256 000000000000… differs from this build's file"), "\(check)")
        #expect(check.stdout.contains("clock: tick"), "the rest is checked too: \(check)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.storePath)) == bytes)
    }

    /// The inspection opens the file through a `file:` URI; characters that mean something
    /// in a URI must not change which file it reads.
    @Test func aPathWithURICharacters() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("odd name?x=1#frag%41;") + "/state.sqlite"
        try makeStore(path)
        let store = try StateStore(path: path)
        #expect(try store.binding(for: "Refused/slot3", default: "").wrappedValue == "value 3")
        store.close()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["odd name?x=1#frag%41;"])

        try SQLiteShell.run(path, "PRAGMA user_version = \(SchemaMigration.latestVersion + 1)")
        expectRefusal(path, .newerSchema)
    }

    @Test func aFolder() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("looks-like-a-store.sqlite")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        #expect(FileManager.default.createFile(atPath: path + "/inside", contents: Data("x".utf8)))
        expectRefusal(path, .cannotOpen)
    }

    /// A path through a file where a folder should be: said so, rather than sent to look at
    /// the folder's permissions, and nothing is created.
    @Test func aPathThroughAFile() throws {
        let folder = TemporaryDirectory()
        let file = folder.path("notes.txt")
        #expect(FileManager.default.createFile(atPath: file, contents: Data("notes".utf8)))
        let error = expectRefusal(file + "/state.sqlite", .cannotOpen)
        #expect(error?.description.contains("a part of the path is a file, not a folder; check the path") == true, "\(String(describing: error))")
        #expect(!(error?.description.contains("permissions") ?? true))
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data("notes".utf8))
    }

    @Test func anEmptyPath() throws {
        let error = #expect(throws: StateStoreError.self) { try StateStore(path: "") }
        #expect(error?.kind == .cannotOpen)
        #expect(error?.description == "the store's path is empty; give the full path of a file, such as .local/state/myapp/state.sqlite in the user's home folder (FileManager.default.homeDirectoryForCurrentUser; a ~ is not expanded).")
        // What an app shows in an alert: the message, not "The operation could not be completed".
        #expect(error?.localizedDescription == error?.description)
    }

    @Test func anEmptyFileIsAdopted() throws {
        let folder = TemporaryDirectory()
        #expect(FileManager.default.createFile(atPath: folder.storePath, contents: Data()))
        let store = try StateStore(path: folder.storePath)
        try store.binding(for: "Adopted/value", default: 0).wrappedValue = 5
        store.close()

        #expect(try SQLiteShell.run(folder.storePath, "PRAGMA application_id") == String(0x5354_4442))
        #expect(try SQLiteShell.run(folder.storePath, "PRAGMA user_version") == String(SchemaMigration.latestVersion))
        let reopened = try StateStore(path: folder.storePath)
        #expect(try reopened.binding(for: "Adopted/value", default: 0).wrappedValue == 5)
        reopened.close()
    }

    func truncate(_ path: String, to size: Int) throws {
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
    }
}
