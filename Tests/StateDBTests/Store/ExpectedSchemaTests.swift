@testable import StateDB
import Testing

/// The schema each version defines is embedded at build time (the EmbedMigrations plugin runs
/// the migrations in an in-memory database); these hold it to what running the migrations
/// gives now, so the embedded result and the files cannot drift apart.
struct ExpectedSchemaTests {
    @Test func theEmbeddedSchemaOfEveryVersionIsWhatRunningItsMigrationsGives() throws {
        #expect(SchemaMigration.latestVersion > 0)
        for version in 1...SchemaMigration.latestVersion {
            let computed = try ExpectedSchema.computedByRunningMigrations(version: version)
            #expect(!computed.isEmpty)
            #expect(ExpectedSchema.objects(version: version) == computed, "version \(version)")
            #expect(Set(computed.map(\.name)).count == computed.count, "names are unique, as the open's comparison assumes")
        }
    }

    /// A version past this build's (a store from a newer build, about to be refused) gets the
    /// latest schema, and version 0 (an empty database) none, as running the migrations up to
    /// it would give.
    @Test func versionsOutsideTheMigrationsGetWhatRunningThemWouldGive() throws {
        let latest = SchemaMigration.latestVersion
        #expect(ExpectedSchema.objects(version: latest + 1) == (try ExpectedSchema.computedByRunningMigrations(version: latest + 1)))
        #expect(ExpectedSchema.objects(version: 0).isEmpty)
    }

    /// A store made by opening it (the migrator runs each file statement by statement) holds
    /// exactly the embedded schema of the latest version, byte for byte: what the open path's
    /// fast comparison needs.
    @Test func aNewStoreHoldsExactlyTheEmbeddedSchema() throws {
        let folder = TemporaryDirectory()
        try StateStore(path: folder.storePath).close()
        let connection = try SQLiteConnection(path: folder.storePath, mode: .readOnly)
        defer { connection.close() }
        #expect(try SchemaVerification.differences(connection, version: SchemaMigration.latestVersion) == [])
        let byName = { (objects: [SchemaObject]) in objects.sorted { $0.name < $1.name } }
        #expect(byName(try SchemaVerification.objects(of: connection)) == byName(ExpectedSchema.objects(version: SchemaMigration.latestVersion)))
    }
}
