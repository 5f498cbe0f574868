import Foundation
@testable import StateDB
import SchemaChecksum
import Testing

/// The schema the library carries is exactly `Migrations/*.sql`, and its checksums are real
/// SHA-256 digests (the same ones `sha256sum` prints).
struct EmbeddedSchemaTests {
    /// The package's `Migrations/` folder, found from this file.
    static let migrationsFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Store
        .deletingLastPathComponent()  // StateDBTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // the package
        .appendingPathComponent("Migrations")

    @Test func embeddedMigrationsEqualTheFiles() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.migrationsFolder.path)
            .filter { $0.hasSuffix(".sql") }
            .sorted()
        #expect(!names.isEmpty)
        #expect(SchemaMigration.all.map(\.fileName) == names)
        #expect(SchemaMigration.all.map(\.version) == Array(1...names.count), "versions are 1, 2, 3… without gaps")
        #expect(SchemaMigration.latestVersion == names.count)

        for migration in SchemaMigration.all {
            let file = Self.migrationsFolder.appendingPathComponent(migration.fileName)
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(migration.sql == text, "\(migration.fileName): embedded text differs from the file")
            #expect(migration.checksum == (try sha256sum(file.path)), "\(migration.fileName)")
            #expect(migration.fileName == String(format: "%04d_%@.sql", migration.version, migration.name))
        }
    }

    /// A store's own connection runs with triggers off (`StateStore.configure`): its writers
    /// stamp their tick themselves, and these three triggers exist for other writers only. A
    /// migration that adds or replaces a trigger fails here, so that the choice is revisited:
    /// the new trigger would not fire for statedb's own writes.
    @Test func theSchemasTriggersAreTheThreeForOtherWriters() throws {
        let folder = TemporaryDirectory()
        try StateStore(path: folder.storePath).close()
        #expect(try SQLiteShell.run(folder.storePath, "SELECT name FROM sqlite_schema WHERE type = 'trigger' ORDER BY name")
            == "slots_stamp_insert\nslots_stamp_update\nslots_tombstone")
    }

    @Test func aNewStoreRecordsEachMigrationWithItsChecksum() throws {
        let folder = TemporaryDirectory()
        try StateStore(path: folder.storePath).close()
        let recorded = try SQLiteShell.run(folder.storePath, "SELECT version, name, checksum FROM statedb_schema_migrations ORDER BY version")
        let expected = SchemaMigration.all.map { "\($0.version)|\($0.name)|\($0.checksum)" }.joined(separator: "\n")
        #expect(recorded == expected)
        #expect(try SQLiteShell.run(folder.storePath, "PRAGMA user_version") == String(SchemaMigration.latestVersion))
        #expect(try SQLiteShell.run(folder.storePath, "PRAGMA application_id") == String(StoreFile.applicationID))
    }

    @Test func sha256MatchesPublishedVectors() {
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu")
            == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    }

    /// Lengths around the 64-byte block and its 56-byte padding limit, against `sha256sum`.
    @Test func sha256AgreesWithSha256sumAtBlockBoundaries() throws {
        let folder = TemporaryDirectory()
        for length in [1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000] {
            let text = String((0..<length).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
            let path = folder.path("\(length).txt")
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            #expect(SHA256.hex(text) == (try sha256sum(path)), "\(length) bytes")
        }
        // Multi-byte UTF-8 is hashed as its bytes.
        let path = folder.path("unicode.txt")
        try "상태 🎛️".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(SHA256.hex("상태 🎛️") == (try sha256sum(path)))
    }

    /// The digest `sha256sum` prints for the file at `path`.
    func sha256sum(_ path: String) throws -> String {
        let child = try ChildProcess(URL(fileURLWithPath: "/usr/bin/sha256sum"), [path])
        let line = try child.requireLine()
        #expect(child.waitForExit() == 0)
        return String(line.prefix(64))
    }
}

