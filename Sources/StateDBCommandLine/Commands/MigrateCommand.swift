@_spi(Admin) import StateDB
import Foundation

/// `statedb migrate status|plan|up STORE [--app FILE]…`: the store's schema and the
/// operator's declarative state migrations.
struct MigrateCommand: Command {
    @Argument("ACTION") var action: String
    /// Optional to the parser, so that `migrate STORE` (the action left out) is answered with
    /// the actions rather than "missing arguments".
    @Argument("STORE") var store: String?
    @Option(value: "FILE", help: "A JSON file of state migrations (see docs/migrations.md); repeatable, applied in order.") var app: [String]
    @Flag(help: "status: exit 5 when anything is pending.") var exitCode: Bool
    @Flag(help: SharedHelp.json) var json: Bool

    var declarations: KeyValuePairs<String, any DeclaredArgument> {
        ["action": _action, "store": _store, "app": _app, "exitCode": _exitCode, "json": _json]
    }

    static let configuration = CommandConfiguration(
        name: "migrate",
        summary: "Show or apply pending schema and state migrations (backup first).",
        usage: ["migrate status STORE [--app FILE]… [--exit-code] [--json]",
                "migrate plan STORE [--app FILE]…",
                "migrate up STORE [--app FILE]…"],
        discussion: """
            status lists the applied schema migrations with their checksums and the state
            migrations recorded in the store, and what is pending. plan shows what `up` would
            do, with the SQL of each schema migration. up first copies the store next to itself
            (<store>.v<version>-<UTC time>.bak, made with VACUUM INTO), then applies everything
            in order; a failing migration is rolled back and named.

            With a PostgreSQL URL, the PostgreSQL dialect's schema migrations
            (Migrations/postgresql/, versions of their own) and the same --app files; up
            takes no copy there (run pg_dump first).

            example: statedb migrate up state.sqlite --app 2026-11-fixes.json
            """
    )

    func run(_ console: Console) throws -> ExitCode {
        guard ["status", "plan", "up"].contains(action) else {
            // `migrate STORE`: the action left out, and the store taken for it.
            throw UsageError("unknown action '\(printable(action))'; use status, plan or up, as in `statedb migrate status \(printable(store ?? action))`")
        }
        guard let path = store else {
            throw UsageError("missing STORE; usage: statedb migrate \(action) STORE [--app FILE]…")
        }
        if action != "status", let option = json ? "--json" : exitCode ? "--exit-code" : nil {
            throw UsageError("\(option) goes with `migrate status` only; plan and up print text")
        }
        if StoreAdmin.isURL(path) { return try runOnPostgres(path, console) }
        let migrations = try loadMigrations()
        // `up` writes: a store left in the middle of a transaction is played back first, as
        // the app's open would; `status` and `plan` only read, and refuse it saying so.
        if action == "up" { try MigrationStatus.playBackRollbackJournal(path: path) }
        let status = try MigrationStatus.read(path: path, migrations: migrations)
        switch action {
        case "status":
            if json {
                console.print(jsonText(Self.statusJSON(status)))
            } else {
                console.print(Self.describe(status, console))
            }
            return exitCode && !status.isCurrent ? .problemsFound : .ok
        case "plan":
            try status.checkApplicable(migrations)  // no plan that `up` refuses
            console.print(Self.plan(status, console))
            return .ok
        default:
            try status.checkApplicable(migrations)
            guard !status.isCurrent else {
                console.print("nothing to do: \(printable(path)) is at schema version \(status.schemaVersion) with no pending state migrations")
                return .ok
            }
            // Rows a schema migration rewrites (version 6's dates) are counted on a terminal.
            let progress = Progress.onTerminal("converted")
            // The backup is named as soon as it is written: a migration that fails after it
            // leaves it, and whatever schema migrations were applied before the failure.
            var backup: String?
            let applied = AppliedStateMigrations()
            do {
                defer { progress?.finish() }
                try MigrationStatus.migrateUp(path: path, migrations: migrations, unknownAppMigrations: .ignore,
                                              progress: progress.map { progress in { progress.update(done: $0, total: $1) } },
                                              backupWritten: { written in
                                                  backup = written
                                                  console.print("backup: \(printable(written))")
                                              },
                                              stateMigrationApplied: applied.record)
            } catch {
                if backup != nil, let after = try? MigrationStatus.read(path: path, migrations: migrations) {
                    for migration in status.pendingSchema where migration.version <= after.schemaVersion {
                        console.print("applied schema \(migration.fileName)")
                    }
                }
                throw error
            }
            if backup == nil { console.print("backup: -") }
            for migration in status.pendingSchema {
                console.print("applied schema \(migration.fileName)")
            }
            for line in applied.lines(status.pendingState) { console.print(line) }
            return .ok
        }
    }

    /// The state migrations of every `--app` file, in order. A name must be unique over all
    /// of them, as the app's own list must be: refused here, before `status` lists one twice
    /// or `up` writes a backup for a migration that cannot run.
    func loadMigrations() throws -> [StateMigration] {
        var migrations: [StateMigration] = []
        var fileOfName: [String: String] = [:]
        for file in app {
            for migration in try Self.loadFile(file) {
                if let earlier = fileOfName.updateValue(file, forKey: migration.name) {
                    let files = earlier == file ? "\(printable(file)) names it twice" : "\(printable(earlier)) and \(printable(file)) both name it"
                    let hint = earlier == file && app.filter({ $0 == file }).count > 1 ? " (the file is given twice)" : ""
                    throw UsageError("two state migrations are named '\(printable(migration.name))': \(files)\(hint); each name records one migration as applied, so give each a unique name. Nothing was read or written.")
                }
                migrations.append(migration)
            }
        }
        return migrations
    }

    static func loadFile(_ path: String) throws -> [StateMigration] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("cannot read the migration file \(printable(path))")
        }
        return try StateMigration.migrations(fromFile: data, path: path)
    }

    static func describe(_ status: MigrationStatus, _ console: Console, latest: Int = SchemaMigration.latestVersion) -> String {
        var lines = ["store: \(printable(status.path))",
                     "schema: version \(status.schemaVersion) of \(latest)" + (status.pendingSchema.isEmpty ? " (current)" : " (\(status.pendingSchema.count) pending)")]
        for applied in status.appliedSchema {
            let mark = applied.matchesThisBuild ? console.paint("✓", .green) : console.paint("✗ checksum differs from this build", .red)
            lines.append("  \(mark) \(String(format: "%04d", applied.version)) \(printable(applied.name))  sha256 \(applied.checksum.prefix(12))…  applied \(StoreAdmin.isoTimestamp(milliseconds: applied.appliedAt))")
        }
        for pending in status.pendingSchema {
            lines.append("  \(console.paint("·", .yellow)) \(pending.fileName)  pending")
        }
        lines.append("state migrations: \(status.appliedState.count) applied, \(status.pendingState.count) pending")
        let unknown = Set(status.unknownState)
        for applied in status.appliedState {
            let note = unknown.contains(applied.name) ? console.paint(" (registered by the app, not in the given files)", .dim) : ""
            lines.append("  \(console.paint("✓", .green)) \(printable(applied.name))  applied \(StoreAdmin.isoTimestamp(milliseconds: applied.appliedAt))\(note)")
        }
        for pending in status.pendingState {
            lines.append("  \(console.paint("·", .yellow)) \(printable(pending.name))  pending: \(printable(pending.summary))")
        }
        return lines.joined(separator: "\n")
    }

    private static func plan(_ status: MigrationStatus, _ console: Console) -> String {
        guard !status.isCurrent else { return "nothing to do: the store is current" }
        var lines = ["`statedb migrate up` would:", "  1. copy the store to \(printable(status.path)).v\(status.schemaVersion)-<UTC time>.bak"]
        var step = 2
        for migration in status.pendingSchema {
            lines.append("  \(step). apply schema \(migration.fileName) (sha256 \(migration.checksum.prefix(12))…), in its own transaction:")
            lines += migration.sql.split(separator: "\n", omittingEmptySubsequences: false).map { "       " + $0 }
            step += 1
        }
        if !status.pendingState.isEmpty {
            lines.append("  \(step). apply, in one transaction:")
            for migration in status.pendingState {
                lines.append("       - \(printable(migration.name)): \(printable(migration.summary))")
            }
        }
        return lines.joined(separator: "\n")
    }

    static func statusJSON(_ status: MigrationStatus, latest: Int = SchemaMigration.latestVersion) -> JSONValue {
        .object([
            .init("store", .string(status.path)),
            .init("schemaVersion", .number(String(status.schemaVersion))),
            .init("latestSchemaVersion", .number(String(latest))),
            .init("current", .bool(status.isCurrent)),
            .init("appliedSchema", .array(status.appliedSchema.map { applied in
                .object([
                    .init("version", .number(String(applied.version))),
                    .init("name", .string(applied.name)),
                    .init("checksum", .string(applied.checksum)),
                    .init("matchesThisBuild", .bool(applied.matchesThisBuild)),
                    .init("applied", .string(StoreAdmin.isoTimestamp(milliseconds: applied.appliedAt))),
                ])
            })),
            .init("pendingSchema", .array(status.pendingSchema.map { .string($0.fileName) })),
            .init("appliedState", .array(status.appliedState.map { applied in
                .object([.init("name", .string(applied.name)), .init("applied", .string(StoreAdmin.isoTimestamp(milliseconds: applied.appliedAt)))])
            })),
            .init("pendingState", .array(status.pendingState.map { .string($0.name) })),
        ])
    }
}
