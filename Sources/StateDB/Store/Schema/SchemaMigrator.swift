/// Brings a store's schema up to this build's version, one migration per transaction.
struct SchemaMigrator {
    let connection: SQLiteConnection
    let path: String

    /// The migrations a store at `version` still needs.
    static func pending(after version: Int) -> [SchemaMigration] {
        SchemaMigration.all.filter { $0.version > version }
    }

    /// Applies every migration after `version`. A failing one is rolled back and reported
    /// with its file name; the ones before it stay applied.
    func migrate(from version: Int) throws {
        for migration in Self.pending(after: version) {
            try apply(migration)
        }
    }

    func apply(_ migration: SchemaMigration) throws {
        do {
            try connection.transaction {
                try connection.execute(migration.sql)
                let record = try connection.prepare(
                    "INSERT INTO statedb_schema_migrations (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)")
                record.bind(Int64(migration.version), at: 1)
                record.bind(migration.name, at: 2)
                record.bind(migration.checksum, at: 3)
                record.bind(nowMilliseconds(), at: 4)
                try record.run()
                try connection.execute("PRAGMA user_version = \(migration.version)")
                try connection.execute("PRAGMA application_id = \(StoreFile.applicationID)")
            }
        } catch let error as SQLiteError {
            throw StateStoreError(.migrationFailed, path: path, "schema migration \(migration.fileName) failed and was rolled back: \(error)")
        }
    }
}
