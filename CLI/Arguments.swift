@_spi(Admin) import StateDB

/// An option a command accepts: a flag (`--json`) or one that takes a value (`--prefix P`).
struct OptionSpec {
    /// The long name without dashes: `prefix` for `--prefix`.
    let name: String
    /// A one-letter alias: `o` for `-o`.
    var short: Character? = nil
    /// The value's placeholder in help (`P`); nil for a flag.
    var value: String? = nil
    /// May be given several times (`--app A --app B`); read with `values(of:)`.
    var repeatable = false
    let help: String

    var display: String {
        let long = "--" + name + (value.map { " " + $0 } ?? "")
        return short.map { "-\($0), " + long } ?? long
    }
}

/// How a command is called, and its help text.
struct CommandSpec {
    let name: String
    /// One line for the command list.
    let summary: String
    /// The forms of the command, without `statedb `: `inspect STORE [--prefix P] [--json]`.
    let usage: [String]
    /// Positional arguments accepted, as a count range.
    let arguments: ClosedRange<Int>
    var options: [OptionSpec] = []
    /// Paragraphs and examples after the usage.
    var discussion: String = ""

    /// The full `--help` text.
    var help: String {
        var lines = ["usage: " + usage.map { "statedb " + $0 }.joined(separator: "\n       "), "", summary]
        if !discussion.isEmpty { lines += ["", discussion] }
        let all = options + [OptionSpec(name: "help", short: "h", help: "Show this help.")]
        let width = all.map(\.display.count).max() ?? 0
        lines += ["", "options:"]
        lines += all.map { "  " + $0.display.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.help }
        return lines.joined(separator: "\n")
    }
}

/// A command line that does not fit the command's spec, or other bad input from the
/// caller (invalid JSON, a bad duration). Exit code 2.
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// What the parser found.
struct ParsedArguments {
    var positionals: [String] = []
    var flags: Set<String> = []
    var values: [String: String] = [:]
    var repeatedValues: [String: [String]] = [:]

    func has(_ flag: String) -> Bool { flags.contains(flag) }
    func value(_ option: String) -> String? { values[option] }
    /// Every value of a repeatable option, in order.
    func values(of option: String) -> [String] { repeatedValues[option] ?? [] }
}

enum ArgumentParser {
    enum Outcome {
        case help
        case run(ParsedArguments)
    }

    /// Parses `arguments` (after the command name).
    ///
    /// - `--name value`, `--name=value` and `-x value` for options with values; the value of
    ///   `--name value` is never an option (`--json`) or `--`;
    /// - `--` ends the options; `-` alone is a positional (standard input);
    /// - a negative number (`-5`, `-0.5`) is a positional, so `set STORE KEY -5` works;
    /// - `-h` / `--help` anywhere before `--` asks for help, whatever else is wrong.
    static func parse(_ arguments: [String], for spec: CommandSpec) throws -> Outcome {
        let beforeTerminator = arguments.prefix { $0 != "--" }
        if beforeTerminator.contains("-h") || beforeTerminator.contains("--help") { return .help }

        var parsed = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !looksLikeOption(argument) {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            let (name, inline) = split(argument)
            guard let option = find(name, in: spec) else {
                let known = spec.options.map { "--" + $0.name }
                let close = known.filter { KeySuggestions.editDistance($0, name) <= 2 }.first
                throw UsageError("unknown option \(name)\(close.map { " (did you mean \($0)?)" } ?? "")\(seeHelp(spec))")
            }
            if option.value == nil {
                if inline != nil { throw UsageError("--\(option.name) takes no value\(seeHelp(spec))") }
                parsed.flags.insert(option.name)
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else {
                // The next argument is the value unless it is an option itself: in
                // `inspect S --prefix --json` the prefix is missing, not "--json". A value that
                // starts with - goes inline: --prefix=-x.
                guard index < arguments.count, !looksLikeOption(arguments[index]) else {
                    throw UsageError("--\(option.name) needs a value (\(option.value!))\(index < arguments.count ? ", not the option \(arguments[index]); write --\(option.name)=VALUE for a value that starts with -" : "")\(seeHelp(spec))")
                }
                value = arguments[index]
                index += 1
            }
            if option.repeatable {
                parsed.repeatedValues[option.name, default: []].append(value)
                continue
            }
            if parsed.values[option.name] != nil { throw UsageError("--\(option.name) is given twice\(seeHelp(spec))") }
            parsed.values[option.name] = value
        }

        let count = parsed.positionals.count
        if count < spec.arguments.lowerBound {
            throw UsageError("missing arguments; usage: " + spec.usage.map { "statedb " + $0 }.joined(separator: " | "))
        }
        if count > spec.arguments.upperBound {
            let extra = parsed.positionals[spec.arguments.upperBound]
            throw UsageError("unexpected argument '\(extra)'; usage: " + spec.usage.map { "statedb " + $0 }.joined(separator: " | "))
        }
        return .run(parsed)
    }

    private static func split(_ argument: String) -> (name: String, inline: String?) {
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
        }
        return (argument, nil)
    }

    private static func find(_ name: String, in spec: CommandSpec) -> OptionSpec? {
        if name.hasPrefix("--") {
            return spec.options.first { "--" + $0.name == name }
        }
        guard name.count == 2, let letter = name.last else { return nil }
        return spec.options.first { $0.short == letter }
    }

    /// An option or `--`: starts with -, but is neither `-` (standard input) nor a negative
    /// number.
    private static func looksLikeOption(_ argument: String) -> Bool {
        argument.hasPrefix("-") && argument != "-" && !isNegativeNumber(argument)
    }

    private static func isNegativeNumber(_ argument: String) -> Bool {
        guard argument.count > 1, let second = argument.dropFirst().first else { return false }
        return second.isNumber
    }

    private static func seeHelp(_ spec: CommandSpec) -> String {
        "; see `statedb \(spec.name) --help`"
    }
}
