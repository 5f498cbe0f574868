/// `statedb migrate` on PostgreSQL: the schema migrations of the PostgreSQL dialect
/// (`Migrations/postgresql/`), which count their own versions.
extension StoreAdmin {
    /// The PostgreSQL dialect's schema version this build creates and understands.
    public static var postgresLatestSchemaVersion: Int { PostgresSchemaMigration.latestVersion }

    /// Where the store at `url` stands against this build's PostgreSQL schema and the state
    /// migrations `migrations` (an operator's files), read in one read-only transaction
    /// (nothing is written).
    /// - Throws: `StateStoreError` as opening the store does: a database that is not ours, a
    ///   newer schema or an edited migration is refused; an empty database is `.missing`.
    public static func postgresMigrationStatus(url: String, migrations: [StateMigration] = []) throws -> MigrationStatus {
        let location = PostgresURL.redacted(url)
        return try withPostgresConnection(url, doing: "reading the migration status") { connection in
            try connection.transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") {
                let version = try PostgresSchema.inspect(connection)
                if version == 0 {
                    throw StateStoreError(.missing, path: location, "the database holds no store (nothing was created); check the URL, or let the app create the store there.")
                }
                let schema = try connection.execute("SELECT version, name, checksum, applied_at FROM statedb_schema_migrations ORDER BY version")
                let applied = (0..<schema.rowCount).map { row in
                    let number = Int(schema.int64(row, 0) ?? 0)
                    let checksum = schema.string(row, 2) ?? ""
                    return MigrationStatus.AppliedSchemaMigration(
                        version: number, name: schema.string(row, 1) ?? "", checksum: checksum, appliedAt: schema.int64(row, 3) ?? 0,
                        matchesThisBuild: PostgresSchemaMigration.all.first { $0.version == number }?.checksum == checksum)
                }
                let state = try connection.execute("SELECT name, applied_at FROM app_migrations ORDER BY applied_at, position")
                let appliedState = (0..<state.rowCount).map {
                    MigrationStatus.AppliedStateMigration(name: state.string($0, 0) ?? "", appliedAt: state.int64($0, 1) ?? 0)
                }
                let appliedNames = Set(appliedState.map(\.name))
                let given = Set(migrations.map(\.name))
                return MigrationStatus(path: location, schemaVersion: version, appliedSchema: applied,
                                       pendingSchema: pendingPostgresMigrations(after: version),
                                       appliedState: appliedState, pendingState: migrations.filter { !appliedNames.contains($0.name) },
                                       unknownState: appliedState.map(\.name).filter { !given.contains($0) })
            }
        }
    }

    /// The dialect's migrations after `version`, in the shape `MigrationStatus` lists them
    /// (file names as in `Migrations/postgresql/`).
    private static func pendingPostgresMigrations(after version: Int) -> [SchemaMigration] {
        embeddedPostgresSchemaFiles.map(SchemaMigration.init(file:)).filter { $0.version > version }
    }

    /// Applies the pending schema migrations of the store at `url`, each in its own transaction
    /// under the dialect's advisory lock, recorded with its checksum, then the pending state
    /// migrations of `migrations` in one transaction, as the store applies an app's (recorded
    /// as the operator's). A failing one is rolled back and named; schema migrations before it
    /// stay applied. There is no copy of the database first, as a file gets: take one with
    /// `pg_dump` (docs/postgresql.md). `stateMigrationApplied` as in `MigrationStatus.migrateUp`.
    public static func postgresMigrateUp(url: String, migrations: [StateMigration] = [],
                                         stateMigrationApplied: (@Sendable (_ name: String, _ changedSlots: Int) -> Void)? = nil) throws {
        let status = try postgresMigrationStatus(url: url, migrations: migrations)
        if !status.pendingSchema.isEmpty {
            try withPostgresConnection(url, doing: "migrating the schema") { connection in
                try PostgresSchema.migrate(connection)
                try PostgresSchema.verify(connection)
            }
        }
        if !status.pendingState.isEmpty {
            var options = StateStore.Options()
            options.createIfMissing = false
            options.unknownAppMigrations = .ignore
            options.loadsRows = false  // migrating needs the database, not the rows in memory
            options.stateMigrationApplied = stateMigrationApplied
            try StateStore(url: url, migrations: migrations, options: options).close()
        }
    }

    private static func withPostgresConnection<T>(_ url: String, doing what: String, _ body: (PostgresConnection) throws -> T) throws -> T {
        let location = PostgresURL.redacted(url)
        do {
            let connection = try PostgresConnection(url: url)
            defer { connection.close() }
            return try body(connection)
        } catch let error as PostgresError {
            throw StateStoreError(error, url: location, doing: what, retry: .command)
        }
    }
}
