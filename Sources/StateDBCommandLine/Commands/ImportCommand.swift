@_spi(Admin) import StateDB

/// `statedb import STORE FILE [--replace] [--dry-run] [--json]`: load an export.
struct ImportCommand: Command {
    @Argument("STORE") var store: String
    @Argument("FILE") var file: String
    @Flag(help: "Also delete the store's slots that are not in FILE.") var replace: Bool
    @Flag(help: SharedHelp.dryRun) var dryRun: Bool
    @Flag(help: "Print what changed as JSON.") var json: Bool

    var declarations: KeyValuePairs<String, any DeclaredArgument> {
        ["store": _store, "file": _file, "replace": _replace, "dryRun": _dryRun, "json": _json]
    }

    static let configuration = CommandConfiguration(
        name: "import",
        summary: "Load slots from a `statedb export` file, validated first, in one transaction.",
        usage: ["import STORE FILE [--replace] [--dry-run] [--json]"],
        discussion: """
            FILE (- for standard input) is checked completely before anything is written: the
            format, every key, and every value against its type (standard types exactly). A
            slot in FILE replaces the store's slot with that key; an equal one is left alone.
            Other slots stay, unless --replace.

            example: statedb import state.sqlite backup.json --dry-run
            """
    )

    func run(_ console: Console) throws -> ExitCode {
        let result = try withStore(store, dryRun ? .read : .write) { admin in
            let document = try parseJSON(try readInput(file), source: file == "-" ? "standard input" : file)
            let progress = dryRun ? nil : Progress.onTerminal("imported")
            defer { progress?.finish() }
            return try admin.importDocument(document, replace: replace, dryRun: dryRun) { progress?.update(done: $0, total: $1) }
        }
        if json {
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
