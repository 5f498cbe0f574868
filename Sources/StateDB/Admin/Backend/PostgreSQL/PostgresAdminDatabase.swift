import Foundation

/// `StoreAdmin`'s database for a store on PostgreSQL (a `postgresql://` or `postgres://` URL):
/// one libpq connection, every statement a literal with its values bound as parameters.
///
/// Opening reads only: a database that is not a store, or holds a newer schema or an edited
/// migration, is refused untouched with the errors the store gives (`PostgresSchema.inspect`;
/// `check`, which tolerates damage, reports an edited migration instead); an empty database
/// is `.missing` (nothing is created), an older schema `.migrationRequired`; for writing, a
/// store whose tables have a trigger or rule statedb did not create is `.corrupt`
/// (`PostgresSchema.refuseForeignTriggers`).
/// Reads run in one `REPEATABLE READ READ ONLY` transaction, so a command sees one snapshot
/// and cannot write. A write transaction advances `statedb_clock` once, at its first write, and
/// sends `pg_notify('statedb_changes', tick)` before it commits: running apps that `LISTEN`
/// wake up at the commit and read the change with their `version > seen` catch-up.
final class PostgresAdminDatabase: AdminDatabase {
    let connection: PostgresConnection
    /// The URL with any password hidden.
    let location: String
    let toleratingDamage: Bool

    init(url: String, access: StoreAdmin.Access, toleratingDamage: Bool) throws {
        location = PostgresURL.redacted(url)
        self.toleratingDamage = toleratingDamage
        do {
            connection = try PostgresConnection(url: url)
        } catch let error as PostgresError {
            // libpq reports a missing database as a connection failure, without a SQLSTATE.
            if error.message.contains("database \"") && error.message.contains("\" does not exist") {
                throw StateStoreError(.missing, path: location, "no such database (\(error.message.replacingOccurrences(of: "\n", with: " "))); nothing was created. Check the URL, or create the database (`createdb`) and let the app make the store there.")
            }
            throw StateStoreError(error, url: location, doing: "connecting")
        }
        do {
            try Self.open(connection, location: location, access: access, toleratingDamage: toleratingDamage)
        } catch {
            connection.close()
            throw error
        }
    }

    private static func open(_ connection: PostgresConnection, location: String, access: StoreAdmin.Access, toleratingDamage: Bool) throws {
        do {
            try connection.transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") {
                let version = try PostgresSchema.inspect(connection, refusingEditedMigrations: !toleratingDamage)
                if version == 0 {
                    throw StateStoreError(.missing, path: location, "the database holds no store (nothing was created); check the URL, or let the app create the store there.")
                }
                if version < PostgresSchemaMigration.latestVersion {
                    throw StateStoreError(.migrationRequired, path: location, "store schema version \(version) (PostgreSQL dialect) is behind this build's \(PostgresSchemaMigration.latestVersion); run `statedb migrate up` first.")
                }
                if !toleratingDamage { try PostgresSchema.verify(connection) }
                // A write command's statements would run a foreign trigger; reading runs none.
                if access == .write { try PostgresSchema.refuseForeignTriggers(connection) }
            }
        } catch let error as PostgresError {
            throw StateStoreError(error, url: location, doing: "opening the store", retry: .command)
        }
    }

    func close() { connection.close() }

    var schemaVersion: Int {
        get throws {
            try read("reading the schema version") { _ in
                Int(try connection.execute("SELECT schema_version FROM statedb_store WHERE id = 1").int64(0, 0) ?? 0)
            }
        }
    }

    func read<T>(_ what: String, _ body: (any AdminRows) throws -> T) throws -> T {
        try asCommand(what) {
            try connection.transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") {
                try body(PostgresAdminRows(connection))
            }
        }
    }

    func write<T>(_ what: String, _ body: (any AdminTransaction) throws -> T) throws -> T {
        try asCommand(what) {
            try connection.transaction {
                let context = PostgresAdminTransaction(connection)
                let result = try body(context)
                // Delivered at the commit, and only if it commits.
                if let tick = context.tick {
                    try connection.execute("SELECT pg_notify('statedb_changes', $1)", [.text(String(tick))])
                }
                return result
            }
        }
    }

    /// PostgreSQL failures as errors whose advice fits a command that wrote nothing.
    private func asCommand<T>(_ what: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PostgresError {
            throw StateStoreError(error, url: location, doing: what, retry: .command)
        }
    }
}
