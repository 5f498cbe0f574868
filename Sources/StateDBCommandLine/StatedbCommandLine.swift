@_spi(Admin) import StateDB
import Foundation

/// The `statedb` tool: the executable (`CLI/main.swift`) calls `main()`; everything else —
/// parsing, the commands, their output — lives in this library, where the tests reach it.
public enum StatedbCommandLine {
    /// Runs `statedb` with the process's own arguments and returns its exit status.
    public static func main() -> Int32 {
        let console = Console.standard()
        switch RawArguments.validated() {
        case .success(let arguments):
            return run(arguments, console: console).rawValue
        case .failure(let error):
            let name = CommandLine.arguments.dropFirst().first.flatMap(command(named:)).map { " " + $0.configuration.name } ?? ""
            console.error("statedb\(name): \(error.message)")
            return ExitCode.usage.rawValue
        }
    }

    /// Runs `statedb ARGUMENTS…` and returns the exit status: the command's own, unless its
    /// standard output could not be written (see `StandardOutput`).
    static func run(_ arguments: [String], console: Console) -> ExitCode {
        let status = runCommand(arguments, console: console)
        guard let failure = StandardOutput.failure else { return status }
        let name = arguments.first.flatMap(command(named:)).map { " " + $0.configuration.name } ?? ""
        console.error("statedb\(name): cannot write the output (\(failure)); the command ran to its end, and any change it makes was made, but what it printed is incomplete.")
        return .failure
    }

    private static func runCommand(_ arguments: [String], console: Console) -> ExitCode {
        guard let name = arguments.first else {
            console.error("statedb: missing COMMAND; `statedb --help` lists the commands.")
            return .usage
        }
        switch name {
        case "-h", "--help", "help":
            guard name == "help", arguments.count > 1 else {
                console.print(CommandHelp.overview)
                return .ok
            }
            guard let command = command(named: arguments[1]) else {
                console.error("statedb help: no command '\(arguments[1])'; `statedb --help` lists the commands.")
                return .usage
            }
            console.print(CommandHelp.text(for: command))
            return .ok
        case "--version":
            console.print("statedb, store schema version \(SchemaMigration.latestVersion)")
            return .ok
        default:
            break
        }
        guard let type = command(named: name) else {
            // An option before the command (`statedb -- inspect …`, `statedb --json get …`): no
            // command name is near it, whatever the edit distance says.
            if name.hasPrefix("-") {
                console.error("statedb: '\(name)' comes before the command; write the command first (statedb COMMAND STORE …), its options after it. `statedb --help` lists the commands.")
                return .usage
            }
            let names = commands.map { $0.configuration.name }
            let distances = names.compactMap { known in KeySuggestions.editDistance(known, name, atMost: 2).map { (known, $0) } }
            let hint = distances.min { $0.1 < $1.1 }.map { " (did you mean \($0.0)?)" } ?? ""
            console.error("statedb: unknown command '\(name)'\(hint); `statedb --help` lists the commands.")
            return .usage
        }
        do {
            let command = type.init()
            switch try ArgumentParser.parse(Array(arguments.dropFirst()), into: command) {
            case .help:
                console.print(CommandHelp.text(for: type))
                return .ok
            case .run:
                return try command.run(console)
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
}
