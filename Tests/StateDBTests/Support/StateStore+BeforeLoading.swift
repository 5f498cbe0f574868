@testable import StateDB

extension StateStore {
    /// Opens the current store file at `path` as `StateStore(path:options:)` does, handing its
    /// SQLite database to `beforeLoading` once the connection is open and before any row is
    /// loaded: to install a hook on the connection, or to move the file away under it.
    static func opening(_ path: String, options: Options = Options(), beforeLoading: (SQLiteStoreDatabase) throws -> Void) throws -> StateStore {
        try StateStore(location: path, options: options) { report in
            let database = try SQLiteStoreDatabase(path: path, schemaVersion: SchemaMigration.latestVersion, migrations: [],
                                                   options: options, report: report)
            try beforeLoading(database)
            return database
        }
    }
}
