@_spi(Admin) import StateDB

/// `statedb import STORE FILE [--replace] [--dry-run] [--json]`: load an export.
enum ImportCommand: Command {
    static let spec = CommandSpec(
        name: "import",
        summary: "Load slots from a `statedb export` file, validated first, in one transaction.",
        usage: ["import STORE FILE [--replace] [--dry-run] [--json]"],
        arguments: 2...2,
        options: [
            OptionSpec(name: "replace", help: "Also delete the store's slots that are not in FILE."),
            .dryRun,
            OptionSpec(name: "json", help: "Print what changed as JSON."),
        ],
        discussion: """
            FILE (- for standard input) is checked completely before anything is written: the
            format, every key, and every value against its type (standard types exactly). A
            slot in FILE replaces the store's slot with that key; an equal one is left alone.
            Other slots stay, unless --replace.

            example: statedb import state.sqlite backup.json --dry-run
            """
    )

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> ExitCode {
        let path = arguments.positionals[0], file = arguments.positionals[1]
        let dryRun = arguments.has("dry-run")
        let result = try withStore(path, dryRun ? .read : .write) { admin in
            let document = try parseJSON(try readInput(file), source: file == "-" ? "standard input" : file)
            return try admin.importDocument(document, replace: arguments.has("replace"), dryRun: dryRun)
        }
        if arguments.has("json") {
            let list = { (keys: [String]) in JSONValue.array(keys.map(JSONValue.string)) }
            console.print(jsonText(.object([
                .init("created", list(result.created)), .init("updated", list(result.updated)),
                .init("unchanged", list(result.unchanged)), .init("removed", list(result.removed)),
            ])))
            return .ok
        }
        let prefix = dryRun ? "would import: " : "imported: "
        console.print(prefix + "\(result.created.count) created, \(result.updated.count) updated, \(result.unchanged.count) unchanged, \(result.removed.count) removed")
        return .ok
    }
}
