/// Decides, reading only, whether a database may be used as a store; brings its schema up to
/// this build's version; checks the objects statedb needs are there. The PostgreSQL side of
/// `StoreFile.inspect`, `SchemaMigrator` and `SchemaVerification`.
enum PostgresSchema {
    /// The tables the dialect's schema defines (version 1).
    static let tables = ["app_migrations", "quarantine", "slot_tombstones", "slots", "statedb_adoptions",
                         "statedb_clock", "statedb_explicit_keys", "statedb_schema_migrations", "statedb_store"]
    /// The triggers that make hand edits visible; the store's own writes stamp their tick.
    static let triggers = ["slots_stamp_insert", "slots_stamp_update", "slots_tombstone"]

    /// What the read-only inspection found: a store at this version (0: an empty database,
    /// to be made a store). `refusingEditedMigrations: false`: `check` opens the store to
    /// report an edited checksum with the rest, rather than refuse it (as on SQLite).
    static func inspect(_ connection: PostgresConnection, refusingEditedMigrations: Bool = true) throws -> Int {
        let url = connection.redactedURL
        let relations = try connection.execute("""
            SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
            ORDER BY c.relname
            """)
        let names = (0..<relations.rowCount).compactMap { relations.string($0, 0) }
        guard names.contains("statedb_store") else {
            if names.isEmpty { return 0 }
            let list = names.prefix(5).joined(separator: ", ") + (names.count > 5 ? ", …" : "")
            throw StateStoreError(.foreignDatabase, path: url, "a PostgreSQL database of another application (no statedb_store marker; tables: \(list)); refusing to touch it. Create a database for statedb (`createdb`) and point the URL at it.")
        }
        let marker = try connection.execute("SELECT application, schema_version FROM statedb_store WHERE id = 1")
        guard marker.rowCount == 1, marker.string(0, 0) == "statedb", let version = marker.int64(0, 1).map(Int.init) else {
            throw StateStoreError(.corrupt, path: url, "the statedb_store marker has no row; nothing was written. Restore the database from a backup.")
        }
        if version > PostgresSchemaMigration.latestVersion {
            throw StateStoreError(.newerSchema, path: url, "store schema version \(version) (PostgreSQL dialect) is newer than this build's \(PostgresSchemaMigration.latestVersion); refusing to open it. Use a newer statedb.")
        }
        let applied = try connection.execute("SELECT version, name, checksum FROM statedb_schema_migrations ORDER BY version")
        for row in 0..<applied.rowCount {
            let number = Int(applied.int64(row, 0) ?? -1)
            let checksum = applied.string(row, 2) ?? ""
            guard let migration = PostgresSchemaMigration.all.first(where: { $0.version == number }) else {
                throw StateStoreError(.newerSchema, path: url, "the store records schema migration \(number) (\(applied.string(row, 1) ?? "")), which this build does not have; refusing to open it. Use a newer statedb.")
            }
            if migration.checksum != checksum && refusingEditedMigrations {
                throw StateStoreError(.checksumMismatch, path: url, "schema migration postgresql/\(migration.fileName) was applied with checksum \(checksum.prefix(12))…, but this build's file has \(migration.checksum.prefix(12))…; an applied migration must never be edited. Restore the original file and add a new migration.")
            }
        }
        return version
    }

    /// The advisory lock every migrating session takes, so two processes opening one new
    /// database do not both create the schema ("STDB").
    private static let migrationLock: PostgresSQL = "SELECT pg_advisory_xact_lock(1398031426)"

    /// Applies every migration after the version the database is at, each in its own
    /// transaction under `migrationLock`. A failing one is rolled back and reported with its
    /// file name and line; the ones before it stay applied.
    static func migrate(_ connection: PostgresConnection) throws {
        for migration in PostgresSchemaMigration.all {
            do {
                try connection.transaction {
                    try connection.execute(migrationLock)
                    // Read under the lock: another process may have applied it meanwhile.
                    guard try currentVersion(connection) < migration.version else { return }
                    try connection.executeScript(PostgresSQL(migration: migration))
                    try connection.execute(
                        "INSERT INTO statedb_schema_migrations (version, name, checksum, applied_at) VALUES ($1, $2, $3, $4)",
                        [.integer(Int64(migration.version)), .text(migration.name), .text(migration.checksum), .integer(nowMilliseconds())])
                    try connection.execute("UPDATE statedb_store SET schema_version = $1 WHERE id = 1", [.integer(Int64(migration.version))])
                }
            } catch let error as PostgresError {
                throw StateStoreError(.migrationFailed, path: connection.redactedURL, "schema migration postgresql/\(migration.fileName) failed (\(error.message)) and was rolled back; the store is still at the previous version.")
            }
        }
    }

    private static func currentVersion(_ connection: PostgresConnection) throws -> Int {
        let exists = try connection.execute("SELECT to_regclass('statedb_store') IS NOT NULL")
        guard exists.string(0, 0) == "t" else { return 0 }
        let version = try connection.execute("SELECT schema_version FROM statedb_store WHERE id = 1")
        return Int(version.int64(0, 0) ?? 0)
    }

    /// Throws `.corrupt` when a table or trigger of ours is missing (or a trigger disabled),
    /// or the clock has no row: an operator's `DROP TRIGGER` or `DELETE FROM statedb_clock`
    /// leaves a database on which every commit would fail, or hand edits would go unseen.
    static func verify(_ connection: PostgresConnection) throws {
        let url = connection.redactedURL
        let found = try connection.execute("""
            SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
            """)
        let present = Set((0..<found.rowCount).compactMap { found.string($0, 0) })
        if let missing = tables.first(where: { !present.contains($0) }) {
            throw StateStoreError(.corrupt, path: url, "the store's schema is damaged: table \(missing) is missing; nothing was written. Restore the database from a backup.")
        }
        let enabled = try connection.execute("""
            SELECT t.tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
            JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = current_schema() AND c.relname = 'slots' AND NOT t.tgisinternal AND t.tgenabled <> 'D'
            """)
        let triggersOn = Set((0..<enabled.rowCount).compactMap { enabled.string($0, 0) })
        if let missing = triggers.first(where: { !triggersOn.contains($0) }) {
            throw StateStoreError(.corrupt, path: url, "the store's schema is damaged: trigger \(missing) is missing or disabled, so hand edits would not reach running apps; nothing was written. Restore it from Migrations/postgresql/, or the database from a backup.")
        }
        let clock = try connection.execute("SELECT count(*) FROM statedb_clock WHERE id = 1")
        guard clock.int64(0, 0) == 1 else {
            throw StateStoreError(.corrupt, path: url, "the store is damaged: statedb_clock has no row (every commit advances it); nothing was written. Restore the database from a backup.")
        }
    }
}
