@_spi(Admin) import StateDB

/// Reads a command line into a command's declarations (`Flag`, `Option`, `Argument`).
enum ArgumentParser {
    enum Outcome: Equatable {
        /// `-h` or `--help` was given: print the help, run nothing.
        case help
        /// The declarations are filled in: run the command.
        case run
    }

    /// Parses `arguments` (after the command name) into `command`'s declarations.
    ///
    /// - `--name value`, `--name=value` and `-x value` for options with values; the value of
    ///   `--name value` is never an option (`--json`) or `--`: a value that starts with `-`
    ///   goes inline, `--prefix=-x`;
    /// - `--` ends the options; `-` alone is a positional (standard input);
    /// - a negative number (`-5`, `-0.5`, `-inf`) is a positional, so `set STORE KEY -5` works;
    /// - `-h` / `--help` anywhere before `--` asks for help, whatever else is wrong.
    ///
    /// - Throws: `UsageError` for an unknown option (naming the closest one), an option
    ///   without its value, a flag given a value, an option or flag given twice (unless it
    ///   is repeatable), and too few or too many positionals.
    static func parse(_ arguments: [String], into command: any Command) throws -> Outcome {
        let beforeTerminator = arguments.prefix { $0 != "--" }
        if beforeTerminator.contains("-h") || beforeTerminator.contains("--help") { return .help }

        let configuration = type(of: command).configuration
        let declared = declarations(of: command)
        let options = declared.filter { !$0.declaration.isPositional }.map(\.declaration)
        func seeHelp() -> String { "; see `statedb \(configuration.name) --help`" }

        var positionals: [String] = []
        var received: [String: [String]] = [:]
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !looksLikeOption(argument) {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            let (name, inline) = split(argument)
            guard let option = find(name, in: options) else {
                let close = options.map { "--" + $0.name }.first { KeySuggestions.editDistance($0, name, atMost: 2) != nil }
                throw UsageError("unknown option \(name)\(close.map { " (did you mean \($0)?)" } ?? "")\(seeHelp())")
            }
            var value = ""
            if case .option(let placeholder, _) = option.kind {
                if let inline {
                    value = inline
                } else {
                    // The next argument is the value unless it is an option itself: in
                    // `inspect S --prefix --json` the prefix is missing, not "--json".
                    guard index < arguments.count, !looksLikeOption(arguments[index]) else {
                        let found = index < arguments.count ? ", not the option \(arguments[index]); write --\(option.name)=VALUE for a value that starts with -" : ""
                        throw UsageError("\(name) needs a value (\(placeholder))\(found)\(seeHelp())")
                    }
                    value = arguments[index]
                    index += 1
                }
            } else if inline != nil {
                throw UsageError("--\(option.name) takes no value\(seeHelp())")
            }
            if received[option.name] != nil, !option.isRepeatable {
                throw UsageError("--\(option.name) is given twice\(seeHelp())")
            }
            received[option.name, default: []].append(value)
        }

        var taken = try distribute(positionals, among: declared.map(\.declaration), configuration).makeIterator()
        for (declaration, argument) in declared {
            argument.receive(declaration.isPositional ? taken.next() ?? [] : received[declaration.name] ?? [])
        }
        return .run
    }

    /// The command's declarations, in the order written.
    static func declarations(of command: any Command) -> [(declaration: Declaration, argument: any DeclaredArgument)] {
        command.declarations.map { label, argument in (argument.declaration(label: label), argument) }
    }

    /// Hands the positionals to the positional declarations in order (one list each): each its
    /// least count, then what is left to each in turn up to its most.
    private static func distribute(_ positionals: [String], among declarations: [Declaration],
                                   _ configuration: CommandConfiguration) throws -> [[String]] {
        // Bounds as two lists of Int, not a list of ClosedRange<Int>: the runtime would search
        // the binary's conformances for Int: Comparable to build that list's type.
        var lowers: [Int] = []
        var uppers: [Int] = []
        for declaration in declarations {
            if case .positional(_, let count) = declaration.kind {
                lowers.append(count.lowerBound)
                uppers.append(count.upperBound)
            }
        }
        let least = lowers.reduce(0, +)
        let most = uppers.reduce(0) { total, upper in total > Int.max - upper ? .max : total + upper }
        if positionals.count < least {
            throw UsageError("missing arguments; usage: " + configuration.usageLine)
        }
        if positionals.count > most {
            throw UsageError("unexpected argument '\(positionals[most])'; usage: " + configuration.usageLine)
        }
        var spare = positionals.count - least
        var next = 0
        return lowers.indices.map { index in
            let extra = min(spare, uppers[index] - lowers[index])
            spare -= extra
            defer { next += lowers[index] + extra }
            return Array(positionals[next..<next + lowers[index] + extra])
        }
    }

    private static func split(_ argument: String) -> (name: String, inline: String?) {
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
        }
        return (argument, nil)
    }

    private static func find(_ name: String, in options: [Declaration]) -> Declaration? {
        if name.hasPrefix("--") {
            return options.first { "--" + $0.name == name }
        }
        guard name.count == 2, let letter = name.last else { return nil }
        return options.first { $0.short == letter }
    }

    /// An option or `--`: starts with -, but is neither `-` (standard input) nor a negative
    /// number.
    private static func looksLikeOption(_ argument: String) -> Bool {
        argument.hasPrefix("-") && argument != "-" && !isNegativeNumber(argument)
    }

    /// `-5`, `-0.5`; and `-inf`, `-Infinity`, which `set` answers with the string a `Double`
    /// takes (`"-inf"`) rather than as an unknown option.
    private static func isNegativeNumber(_ argument: String) -> Bool {
        guard argument.count > 1, let second = argument.dropFirst().first else { return false }
        return second.isNumber || ["-inf", "-infinity"].contains(argument.lowercased())
    }
}
