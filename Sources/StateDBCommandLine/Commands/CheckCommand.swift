@_spi(Admin) import StateDB

/// `statedb check STORE [--json]`: is the store sound?
struct CheckCommand: Command {
    @Argument("STORE") var store: String
    @Flag(help: SharedHelp.json) var json: Bool

    var declarations: KeyValuePairs<String, any DeclaredArgument> {
        ["store": _store, "json": _json]
    }

    static let configuration = CommandConfiguration(
        name: "check",
        summary: "Check the file, the schema and the clock, and every value; list quarantined values.",
        usage: ["check STORE [--json]"],
        discussion: """
            Runs SQLite's integrity check, compares each applied schema migration's checksum with
            this build's, compares the tables, indexes and triggers with what the migrations
            create (missing, changed and extra objects), checks the clock's row and lists rows
            stamped above it, and checks that every value reads as its encoding, is valid JSON
            where it should be, and fits its declared standard type. Exit code 5 when anything
            is wrong; quarantined values are listed but are not a fault. A damaged store is
            reported, not refused; `statedb recover` copies what can be read into a new store.
            """
    )

    func run(_ console: Console) throws -> ExitCode {
        let path = store
        let admin = try StoreAdmin(path: path, access: .read, toleratingDamage: true)
        defer { admin.close() }
        let progress = Progress.onTerminal("checked") { try admin.slotCount() }
        let report = try admin.check { _ in progress?.advance() }
        progress?.finish()
        if json {
            console.print(jsonText(.object([
                .init("healthy", .bool(report.isHealthy)),
                .init("damaged", .bool(report.isDamaged)),
                .init("integrity", .array(report.integrity.map(JSONValue.string))),
                .init("schemaVersion", .number(String(report.schemaVersion))),
                .init("schemaVersionProblem", report.schemaVersionProblem.map(JSONValue.string) ?? .null),
                .init("migrations", .array(report.migrations.map { migration in
                    .object([.init("version", .number(String(migration.version))), .init("name", .string(migration.name)),
                             .init("checksum", .string(migration.checksum)), .init("matches", .bool(migration.matches))])
                })),
                .init("schemaDifferences", .array(report.schemaDifferences.map { difference in
                    .object([.init("difference", .string(difference.kind.rawValue)), .init("type", .string(difference.type)),
                             .init("name", .string(difference.name))])
                })),
                .init("clock", .object([
                    .init("tick", report.clockTick.map { .number(String($0)) } ?? .null),
                    .init("problem", report.clockProblem.map(JSONValue.string) ?? .null),
                    .init("ahead", .array(report.aheadOfClock.map { row in
                        .object([.init("table", .string(row.table)), .init("key", .string(row.key)), .init("version", .number(String(row.version)))])
                    })),
                ])),
                .init("slots", .number(String(report.slotCount))),
                .init("unreadable", report.unreadable.map(JSONValue.string) ?? .null),
                .init("problems", .array(report.problems.map { .object([.init("key", .string($0.key)), .init("problem", .string($0.message))]) })),
                .init("quarantined", .array(report.quarantined.map(quarantineJSON))),
            ])))
            return report.isHealthy ? .ok : .problemsFound
        }
        let ok = console.paint("ok", .green), bad = console.paint("FAILED", .red)
        var lines: [String] = []
        let integrityOK = report.integrity == ["ok"]
        lines.append("integrity: \(integrityOK ? ok : bad)")
        if !integrityOK { lines += report.integrity.prefix(20).map { "  " + printable($0) } }
        if report.integrity.count > 20 { lines.append("  … \(report.integrity.count - 20) more") }
        lines.append("schema: version \(report.schemaVersion)" + (report.schemaVersionProblem.map { ", \(bad): \($0)" } ?? ""))
        for migration in report.migrations {
            let name = String(format: "%04d", migration.version) + "_" + printable(migration.name)
            lines.append("  \(name) sha256 \(migration.checksum.prefix(12))… \(migration.matches ? ok : console.paint("differs from this build's file", .red))")
        }
        let differences = report.schemaDifferences
        lines.append("  tables, indexes, triggers: " + (differences.isEmpty ? ok : console.paint("\(differences.count) difference(s)", .red)))
        lines += differences.map { "    " + printable($0.description) }
        if let problem = report.clockProblem {
            lines.append("clock: \(bad): \(printable(problem))")
        } else if let tick = report.clockTick {
            let ahead = report.aheadOfClock
            lines.append("clock: tick \(tick), " + (ahead.isEmpty ? ok : console.paint("\(ahead.count) row(s) stamped above it (a running app re-reads them at every update)", .red)))
            lines += ahead.prefix(20).map { "  \($0.table) \(printable($0.key)): version \($0.version)" }
            if ahead.count > 20 { lines.append("  … \(ahead.count - 20) more") }
        }
        if let unreadable = report.unreadable {
            lines.append("values: \(report.slotCount) slot(s) read, " + bad + ": not every row can be read (\(printable(unreadable)))")
        } else {
            lines.append("values: \(report.slotCount) slot(s), " + (report.problems.isEmpty ? ok : console.paint("\(report.problems.count) problem(s)", .red)))
        }
        lines += report.problems.map { "  " + printable($0.key) + ": " + printable($0.message) }
        lines.append("quarantine: \(report.quarantined.count) value(s)" + (report.quarantined.isEmpty ? "" : " (`statedb quarantine` restores or drops them)"))
        lines += report.quarantined.map { QuarantineCommand.line($0, console) }
        if let recorded = report.userVersionSetBackFrom {
            lines.append(console.paint("The store's user_version was set back.", .red) + " " + printable(StateStoreError.userVersionAdvice(for: path, recorded: recorded)))
        }
        if report.isDamaged {
            lines.append(console.paint("The store is damaged.", .red) + " " + printable(StoreAdmin.isURL(path) ? StoreAdmin.postgresDamageAdvice : StateStoreError.salvageAdvice(for: path)))
        }
        console.print(lines.joined(separator: "\n"))
        return report.isHealthy ? .ok : .problemsFound
    }
}
