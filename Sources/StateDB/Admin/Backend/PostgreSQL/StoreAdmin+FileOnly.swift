/// The commands that only make sense for a store file, and what to use on PostgreSQL instead.
extension StoreAdmin {
    /// What the damage advice says for a store on PostgreSQL: there are no pages for
    /// `statedb recover` to salvage, and the server has its own tools.
    public static let postgresDamageAdvice = "Restore the database from a backup (pg_dump/pg_restore, or the server's base backups), or re-create the missing objects from Migrations/postgresql/."

    /// `recover` salvages the readable pages of a damaged SQLite file into a new file. A
    /// PostgreSQL server keeps its own pages (and write-ahead log) sound, so a store there is
    /// never recovered this way; it is backed up and restored with the server's tools.
    static func refuseURLs(from path: String, into destination: String) throws {
        for (store, role) in [(path, "STORE"), (destination, "OUT")] where isURL(store) {
            throw AdminError(.invalidInput, path: displayName(store), "`statedb recover` copies what can still be read from a damaged SQLite file into a new file, and \(role) is a PostgreSQL URL. On PostgreSQL, restore from a backup (pg_dump/pg_restore, or the server's base backups), or `statedb export` the store and `statedb import` it into a new one. Nothing was read or written.")
        }
    }
}
