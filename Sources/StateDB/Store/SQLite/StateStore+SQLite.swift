import Foundation

/// Opening a store on a SQLite file, and the SQLite connection for the tools that work on the
/// file itself (`StoreAdmin`, `statedb check`).
extension StateStore {
    /// Opens the store at `path`, creating it (mode 0600, folders 0700) when missing.
    ///
    /// - Throws: `StateStoreError` when the file is not a store of ours, is damaged, has a
    ///   newer schema, or cannot be opened. The file is then left untouched.
    public convenience init(path: String) throws {
        try self.init(path: path, migrations: [], options: Options())
    }

    /// Opens the store at `path` with `options`.
    public convenience init(path: String, options: Options) throws {
        try self.init(path: path, migrations: [], options: options)
    }

    /// Opens the store at `path` and applies the app's pending state migrations (see
    /// `StateMigration`), all in one transaction, before any slot is read.
    public convenience init(path: String, migrations: [StateMigration], options: Options = Options()) throws {
        let tolerant = options.toleratesDamage && options.readOnly
        let verdict = try StoreFile.inspect(path: path, verifyingSchema: !tolerant, forWriting: !options.readOnly)
        var schemaVersion = 0
        switch verdict {
        case .create:
            guard options.createIfMissing, !options.readOnly else {
                throw StateStoreError.missingStore(path)
            }
            try StoreFile.createFile(path: path)
        case .store(let version):
            schemaVersion = version
            if !options.readOnly, let problem = StoreWriteAccess.problem(path: path) { throw problem }
        }
        if schemaVersion < SchemaMigration.latestVersion && (!options.migrateSchema || options.readOnly) {
            throw StateStoreError(.migrationRequired, path: path, "store schema version \(schemaVersion) is behind this build's \(SchemaMigration.latestVersion); run `statedb migrate up \(path)`.")
        }
        // A checker reads the file itself, row by row.
        try self.init(location: path, options: options, loadsRows: !tolerant && options.loadsRows) { report in
            try SQLiteStoreDatabase(path: path, schemaVersion: schemaVersion, migrations: migrations, options: options, report: report)
        }
    }

    /// A store that lives in memory only, for tests and previews. Its values are never
    /// encoded or written anywhere: `flush()` only marks them committed.
    public static func inMemory() -> StateStore {
        do {
            return try StateStore(location: ":memory:", options: Options(), registers: false) { _ in
                try SQLiteStoreDatabase(inMemory: ())
            }
        } catch {
            preconditionFailure("statedb: cannot create an in-memory SQLite database: \(error)")
        }
    }

    /// Runs `body` with the store's SQLite connection under `databaseLock`, turning SQLite
    /// errors into `StateStoreError`s that say what was being done. For the tools that work on
    /// the file itself; a store on PostgreSQL refuses them.
    func withConnection<T>(_ what: String, _ body: (SQLiteConnection) throws -> T) throws -> T {
        try withStoreFile(what) { connection, _ in try body(connection) }
    }

    /// `withConnection`, also handing `body` the file the connection opened, as `lstat` saw it
    /// then (nil when it could not be seen).
    func withStoreFile<T>(_ what: String, _ body: (SQLiteConnection, stat?) throws -> T) throws -> T {
        try withDatabase { database in
            guard let sqlite = database as? SQLiteStoreDatabase else {
                throw StateStoreError(.cannotOpen, path: path, "this store is on PostgreSQL, and \(what) works on a SQLite store file only; nothing was changed.")
            }
            do {
                return try body(sqlite.connection, sqlite.openedFile)
            } catch let error as SQLiteError {
                throw StateStoreError(error, path: path, doing: what)
            }
        }
    }
}
