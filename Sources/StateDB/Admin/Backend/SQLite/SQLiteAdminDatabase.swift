import CSQLite

/// `StoreAdmin`'s database for a store file: the store opened through `StateStore` (which
/// refuses a file that is not a store, unsafe or damaged) without loading its rows; every
/// operation reads the rows it needs through SQL.
final class SQLiteAdminDatabase: AdminDatabase {
    let store: StateStore
    let location: String

    /// Opens the existing store at `path`; see `StoreAdmin.init(path:access:toleratingDamage:)`.
    init(path: String, access: StoreAdmin.Access, toleratingDamage: Bool) throws {
        var options = StateStore.Options()
        options.createIfMissing = false
        options.migrateSchema = false
        options.readOnly = access == .read
        options.toleratesDamage = toleratingDamage
        options.loadsRows = false  // every operation reads the rows it needs through SQL
        // An operator's tool registers none of the app's state migrations, so every one the
        // store records is unknown to it. Refusing them protects an older build of the app
        // from misreading values a newer one changed; the tool reads and writes values
        // against their stored type names, never the app's types, so it has nothing to misread.
        options.unknownAppMigrations = .ignore
        location = path
        store = try StateStore(path: path, options: options)
        if access == .write {
            // SQLite opens a file it may not write read-only without saying so; find out now
            // rather than in the middle of an operation.
            let readOnly = try store.withConnection("opening the store") { sqlite3_db_readonly($0.handle, "main") == 1 }
            if readOnly {
                store.close()
                throw StateStoreError(.readOnly, path: path, "the file is read-only (check its permissions and its folder's); nothing was written.")
            }
        }
    }

    func close() { store.close() }

    /// Closes leaving the `-wal` and `-shm` as they are: no checkpoint, nothing removed.
    func closeLeavingSideFiles() {
        try? store.withConnection("closing the store") { $0.skipCheckpointOnClose() }
        store.close()
    }

    var schemaVersion: Int {
        get throws { try sqliteRead("reading the schema version") { Int(try $0.pragmaInteger(.userVersion)) } }
    }

    func read<T>(_ what: String, _ body: (any AdminRows) throws -> T) throws -> T {
        try sqliteRead(what) { try body(SQLiteAdminRows($0)) }
    }

    func write<T>(_ what: String, _ body: (any AdminTransaction) throws -> T) throws -> T {
        try sqliteWrite(what) { try body($0) }
    }

    /// Runs `body` in a read transaction on the connection itself, for what only a store file
    /// has (`check`'s integrity check, `mv`'s exact copies of SQLite's value column).
    func sqliteRead<T>(_ what: String, _ body: (SQLiteConnection) throws -> T) throws -> T {
        try store.withConnection(what) { connection in
            try asCommand(what) { try connection.transaction(immediate: false) { try body(connection) } }
        }
    }

    /// Runs `body` in a write transaction; see `WriteContext`.
    func sqliteWrite<T>(_ what: String, _ body: (WriteContext) throws -> T) throws -> T {
        try store.withConnection(what) { connection in
            try asCommand(what) {
                try connection.transaction { try body(WriteContext(connection)) }
            }
        }
    }

    /// SQLite failures as errors whose advice fits a command that wrote nothing (not an app,
    /// whose failed flush keeps its writes in memory).
    private func asCommand<T>(_ what: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError {
            throw StateStoreError(error, path: location, doing: what, retry: .command)
        }
    }
}
