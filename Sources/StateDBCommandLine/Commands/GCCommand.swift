@_spi(Admin) import StateDB

/// `statedb gc STORE [--unseen-for 30d] [--dry-run] [--json]`: delete orphans.
struct GCCommand: Command {
    @Argument("STORE") var store: String
    @Option(value: "AGE", help: SharedHelp.unseenFor) var unseenFor: String?
    @Flag(help: SharedHelp.dryRun) var dryRun: Bool
    @Flag(help: "Print the deleted slots as a JSON array.") var json: Bool

    var declarations: KeyValuePairs<String, any DeclaredArgument> {
        ["store": _store, "unseenFor": _unseenFor, "dryRun": _dryRun, "json": _json]
    }

    static let configuration = CommandConfiguration(
        name: "gc",
        summary: "Delete the slots `statedb orphans` lists.",
        usage: ["gc STORE [--unseen-for 30d] [--dry-run] [--json]"],
        discussion: """
            One transaction. A view that has stayed mounted in one app process for longer than
            --unseen-for also looks unseen: pick an age longer than an hour plus your app's
            longest session (an app stamps the slots it mounts at most once an hour). An age
            under 2h is refused.

            example: statedb gc state.sqlite --unseen-for 90d --dry-run
            """
    )

    func run(_ console: Console) throws -> ExitCode {
        let unseenFor = try UnseenFor(self.unseenFor)
        // Deleting with such an age would delete state the app is using.
        guard !unseenFor.isTooShort else {
            throw UsageError("\(unseenFor.tooShort); give more than an hour plus your app's longest session, 2h at least (`statedb orphans` lists with any age)")
        }
        let removed = try withStore(store, dryRun ? .read : .write) {
            let progress = dryRun ? nil : Progress.onTerminal("deleted")
            defer { progress?.finish() }
            return try $0.collectGarbage(unseenFor: unseenFor.milliseconds, dryRun: dryRun) { progress?.update(done: $0, total: $1) }
        }
        if json {
            console.print(jsonText(.array(removed.map { slotJSON($0) })))
            return .ok
        }
        var lines = OrphansCommand.orphanLines(removed, console)
        lines.append(removed.isEmpty ? "no slots unseen for \(unseenFor.text)"
                     : "\(removed.count) slot(s) \(dryRun ? "would be " : "")deleted")
        console.print(lines.joined(separator: "\n"))
        return .ok
    }
}
