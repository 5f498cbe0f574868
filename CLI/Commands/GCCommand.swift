@_spi(Admin) import StateDB

/// `statedb gc STORE [--unseen-for 30d] [--dry-run] [--json]`: delete orphans.
enum GCCommand: Command {
    static let spec = CommandSpec(
        name: "gc",
        summary: "Delete the slots `statedb orphans` lists.",
        usage: ["gc STORE [--unseen-for 30d] [--dry-run] [--json]"],
        arguments: 1...1,
        options: [.unseenFor, .dryRun, OptionSpec(name: "json", help: "Print the deleted slots as a JSON array.")],
        discussion: """
            One transaction. A view that has stayed mounted in one app process for longer than
            --unseen-for also looks unseen: pick an age longer than your app's sessions.

            example: statedb gc state.sqlite --unseen-for 90d --dry-run
            """
    )

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> ExitCode {
        let unseenFor = try OptionSpec.unseenForValue(arguments)
        let dryRun = arguments.has("dry-run")
        let removed = try withStore(arguments.positionals[0], dryRun ? .read : .write) {
            try $0.collectGarbage(unseenFor: unseenFor.milliseconds, dryRun: dryRun)
        }
        if arguments.has("json") {
            console.print(jsonText(.array(removed.map(slotJSON))))
            return .ok
        }
        var lines = OrphansCommand.orphanLines(removed, console)
        lines.append(removed.isEmpty ? "no slots unseen for \(unseenFor.text)"
                     : "\(removed.count) slot(s) \(dryRun ? "would be " : "")deleted")
        console.print(lines.joined(separator: "\n"))
        return .ok
    }
}
