@_spi(Admin) import StateDB

/// `statedb recover STORE OUT [--ignore-wal] [--json]`: salvage a damaged store into a new one.
struct RecoverCommand: Command {
    @Argument("STORE") var store: String
    @Argument("OUT") var output: String
    @Flag(help: "Read STORE alone, without the transactions in STORE-wal (for a -wal copied from another database).") var ignoreWAL: Bool
    @Flag(help: "Print what was recovered and lost as JSON.") var json: Bool

    var declarations: KeyValuePairs<String, any DeclaredArgument> {
        ["store": _store, "output": _output, "ignoreWAL": _ignoreWAL, "json": _json]
    }

    static let configuration = CommandConfiguration(
        name: "recover",
        summary: "Copy every row a damaged store still has into a new store OUT.",
        usage: ["recover STORE OUT [--ignore-wal] [--json]"],
        discussion: """
            STORE is read from a private copy and never changes. Every table is read row by row,
            stepping over damaged pages: the slots (values exactly as stored), the quarantine,
            the record of the app's value migrations, carried-over state and explicit keys. OUT
            is a new store (mode 0600, this build's schema), written in one transaction; an
            existing OUT is refused (exit 4). Prints what was recovered and what was lost.
            Exit code 0 when every row was recovered, 5 when some were lost (OUT is written
            all the same). Then put OUT in place of STORE while no app has it open.

            Store files only: a store on PostgreSQL has no damaged pages to step over (the
            server keeps them sound); restore it from a backup (pg_dump/pg_restore, base
            backups) or export it and import it into a new database.

            example: statedb recover state.sqlite state.recovered.sqlite
            """
    )

    func run(_ console: Console) throws -> ExitCode {
        let progress = Progress.onTerminal("read")
        let report = try StoreAdmin.recover(from: store, into: output, ignoringWAL: ignoreWAL) { progress?.update(done: $0, total: 0) }
        progress?.finish()
        let status: ExitCode = report.isComplete ? .ok : .problemsFound
        if json {
            console.print(jsonText(.object([
                .init("store", .string(report.source)),
                .init("recoveredInto", .string(report.destination)),
                .init("readWAL", .bool(report.readWAL)),
                .init("complete", .bool(report.isComplete)),
                .init("tables", .array(report.tables.map { table in
                    .object([.init("table", .string(table.name)), .init("recovered", .number(String(table.recovered))),
                             .init("lost", .number(String(table.lost))), .init("lostIsExact", .bool(table.lostIsExact)),
                             .init("damagedStretches", .number(String(table.damagedStretches)))])
                })),
                .init("lostKeys", .array(report.lostKeys.map(JSONValue.string))),
                .init("damage", .array(report.damage.map(JSONValue.string))),
            ])))
            return status
        }
        var lines = ["recovered \(printable(store)) into \(printable(output))" + (report.readWAL ? "" : " (without its -wal)")]
        for table in report.tables {
            var line = "  \(table.name): \(table.recovered) recovered"
            if table.lost > 0 { line += ", " + console.paint("\(table.lost) lost", .red) }
            if !table.lostIsExact {
                line += ", " + console.paint("\(table.damagedStretches) damaged stretch(es) stepped over", .red) + " (rows there that no index lists are not counted)"
            }
            lines.append(line)
        }
        if !report.lostKeys.isEmpty {
            lines.append("  lost slots: " + report.lostKeys.prefix(20).map { printable(JSONValue.quoted($0)) }.joined(separator: ", ")
                         + (report.lostKeys.count > 20 ? ", … \(report.lostKeys.count - 20) more" : ""))
        }
        // Rows only the other indexes list: their keys were on damaged pages of the key index.
        let unnamed = (report.tables.first { $0.name == "slots" }?.lost ?? 0) - report.lostKeys.count
        if unnamed > 0 {
            lines.append(report.lostKeys.isEmpty ? "  \(unnamed) lost slot(s), whose keys the damaged key index no longer lists"
                         : "  and \(unnamed) more lost slot(s), whose keys the damaged key index no longer lists")
        }
        lines += report.damage.prefix(10).map { "  damage: " + printable($0) }
        if report.damage.count > 10 { lines.append("  … \(report.damage.count - 10) more") }
        let lost = report.tables.reduce(0) { $0 + $1.lost }
        lines.append(report.isComplete
                     ? "every row was recovered."
                     : "\(lost) row(s) lost" + (report.tables.contains { !$0.lostIsExact } ? ", maybe more" : "") + ".")
        lines.append("Check it with `statedb check \(printable(output))`, then put it in place of \(printable(store)) while no app has the store open.")
        console.print(lines.joined(separator: "\n"))
        return status
    }
}
