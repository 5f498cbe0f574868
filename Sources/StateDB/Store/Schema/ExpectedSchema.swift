/// The schema objects each version of this build's migrations creates.
///
/// Found at build time: the EmbedMigrations plugin runs `Migrations/*.sql` in an in-memory
/// database and embeds what `sqlite_schema` holds after each file (`embeddedExpectedSchema`),
/// so opening a store compares it with constants. Running the migrations at every process
/// start cost 12.3 M of the 39.1 M instructions of a `statedb get`. `ExpectedSchemaTests`
/// runs them (`computedByRunningMigrations`) and checks the two agree, so they cannot drift.
enum ExpectedSchema {
    /// What a store at `version` holds: no objects at version 0; at a version past this
    /// build's, what this build's migrations make (as running all of them would give).
    ///
    /// A dozen objects or so, which the open's comparison searches by name in place
    /// (`SchemaVerification`), so no dictionary by name is built for them.
    static func objects(version: Int) -> [SchemaObject] {
        guard version > 0, !embeddedExpectedSchema.isEmpty else { return [] }
        return embeddedExpectedSchema[min(version, embeddedExpectedSchema.count) - 1]
    }

    /// What running the migrations up to `version` in an empty in-memory database gives, as
    /// the plugin does at build time: the reference `ExpectedSchemaTests` holds the embedded
    /// result to. Each file is run whole (`sqlite3_exec`), not statement by statement as
    /// `SchemaMigrator` does: SQLite keeps the text of each `CREATE` from its keyword to its
    /// end either way.
    static func computedByRunningMigrations(version: Int) throws -> [SchemaObject] {
        let connection = try SQLiteConnection(path: ":memory:", mode: .readWriteCreate)
        defer { connection.close() }
        for migration in SchemaMigration.all where migration.version <= version {
            try connection.execute(SQL(migration: migration))
        }
        return try SchemaVerification.objects(of: connection)
    }
}
