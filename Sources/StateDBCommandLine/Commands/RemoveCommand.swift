@_spi(Admin) import StateDB

/// `statedb rm STORE KEY` / `statedb rm STORE --prefix P`: delete slots.
struct RemoveCommand: Command {
    @Argument("STORE") var store: String
    @Argument("KEY") var key: String?
    @Option(value: "P", help: "Delete every slot under P (ContentView/Settings matches ContentView/Settings[…]/… too, never ContentView/SettingsX).") var prefix: String?
    @Flag(help: SharedHelp.dryRun) var dryRun: Bool
    @Flag(help: "Print the deleted slots as a JSON array.") var json: Bool

    var declarations: KeyValuePairs<String, any DeclaredArgument> {
        ["store": _store, "key": _key, "prefix": _prefix, "dryRun": _dryRun, "json": _json]
    }

    static let configuration = CommandConfiguration(
        name: "rm",
        summary: "Delete a slot, or every slot under a prefix.",
        usage: ["rm STORE KEY [--json]", "rm STORE --prefix P [--dry-run] [--json]"],
        discussion: """
            A running app that has the slot mounted starts it again from its initial value on
            its next update (as if the view were new). Deletions leave tombstones so running
            apps notice them.

            examples:
              statedb rm state.sqlite ContentView/count
              statedb rm state.sqlite --prefix 'ContentView/List/Row[id: "42"]' --dry-run
            """
    )

    func run(_ console: Console) throws -> ExitCode {
        guard (key == nil) != (prefix == nil) else {
            throw UsageError("give either a KEY or --prefix P; usage: statedb rm STORE KEY | statedb rm STORE --prefix P")
        }
        if key != nil, dryRun { throw UsageError("--dry-run goes with --prefix; `statedb get` shows a single slot") }
        let removed: [AdminSlot] = try withStore(store, dryRun ? .read : .write) { admin in
            if let key { return [try admin.remove(key)] }
            return try admin.remove(under: KeyPrefix(prefix!), dryRun: dryRun)
        }
        if json {
            console.print(jsonText(.array(removed.map { slotJSON($0) })))
        } else {
            let verb = dryRun ? "would delete" : "deleted"
            console.print(removed.map { "\(verb) \(printable($0.key))" }.joined(separator: "\n"))
            if removed.count > 1 { console.print("\(removed.count) slots \(dryRun ? "would be " : "")deleted") }
        }
        return .ok
    }
}
