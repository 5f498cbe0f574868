@_spi(Admin) import StateDB

/// `statedb migrate status|plan|up URL`: the PostgreSQL dialect's schema migrations.
extension MigrateCommand {
    func runOnPostgres(_ console: Console) throws -> ExitCode {
        guard app.isEmpty else {
            // The files' value changes run through the store's SQLite migrator; on PostgreSQL
            // the app applies its registered migrations when it opens the store.
            throw UsageError("--app state migration files apply to a store file; on PostgreSQL, register the migrations with the app, which applies them when it opens the store (or `statedb export` the store, migrate it in a file, and `statedb import` it back). Nothing was read or written.")
        }
        let latest = StoreAdmin.postgresLatestSchemaVersion
        let status = try StoreAdmin.postgresMigrationStatus(url: store)
        switch action {
        case "status":
            console.print(json ? jsonText(Self.statusJSON(status, latest: latest)) : Self.describe(status, console, latest: latest))
            return exitCode && !status.isCurrent ? .problemsFound : .ok
        case "plan":
            guard !status.isCurrent else {
                console.print("nothing to do: the store is current")
                return .ok
            }
            var lines = ["`statedb migrate up` would (take a copy first: pg_dump):"]
            for (step, migration) in status.pendingSchema.enumerated() {
                lines.append("  \(step + 1). apply schema postgresql/\(migration.fileName) (sha256 \(migration.checksum.prefix(12))…), in its own transaction:")
                lines += migration.sql.split(separator: "\n", omittingEmptySubsequences: false).map { "       " + $0 }
            }
            console.print(lines.joined(separator: "\n"))
            return .ok
        default:
            guard !status.isCurrent else {
                console.print("nothing to do: \(printable(status.path)) is at schema version \(status.schemaVersion) (PostgreSQL dialect) with no pending migrations")
                return .ok
            }
            for file in try StoreAdmin.postgresMigrateUp(url: store) {
                console.print("applied schema \(file)")
            }
            return .ok
        }
    }
}
