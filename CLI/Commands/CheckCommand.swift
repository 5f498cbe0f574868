@_spi(Admin) import StateDB

/// `statedb check STORE [--json]`: is the store sound?
enum CheckCommand: Command {
    static let spec = CommandSpec(
        name: "check",
        summary: "Check the file, the schema checksums and every value; list quarantined values.",
        usage: ["check STORE [--json]"],
        arguments: 1...1,
        options: [.json],
        discussion: """
            Runs SQLite's integrity check, compares each applied schema migration's checksum with
            this build's, and checks that every value reads as its encoding, is valid JSON where
            it should be, and fits its declared standard type. Exit code 5 when anything is
            wrong; quarantined values are listed but are not a fault.
            """
    )

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> ExitCode {
        let report = try withStore(arguments.positionals[0], .read) { try $0.check() }
        if arguments.has("json") {
            console.print(jsonText(.object([
                .init("healthy", .bool(report.isHealthy)),
                .init("integrity", .array(report.integrity.map(JSONValue.string))),
                .init("schemaVersion", .number(String(report.schemaVersion))),
                .init("migrations", .array(report.migrations.map { migration in
                    .object([.init("version", .number(String(migration.version))), .init("name", .string(migration.name)),
                             .init("checksum", .string(migration.checksum)), .init("matches", .bool(migration.matches))])
                })),
                .init("slots", .number(String(report.slotCount))),
                .init("problems", .array(report.problems.map { .object([.init("key", .string($0.key)), .init("problem", .string($0.message))]) })),
                .init("quarantined", .array(report.quarantined.map(quarantineJSON))),
            ])))
            return report.isHealthy ? .ok : .problemsFound
        }
        let ok = console.paint("ok", .green), bad = console.paint("FAILED", .red)
        var lines: [String] = []
        let integrityOK = report.integrity == ["ok"]
        lines.append("integrity: \(integrityOK ? ok : bad)")
        if !integrityOK { lines += report.integrity.map { "  " + printable($0) } }
        lines.append("schema: version \(report.schemaVersion)")
        for migration in report.migrations {
            let name = String(format: "%04d", migration.version) + "_" + printable(migration.name)
            lines.append("  \(name) sha256 \(migration.checksum.prefix(12))… \(migration.matches ? ok : console.paint("differs from this build's file", .red))")
        }
        lines.append("values: \(report.slotCount) slot(s), " + (report.problems.isEmpty ? ok : console.paint("\(report.problems.count) problem(s)", .red)))
        lines += report.problems.map { "  " + printable($0.key) + ": " + printable($0.message) }
        lines.append("quarantine: \(report.quarantined.count) value(s)" + (report.quarantined.isEmpty ? "" : " (`statedb quarantine` restores or drops them)"))
        lines += report.quarantined.map { QuarantineCommand.line($0, console) }
        console.print(lines.joined(separator: "\n"))
        return report.isHealthy ? .ok : .problemsFound
    }
}
