@_spi(Admin) import StateDB

/// `statedb mv STORE OLD_PREFIX NEW_PREFIX [--force] [--dry-run]`: re-key identities.
struct MoveCommand: Command {
    @Argument("STORE") var store: String
    @Argument("OLD_PREFIX") var oldPrefix: String
    @Argument("NEW_PREFIX") var newPrefix: String
    @Flag(help: "Replace slots that already exist under NEW_PREFIX (otherwise the move is refused).") var force: Bool
    @Flag(help: SharedHelp.dryRun) var dryRun: Bool
    @Flag(help: "Print the renames as JSON.") var json: Bool

    var declarations: KeyValuePairs<String, any DeclaredArgument> {
        [
            "store": _store,
            "oldPrefix": _oldPrefix,
            "newPrefix": _newPrefix,
            "force": _force,
            "dryRun": _dryRun,
            "json": _json
        ]
    }

    static let configuration = CommandConfiguration(
        name: "mv",
        summary: "Re-key slots after the code moved or renamed a view or property.",
        usage: ["mv STORE OLD_PREFIX NEW_PREFIX [--force] [--dry-run] [--json]"],
        discussion: """
            Every slot whose key starts with OLD_PREFIX at an identity boundary (followed by /,
            a [qualifier], or the end) gets NEW_PREFIX in its place; values, types and times are
            kept (a moved slot counts as seen now, so `gc` does not collect it), quarantined
            values move with their slots. One transaction.

            examples:
              statedb mv state.sqlite ContentView/VStack/Row ContentView/List/Row
              statedb mv state.sqlite Settings/volume Settings/level
            """
    )

    func run(_ console: Console) throws -> ExitCode {
        if json {
            let result = try withStore(store, dryRun ? .read : .write) { admin in
                try admin.move(from: KeyPrefix(oldPrefix), to: newPrefix, force: force, dryRun: dryRun)
            }
            console.print(jsonText(.object([
                .init("renames", .array(result.renames.map { .object([.init("from", .string($0.from)), .init("to", .string($0.to))]) })),
                .init("overwritten", .array(result.overwritten.map(JSONValue.string))),
                .init("quarantineEntries", .number(String(result.quarantineEntries))),
            ])))
            return .ok
        }
        // Each line is written as its slot is (a move of a million slots prints a million
        // lines and holds none of them); should the transaction then fail, the error says
        // so and nothing was moved.
        let output = OutputBuffer()
        let summary = try withStore(store, dryRun ? .read : .write) { admin in
            try admin.move(from: KeyPrefix(oldPrefix), to: newPrefix, force: force, dryRun: dryRun, overwritten: { keys in
                for key in keys { try output.append("\(dryRun ? "would replace" : "replaced") \(printable(key))\n") }
            }, rename: { rename in
                try output.append("\(printable(rename.from)) → \(printable(rename.to))\n")
            })
        }
        try output.append("\(summary.moved) slot(s) \(dryRun ? "would move" : "moved")"
                          + (summary.quarantineEntries > 0 ? ", with \(summary.quarantineEntries) quarantined value(s)" : "") + "\n")
        try output.flush()
        return .ok
    }
}
