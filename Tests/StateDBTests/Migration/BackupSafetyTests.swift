import Foundation
import StateDB
import Testing

/// The backup made before a schema upgrade (by the app, and by `statedb migrate up`) has a
/// predictable name beside the store. It is never written through a link planted under that
/// name, never left half-written under it, and whenever it cannot be made, nothing is migrated.
struct BackupSafetyTests {
    static let v1Fixture = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/v1-store.sqlite")

    /// A private copy of the version-1 store, which every build upgrades after a backup.
    func v1Store(in folder: TemporaryDirectory) throws -> String {
        try FileManager.default.copyItem(atPath: Self.v1Fixture.path, toPath: folder.storePath)
        chmod(folder.storePath, 0o600)
        return folder.storePath
    }

    /// The backup names a backup made within the next seconds may get (`label` is `schema-v`
    /// for the app's, `v` for `migrate up`'s).
    func predictedBackupNames(_ path: String, label: String) -> [String] {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return (-2...30).map { "\(path).\(label)1-\(formatter.string(from: Date().addingTimeInterval(Double($0)))).bak" }
    }

    func names(in folder: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
    }

    /// Adds 3 MB of incompressible data, so the copy is larger than a 1 MB file-size limit.
    func pad(_ path: String) throws {
        try SQLiteShell.run(path, "INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at) VALUES ('Pad/blob', 'Pad', 'blob', 'Foundation.Data', 'blob', randomblob(3000000), 0, 0, 0)")
    }

    @Test func aLinkUnderTheBackupsNameStopsTheUpgradeAndMigratesNothing() throws {
        let folder = TemporaryDirectory()
        let path = try v1Store(in: folder)
        let victim = folder.path("victim.sqlite")
        for name in predictedBackupNames(path, label: "schema-v") {
            try FileManager.default.createSymbolicLink(atPath: name, withDestinationPath: victim)
        }
        let before = StoreFilesSnapshot(path)

        let error = #expect(throws: StateStoreError.self) { try StateStore(path: path) }
        #expect(error?.kind == .unsafeFile)
        #expect(error?.message.contains("the backup's name, is taken by a symbolic link") == true, "\(String(describing: error))")
        #expect(error?.message.contains("nothing was migrated") == true)
        #expect(!FileManager.default.fileExists(atPath: victim), "the link was not followed")
        #expect(StoreFilesSnapshot(path) == before, "the store, its links and its folder are as they were")
        #expect(try SQLiteShell.run(path, "PRAGMA user_version") == "1")
    }

    @Test func migrateUpStopsAtALinkUnderTheBackupsName() throws {
        let folder = TemporaryDirectory()
        let path = try v1Store(in: folder)
        let victim = folder.path("victim.sqlite")
        for name in predictedBackupNames(path, label: "v") {
            try FileManager.default.createSymbolicLink(atPath: name, withDestinationPath: victim)
        }
        let before = StoreFilesSnapshot(path)

        let run = try CLI.run("migrate", "up", path)
        #expect(run.status == 7, "\(run)")
        #expect(run.stderr.contains("is taken by a symbolic link; refusing to write the backup there, and nothing was migrated"), "\(run)")
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: victim))
        #expect(StoreFilesSnapshot(path) == before)
        #expect(try SQLiteShell.run(path, "PRAGMA user_version") == "1")
    }

    @Test func aBackupThatCannotBeWrittenIsRemovedAndNothingIsMigrated() throws {
        let folder = TemporaryDirectory()
        let path = try v1Store(in: folder)
        try pad(path)
        let before = StoreFilesSnapshot(path)
        // Files may not grow past 1 MB: the 3 MB copy fails halfway, like a full disk.
        let child = try ChildProcess(URL(fileURLWithPath: "/usr/bin/prlimit"),
                                     ["--fsize=1048576", "--core=0", try TestHelper.executable().path, "open", path])
        let line = try child.requireLine()
        #expect(line.hasPrefix("refused diskFull: cannot write the backup before upgrading the schema"), "\(line) \(child.standardError())")
        #expect(line.contains("the partial copy was removed and nothing was migrated"), "\(line)")
        #expect(child.waitForExit() == 0)
        #expect(StoreFilesSnapshot(path) == before, "no backup, no partial copy, the store as it was")
        #expect(try SQLiteShell.run(path, "PRAGMA user_version") == "1")
    }

    @Test func aKilledBackupLeavesNothingUnderABackupsName() throws {
        let folder = TemporaryDirectory()
        let path = try v1Store(in: folder)
        try pad(path)
        let storeBytes = try #require(FileManager.default.contents(atPath: path))
        // Past the 1 MB limit the kernel kills the app (SIGXFSZ) in the middle of the copy. (`env`
        // restores SIGXFSZ's default action, which a child of the test process may inherit as
        // ignored or blocked. The `statedb` CLI ignores it and reports the full disk instead.)
        let child = try ChildProcess(URL(fileURLWithPath: "/usr/bin/env"),
                                     ["--default-signal=XFSZ", "/usr/bin/prlimit", "--fsize=1048576", "--core=0", try TestHelper.executable().path, "open", path, "--die-past-size-limit"])
        let status = child.waitForExit()
        #expect(child.wasKilledBySignal && status == SIGXFSZ, "status \(status): \(child.standardError())")

        let left = try names(in: folder)
        #expect(!left.contains { $0.hasSuffix(".bak") }, "\(left)")
        #expect(FileManager.default.contents(atPath: path) == storeBytes)
        #expect(try SQLiteShell.run(path, "PRAGMA user_version") == "1")

        // The interrupted copy stays in its private folder; the next upgrade is not hindered.
        let run = try CLI.run("migrate", "up", path)
        #expect(run.status == 0, "\(run)")
        let backups = try names(in: folder).filter { $0.hasSuffix(".bak") }
        #expect(backups.count == 1, "\(backups)")
        #expect(try SQLiteShell.run(folder.path(try #require(backups.first)), "SELECT length(value) FROM slots WHERE key = 'Pad/blob'") == "3000000")
    }

    @Test func anEarlierBackupUnderTheSameNameIsKept() throws {
        let folder = TemporaryDirectory()
        let path = try v1Store(in: folder)
        let earlier = predictedBackupNames(path, label: "schema-v")
        for name in earlier {
            #expect(FileManager.default.createFile(atPath: name, contents: Data("earlier backup".utf8), attributes: [.posixPermissions: 0o600]))
        }
        let store = try StateStore(path: path)
        store.close()
        for name in earlier {
            #expect(FileManager.default.contents(atPath: name) == Data("earlier backup".utf8))
        }
        let listing = try names(in: folder)
        let new = listing.filter { $0.hasSuffix("-2.bak") }
        #expect(new.count == 1, "\(listing)")
        let backup = folder.path(try #require(new.first))
        #expect(try SQLiteShell.run(backup, "PRAGMA user_version") == "1")
        #expect(modeOf(backup) == 0o600)
    }
}
