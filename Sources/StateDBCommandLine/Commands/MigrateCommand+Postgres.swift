@_spi(Admin) import StateDB

/// `statedb migrate status|plan|up URL [--app FILE]…`: the PostgreSQL dialect's schema
/// migrations and the operator's state migration files.
extension MigrateCommand {
    func runOnPostgres(_ store: String, _ console: Console) throws -> ExitCode {
        let migrations = try loadMigrations()
        let latest = StoreAdmin.postgresLatestSchemaVersion
        let status = try StoreAdmin.postgresMigrationStatus(url: store, migrations: migrations)
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
            if !status.pendingState.isEmpty {
                lines.append("  \(status.pendingSchema.count + 1). apply, in one transaction:")
                lines += status.pendingState.map { "       - \(printable($0.name)): \(printable($0.summary))" }
            }
            console.print(lines.joined(separator: "\n"))
            return .ok
        default:
            guard !status.isCurrent else {
                console.print("nothing to do: \(printable(status.path)) is at schema version \(status.schemaVersion) (PostgreSQL dialect) with no pending migrations")
                return .ok
            }
            let applied = AppliedStateMigrations()
            try StoreAdmin.postgresMigrateUp(url: store, migrations: migrations, stateMigrationApplied: applied.record)
            for migration in status.pendingSchema {
                console.print("applied schema postgresql/\(migration.fileName)")
            }
            for line in applied.lines(status.pendingState) { console.print(line) }
            return .ok
        }
    }
}
