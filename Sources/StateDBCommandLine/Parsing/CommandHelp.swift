/// `statedb COMMAND --help`, made from the command's configuration and declarations, and
/// `statedb --help`.
enum CommandHelp {
    static func text(for command: any Command.Type) -> String {
        let configuration = command.configuration
        var lines = ["usage: " + configuration.usage.map { "statedb " + $0 }.joined(separator: "\n       "), "", configuration.summary]
        if !configuration.discussion.isEmpty { lines += ["", configuration.discussion] }
        let options = ArgumentParser.declarations(of: command.init()).map(\.declaration).filter { !$0.isPositional }
            + [Declaration(name: "help", short: "h", help: "Show this help.", kind: .flag)]
        let width = options.map(\.display.count).max() ?? 0
        lines += ["", "options:"]
        lines += options.map { "  " + $0.display.padded(to: width + 2) + $0.help }
        return lines.joined(separator: "\n")
    }

    static var overview: String {
        let width = commands.map { $0.configuration.name.count }.max() ?? 0
        let list = commands.map { "  " + $0.configuration.name.padded(to: width + 2) + $0.configuration.summary }
        return """
            usage: statedb COMMAND STORE [ARGUMENTS…] [OPTIONS]

            Inspect and repair statedb stores, also while the app runs: a running app
            picks up every change on its next update. STORE is a store file's path, or a
            PostgreSQL URL (postgresql://user@host/db, postgres://…; several hosts for
            failover) for a store on PostgreSQL. Passwords in a URL are never printed;
            prefer ~/.pgpass or PGPASSWORD to putting them on the command line.

            commands:
            \(list.joined(separator: "\n"))

            `statedb COMMAND --help` explains a command. Exit codes: 0 ok, 1 not found, 2 usage,
            3 type mismatch, 4 conflict, 5 problems found, 6 no such store, 7 store refused,
            8 cannot write, 9 other failure. See docs/cli.md.
            """
    }
}

private extension String {
    /// The text and spaces after it up to `width` characters: a column of help. (Not
    /// Foundation's `padding(toLength:withPad:startingAt:)`, which bridges through NSString:
    /// 0.6 M of the 5.7 M instructions of `statedb --help`.)
    func padded(to width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}
