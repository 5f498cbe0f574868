@testable import StateDBCommandLine
import Testing

/// A command declaring one of each kind, to test the parser without a store or a process.
/// (`Flag` is qualified: this module has a view of that name.)
private struct SampleCommand: Command {
    @Argument("STORE") var store: String
    @Argument("KEY") var key: String?
    @Option(value: "P", help: "Only under P.") var prefix: String?
    @Option(short: "o", value: "FILE", help: "Write to FILE.") var output: String?
    @Option(value: "FILE", help: "Repeatable.") var app: [String]
    @StateDBCommandLine.Flag(help: "JSON.") var json: Bool
    @StateDBCommandLine.Flag(help: "Change nothing.") var dryRun: Bool
    @StateDBCommandLine.Flag(name: "ignore-wal", help: "Named explicitly.") var ignoringWAL: Bool

    var declarations: KeyValuePairs<String, any DeclaredArgument> {
        ["store": _store, "key": _key, "prefix": _prefix, "output": _output, "app": _app, "json": _json, "dryRun": _dryRun,
         "ignoringWAL": _ignoringWAL]
    }

    static let configuration = CommandConfiguration(name: "sample", summary: "A sample.", usage: ["sample STORE [KEY]"])

    func run(_ console: Console) throws -> ExitCode { .ok }
}

/// The command line parser: values land in the typed properties, and every malformed command
/// line is refused with one message before anything runs.
@Suite struct ArgumentParserTests {
    private func parsed(_ arguments: String...) throws -> SampleCommand {
        let command = SampleCommand()
        #expect(try ArgumentParser.parse(arguments, into: command) == .run)
        return command
    }

    /// The message a refused command line gets.
    private func refusal(_ arguments: [String], into command: any Command = SampleCommand()) -> String? {
        do {
            _ = try ArgumentParser.parse(arguments, into: command)
            return nil
        } catch let error as UsageError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test func valuesLandInTheirProperties() throws {
        let all = try parsed("S", "--prefix", "P", "K", "-o", "F", "--app", "A", "--app=B", "--json", "--dry-run", "--ignore-wal")
        #expect(all.store == "S")
        #expect(all.key == "K")
        #expect(all.prefix == "P")
        #expect(all.output == "F")
        #expect(all.app == ["A", "B"])
        #expect(all.json && all.dryRun && all.ignoringWAL)

        let none = try parsed("S")
        #expect(none.store == "S")
        #expect(none.key == nil && none.prefix == nil && none.output == nil)
        #expect(none.app.isEmpty)
        #expect(!none.json && !none.dryRun && !none.ignoringWAL)
    }

    @Test func valuesThatStartWithADash() throws {
        #expect(try parsed("S", "--prefix=--json").prefix == "--json")
        #expect(try parsed("S", "--prefix=").prefix == "")
        #expect(try parsed("S", "--output=-").output == "-")
        let literal = try parsed("--json", "--", "--x", "-h")
        #expect(literal.store == "--x" && literal.key == "-h" && literal.json)
        // Standard input and negative numbers are positionals, and values.
        let dashes = try parsed("-", "-5", "--prefix", "-0.5")
        #expect(dashes.store == "-" && dashes.key == "-5" && dashes.prefix == "-0.5")
    }

    @Test func helpIsAskedForAnywhereBeforeTheTerminator() throws {
        for arguments in [["-h"], ["S", "--help"], ["--jsno", "--prefix", "-h"], ["S", "K", "extra", "--help"]] {
            #expect(try ArgumentParser.parse(arguments, into: SampleCommand()) == .help, "\(arguments)")
        }
        #expect(try parsed("--", "--help").store == "--help")
    }

    @Test(arguments: [
        (["S", "--prefix", "--json"], "--prefix needs a value (P), not the option --json; write --prefix=VALUE for a value that starts with -; see `statedb sample --help`"),
        (["S", "--prefix", "--", "x"], "--prefix needs a value (P), not the option --; write --prefix=VALUE for a value that starts with -; see `statedb sample --help`"),
        (["S", "-o", "--output=x"], "-o needs a value (FILE), not the option --output=x; write --output=VALUE for a value that starts with -; see `statedb sample --help`"),
        (["S", "--prefix"], "--prefix needs a value (P); see `statedb sample --help`"),
        (["S", "--jsno"], "unknown option --jsno (did you mean --json?); see `statedb sample --help`"),
        (["S", "--dryrun"], "unknown option --dryrun (did you mean --dry-run?); see `statedb sample --help`"),
        (["S", "-x"], "unknown option -x; see `statedb sample --help`"),
        (["S", "--json=yes"], "--json takes no value; see `statedb sample --help`"),
        (["S", "--prefix", "a", "--prefix=b"], "--prefix is given twice; see `statedb sample --help`"),
        (["S", "-o", "a", "--output", "b"], "--output is given twice; see `statedb sample --help`"),
        (["S", "--json", "--json"], "--json is given twice; see `statedb sample --help`"),
        ([], "missing arguments; usage: statedb sample STORE [KEY]"),
        (["--json"], "missing arguments; usage: statedb sample STORE [KEY]"),
        (["S", "K", "extra"], "unexpected argument 'extra'; usage: statedb sample STORE [KEY]"),
    ] as [([String], String)])
    func malformedCommandLinesAreRefused(arguments: [String], message: String) {
        #expect(refusal(arguments) == message)
    }

    @Test func optionNamesComeFromPropertyNames() {
        #expect(Declaration.optionName(forProperty: "_dryRun") == "dry-run")
        #expect(Declaration.optionName(forProperty: "_ignoreWAL") == "ignore-wal")
        #expect(Declaration.optionName(forProperty: "_unseenFor") == "unseen-for")
        #expect(Declaration.optionName(forProperty: "_json") == "json")
        let declarations = ArgumentParser.declarations(of: SampleCommand()).map(\.declaration)
        #expect(declarations.map(\.name) == ["STORE", "KEY", "prefix", "output", "app", "json", "dry-run", "ignore-wal"])
        #expect(declarations.filter { !$0.isPositional }.map(\.display)
                == ["--prefix P", "-o, --output FILE", "--app FILE", "--json", "--dry-run", "--ignore-wal"])
    }

    /// Each command lists in `declarations` exactly the properties it declares, in the order
    /// written and under their own names: what reflecting the command finds (as the parser
    /// once did at every start). A property left out, a name mistyped or two swapped fail here.
    @Test func everyCommandListsTheDeclarationsReflectionFinds() {
        func reflected(_ command: any Command) -> [Declaration] {
            Mirror(reflecting: command).children.compactMap { child in
                guard let label = child.label, let argument = child.value as? any DeclaredArgument else { return nil }
                return argument.declaration(label: label)
            }
        }
        for command in commands.map({ $0.init() }) + [SampleCommand()] {
            let name = type(of: command).configuration.name
            let listed = ArgumentParser.declarations(of: command).map(\.declaration)
            #expect(!listed.isEmpty, "\(name)")
            #expect(listed == reflected(command), "\(name)")
            // Each entry is the property of its name: its label is the property's, less the `_`.
            let labels = Mirror(reflecting: command).children.compactMap { child in
                child.value is any DeclaredArgument ? child.label.map { String($0.dropFirst()) } : nil
            }
            #expect(command.declarations.map(\.key) == labels, "\(name)")
        }
    }

    /// Each command's help lists every option it declares, once, after its usage.
    @Test func everyCommandsHelpComesFromItsDeclarations() {
        for command in commands {
            let help = CommandHelp.text(for: command)
            let name = command.configuration.name
            #expect(help.hasPrefix("usage: statedb \(name)"), "\(name)")
            let options = ArgumentParser.declarations(of: command.init()).map(\.declaration).filter { !$0.isPositional }
            #expect(Set(options.map(\.name)).count == options.count, "\(name): an option declared twice")
            for option in options {
                #expect(help.contains("  \(option.display)  ") || help.contains("  \(option.display) "), "\(name): \(option.display)")
                #expect(help.contains(option.help), "\(name): \(option.display)")
            }
            let last = help.split(separator: "\n").last ?? ""
            #expect(last.hasPrefix("  -h, --help  ") && last.hasSuffix("  Show this help."), "\(name)")
            #expect((try? ArgumentParser.parse(["--help"], into: command.init())) == .help)
        }
    }

    @Test func helpKeepsItsLayout() {
        #expect(CommandHelp.text(for: RemoveCommand.self) == """
            usage: statedb rm STORE KEY [--json]
                   statedb rm STORE --prefix P [--dry-run] [--json]

            Delete a slot, or every slot under a prefix.

            A running app that has the slot mounted starts it again from its initial value on
            its next update (as if the view were new). Deletions leave tombstones so running
            apps notice them.

            examples:
              statedb rm state.sqlite ContentView/count
              statedb rm state.sqlite --prefix 'ContentView/List/Row[id: "42"]' --dry-run

            options:
              --prefix P  Delete every slot under P (ContentView/Settings matches ContentView/Settings[…]/… too, never ContentView/SettingsX).
              --dry-run   Show what would change; write nothing (opens the store read-only).
              --json      Print the deleted slots as a JSON array.
              -h, --help  Show this help.
            """)
    }

    /// The real commands refuse what the sample does, before opening any store.
    @Test func realCommandsRefuseAnOptionAsAValue() {
        #expect(refusal(["S", "--prefix", "--json"], into: InspectCommand())?.hasPrefix("--prefix needs a value (P), not the option --json") == true)
        #expect(refusal(["status", "S", "--app", "--json"], into: MigrateCommand())?.hasPrefix("--app needs a value (FILE), not the option --json") == true)
        #expect(refusal(["S", "k", "1", "--type", "--force"], into: SetCommand())?.hasPrefix("--type needs a value (T), not the option --force") == true)
        #expect(refusal(["S", "--ignore-wall", "O"], into: RecoverCommand())?.contains("did you mean --ignore-wal?") == true)
        #expect(refusal(["list", "S", "1", "2"], into: QuarantineCommand()) == "unexpected argument '2'; usage: statedb quarantine [list] STORE [--json] | statedb quarantine show STORE ID [--json] | statedb quarantine restore STORE ID [--force] | statedb quarantine drop STORE ID")
    }
}
