import CSQLite

/// The database every `StateStore.inMemory()` starts from: the schema's migrations applied
/// once per process, then copied page by page into each new store's `:memory:` database.
///
/// Applying the migrations costs SQLite ~12 M instructions a store (~2 ms here): it parses
/// every `CREATE`, and rewrites and parses the whole schema again for every `ALTER TABLE`.
/// Copying the finished database with SQLite's backup API costs ~0.1 M. Tests and previews
/// make in-memory stores by the hundred, and `inmemory_mount_vs_hydrate` weighs one per mount.
/// The copy is the same database the migrations make, down to `statedb_schema_migrations`,
/// whose `applied_at` is the time the first in-memory store of the process was made. (Every
/// copy is alike: a migration that gave each database something of its own, a random id, would
/// need it made after the copy.)
enum InMemorySchema {
    /// The migrated database, made by the first call; only ever read, by one copy at a time
    /// (its connection, like every store's, is opened without SQLite's own mutex).
    private static let template = Locked<SQLiteConnection?>(nil)

    /// Gives `connection`, a new and empty `:memory:` database, the schema.
    static func copy(into connection: SQLiteConnection) throws {
        try template.withLock { template in
            let source: SQLiteConnection
            if let made = template {
                source = made
            } else {
                source = try SQLiteConnection(path: ":memory:", mode: .readWriteCreate)
                try SchemaMigrator(connection: source, path: ":memory:").migrate(from: 0)
                template = source
            }
            try connection.replaceDatabase(withCopyOf: source)
        }
    }
}

extension SQLiteConnection {
    /// Replaces this connection's main database with a copy of `source`'s (SQLite's online
    /// backup, all pages in one step).
    fileprivate func replaceDatabase(withCopyOf source: SQLiteConnection) throws {
        guard let destination = handle, let origin = source.handle else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "connection closed", sql: nil)
        }
        guard let backup = sqlite3_backup_init(destination, "main", origin, "main") else {
            throw error(sqlite3_errcode(destination), sql: nil)
        }
        let stepped = sqlite3_backup_step(backup, -1)
        let finished = sqlite3_backup_finish(backup)
        guard stepped == SQLITE_DONE else { throw error(stepped, sql: nil) }
        guard finished == SQLITE_OK else { throw error(finished, sql: nil) }
    }
}
