@_spi(Admin) import StateDB

/// `statedb mv STORE OLD_PREFIX NEW_PREFIX [--force] [--dry-run]`: re-key identities.
enum MoveCommand: Command {
    static let spec = CommandSpec(
        name: "mv",
        summary: "Re-key slots after the code moved or renamed a view or property.",
        usage: ["mv STORE OLD_PREFIX NEW_PREFIX [--force] [--dry-run] [--json]"],
        arguments: 3...3,
        options: [
            OptionSpec(name: "force", help: "Replace slots that already exist under NEW_PREFIX (otherwise the move is refused)."),
            .dryRun,
            OptionSpec(name: "json", help: "Print the renames as JSON."),
        ],
        discussion: """
            Every slot whose key starts with OLD_PREFIX at an identity boundary (followed by /,
            a [qualifier], or the end) gets NEW_PREFIX in its place; values, types and times are
            kept, quarantined values move with their slots. One transaction.

            examples:
              statedb mv state.sqlite ContentView/VStack/Row ContentView/List/Row
              statedb mv state.sqlite Settings/volume Settings/level
            """
    )

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> ExitCode {
        let dryRun = arguments.has("dry-run")
        let result = try withStore(arguments.positionals[0], dryRun ? .read : .write) { admin in
            try admin.move(from: KeyPrefix(arguments.positionals[1]), to: arguments.positionals[2],
                           force: arguments.has("force"), dryRun: dryRun)
        }
        if arguments.has("json") {
            console.print(jsonText(.object([
                .init("renames", .array(result.renames.map { .object([.init("from", .string($0.from)), .init("to", .string($0.to))]) })),
                .init("overwritten", .array(result.overwritten.map(JSONValue.string))),
                .init("quarantineEntries", .number(String(result.quarantineEntries))),
            ])))
            return .ok
        }
        var lines = result.overwritten.map { "\(dryRun ? "would replace" : "replaced") \(printable($0))" }
        lines += result.renames.map { "\(printable($0.from)) → \(printable($0.to))" }
        lines.append("\(result.renames.count) slot(s) \(dryRun ? "would move" : "moved")"
                     + (result.quarantineEntries > 0 ? ", with \(result.quarantineEntries) quarantined value(s)" : ""))
        console.print(lines.joined(separator: "\n"))
        return .ok
    }
}
