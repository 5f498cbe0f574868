@_spi(Admin) import StateDB

/// A subcommand: its spec (usage, options, help) and what it does.
protocol Command {
    static var spec: CommandSpec { get }
    /// Runs with parsed arguments. Throws `UsageError`, `AdminError` or `StateStoreError`,
    /// which become one line on standard error and an exit code.
    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> ExitCode
}

/// Every subcommand, in the order `statedb --help` lists them.
var commands: [any Command.Type] {
    [InspectCommand.self, GetCommand.self, SetCommand.self, RemoveCommand.self, MoveCommand.self,
     OrphansCommand.self, GCCommand.self, CheckCommand.self, RecoverCommand.self, QuarantineCommand.self,
     ExportCommand.self, ImportCommand.self, MigrateCommand.self]
}

/// Shared options.
extension OptionSpec {
    static let json = OptionSpec(name: "json", help: "Print JSON instead of text.")
    static let dryRun = OptionSpec(name: "dry-run", help: "Show what would change; write nothing (opens the store read-only).")
}

/// Runs `statedb ARGUMENTS…` and returns the exit status.
func runStatedb(_ arguments: [String], console: Console) -> ExitCode {
    guard let name = arguments.first else {
        console.error("statedb: missing COMMAND; `statedb --help` lists the commands.")
        return .usage
    }
    switch name {
    case "-h", "--help", "help":
        guard name == "help", arguments.count > 1 else {
            console.print(topLevelHelp)
            return .ok
        }
        guard let command = commands.first(where: { $0.spec.name == arguments[1] }) else {
            console.error("statedb help: no command '\(arguments[1])'; `statedb --help` lists the commands.")
            return .usage
        }
        console.print(command.spec.help)
        return .ok
    case "--version":
        console.print("statedb, store schema version \(SchemaMigration.latestVersion)")
        return .ok
    default:
        break
    }
    guard let command = commands.first(where: { $0.spec.name == name }) else {
        let close = commands.map { $0.spec.name }.min { KeySuggestions.editDistance($0, name) < KeySuggestions.editDistance($1, name) }
        let hint = close.flatMap { KeySuggestions.editDistance($0, name) <= 2 ? " (did you mean \($0)?)" : nil } ?? ""
        console.error("statedb: unknown command '\(name)'\(hint); `statedb --help` lists the commands.")
        return .usage
    }
    do {
        switch try ArgumentParser.parse(Array(arguments.dropFirst()), for: command.spec) {
        case .help:
            console.print(command.spec.help)
            return .ok
        case .run(let parsed):
            return try command.run(parsed, console)
        }
    } catch {
        let message: String
        switch error {
        case let error as UsageError: message = error.message
        case let error as AdminError: message = error.description
        case let error as StateStoreError: message = error.description
        default: message = "\(error)"
        }
        console.error("statedb \(name): \(message)")
        return ExitCode(for: error)
    }
}

var topLevelHelp: String {
    let width = commands.map { $0.spec.name.count }.max() ?? 0
    let list = commands.map { "  " + $0.spec.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.spec.summary }
    return """
        usage: statedb COMMAND STORE [ARGUMENTS…] [OPTIONS]

        Inspect and repair statedb store files, also while the app runs: a running app
        picks up every change on its next update.

        commands:
        \(list.joined(separator: "\n"))

        `statedb COMMAND --help` explains a command. Exit codes: 0 ok, 1 not found, 2 usage,
        3 type mismatch, 4 conflict, 5 problems found, 6 no such store, 7 store refused,
        8 cannot write, 9 other failure. See docs/cli.md.
        """
}

/// Opens the store at `path`, runs `body`, closes it. Reading never creates or writes a
/// byte; nothing creates a missing store.
func withStore<T>(_ path: String, _ access: StoreAdmin.Access, _ body: (StoreAdmin) throws -> T) throws -> T {
    let admin = try StoreAdmin(path: path, access: access)
    defer { admin.close() }
    return try body(admin)
}
