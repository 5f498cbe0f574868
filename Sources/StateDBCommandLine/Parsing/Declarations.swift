/// The declarations a command's options and arguments are made of, in the manner of
/// swift-argument-parser: one property each, whose wrapper holds what the parser needs (name,
/// placeholder, help text) and, after parsing, the value. The command reads its options as
/// typed properties (`json`, `prefix`), so a misspelt name does not compile:
///
/// ```swift
/// struct InspectCommand: Command {
///     @Argument("STORE") var store: String
///     @Option(value: "P", help: "Only slots under P.") var prefix: String?
///     @Flag(help: "Print JSON instead of text.") var json: Bool
///
///     var declarations: KeyValuePairs<String, any DeclaredArgument> {
///         ["store": _store, "prefix": _prefix, "json": _json]
///     }
/// }
/// ```
///
/// The parser takes the declarations from the command's `declarations`, which lists them
/// under their properties' names in the order they are written, the order `--help` lists
/// them in (`ArgumentParserTests` checks each list against reflection, which would cost every
/// start its conformance searches). An option's long name is its property's name in kebab
/// case (`dryRun` is `--dry-run`, `ignoreWAL` is `--ignore-wal`) unless `name:` says otherwise.
///
/// The wrappers keep their value in a box the parser fills; a command is parsed once, by one
/// thread, and then run.

/// A flag: `--json`, true when given.
@propertyWrapper
struct Flag {
    private let naming: OptionNaming
    private let box = ValueBox(false)

    init(name: String? = nil, short: Character? = nil, help: String) {
        naming = OptionNaming(name: name, short: short, help: help)
    }

    var wrappedValue: Bool { box.value }
}

/// An option with a value: `--prefix P`, `--prefix=P`, `-o FILE`. `String?` is given at most
/// once (nil when absent); `[String]` may be given again and again (`--app A --app B`).
///
/// `Value` is constrained on the initialiser and the conformance, not on the type: the runtime
/// checks a type's constraints each time it first builds the type's metadata, by searching
/// every conformance in the binary (~0.2 M instructions of a command's start), whereas the
/// compiler hands a conformance's requirements over directly.
@propertyWrapper
struct Option<Value> {
    private let naming: OptionNaming
    /// The value's placeholder in help and messages: `P`.
    private let placeholder: String
    private let box: ValueBox<Value>

    init(name: String? = nil, short: Character? = nil, value placeholder: String, help: String) where Value: OptionValue {
        naming = OptionNaming(name: name, short: short, help: help)
        self.placeholder = placeholder
        box = ValueBox(Value.absent)
    }

    var wrappedValue: Value { box.value }
}

/// A positional argument: `String` exactly one, `String?` one or none, `[String]` as many as
/// `count` allows. They take the positionals in the order declared. (`Value` is constrained
/// where it is used, as for `Option`.)
@propertyWrapper
struct Argument<Value> {
    /// How help and messages name it: `STORE`.
    let placeholder: String
    let count: ClosedRange<Int>
    private let box: ValueBox<Value>

    init(_ placeholder: String, count: ClosedRange<Int> = Value.count) where Value: ArgumentValue {
        self.placeholder = placeholder
        self.count = count
        box = ValueBox(Value(values: []))
    }

    var wrappedValue: Value { box.value }
}

// MARK: - Value types

/// What an `Option` can hold.
protocol OptionValue {
    /// The value when the option is not given.
    static var absent: Self { get }
    /// May the option be given more than once?
    static var isRepeatable: Bool { get }
    /// The value after one more occurrence.
    func adding(_ value: String) -> Self
}

extension Optional: OptionValue where Wrapped == String {
    static var absent: String? { nil }
    static var isRepeatable: Bool { false }
    func adding(_ value: String) -> String? { value }
}

extension Array: OptionValue where Element == String {
    static var absent: [String] { [] }
    static var isRepeatable: Bool { true }
    func adding(_ value: String) -> [String] { self + [value] }
}

/// What an `Argument` can hold.
protocol ArgumentValue {
    /// How many positionals it takes unless the declaration says otherwise.
    static var count: ClosedRange<Int> { get }
    /// Made from the positionals the argument took (as many as its count allows).
    init(values: [String])
}

extension String: ArgumentValue {
    static var count: ClosedRange<Int> { 1...1 }
    init(values: [String]) { self = values.first ?? "" }
}

extension Optional: ArgumentValue where Wrapped == String {
    static var count: ClosedRange<Int> { 0...1 }
    init(values: [String]) { self = values.first }
}

extension Array: ArgumentValue where Element == String {
    static var count: ClosedRange<Int> { 0...Int.max }
    init(values: [String]) { self = values }
}

// MARK: - What the parser sees

/// One declaration, as the parser and the help see it.
struct Declaration: Equatable {
    enum Kind: Equatable {
        case flag
        case option(placeholder: String, repeatable: Bool)
        case positional(placeholder: String, count: ClosedRange<Int>)
    }

    /// An option's long name without dashes (`dry-run`); a positional's placeholder.
    let name: String
    var short: Character? = nil
    var help: String = ""
    let kind: Kind

    /// How help lists an option: `-o, --output FILE`.
    var display: String {
        var long = "--" + name
        if case .option(let placeholder, _) = kind { long += " " + placeholder }
        return short.map { "-\($0), " + long } ?? long
    }

    var isRepeatable: Bool {
        if case .option(_, true) = kind { return true }
        return false
    }

    var isPositional: Bool {
        if case .positional = kind { return true }
        return false
    }

    /// The option name a property stands for: `dryRun` is `dry-run`, `ignoreWAL` is
    /// `ignore-wal` (a dash only where a lowercase letter meets a capital).
    static func optionName(forProperty label: String) -> String {
        var name = ""
        var previousWasLowercase = false
        for character in label.drop(while: { $0 == "_" }) {
            if character.isUppercase && previousWasLowercase { name.append("-") }
            name += character.lowercased()
            previousWasLowercase = character.isLowercase
        }
        return name
    }
}

/// A property wrapper the parser can describe and fill.
protocol DeclaredArgument {
    /// The declaration of the property named `label` (`dryRun`; `_dryRun`, as reflection names
    /// it, is the same).
    func declaration(label: String) -> Declaration
    /// Records what the command line gave it: for a flag one empty string per occurrence, for
    /// an option each value, for a positional the positionals it took.
    func receive(_ values: [String])
}

extension Flag: DeclaredArgument {
    func declaration(label: String) -> Declaration { naming.declaration(label: label, kind: .flag) }

    func receive(_ values: [String]) { box.value = !values.isEmpty }
}

extension Option: DeclaredArgument where Value: OptionValue {
    func declaration(label: String) -> Declaration {
        naming.declaration(label: label, kind: .option(placeholder: placeholder, repeatable: Value.isRepeatable))
    }

    func receive(_ values: [String]) { box.value = values.reduce(Value.absent) { $0.adding($1) } }
}

extension Argument: DeclaredArgument where Value: ArgumentValue {
    func declaration(label: String) -> Declaration {
        Declaration(name: placeholder, kind: .positional(placeholder: placeholder, count: count))
    }

    func receive(_ values: [String]) { box.value = Value(values: values) }
}

/// How a flag or an option is named and described.
private struct OptionNaming {
    /// The long name without dashes; nil: the property's name in kebab case.
    let name: String?
    let short: Character?
    let help: String

    func declaration(label: String, kind: Declaration.Kind) -> Declaration {
        Declaration(name: name ?? Declaration.optionName(forProperty: label), short: short, help: help, kind: kind)
    }
}

/// Where a declaration keeps its parsed value.
private final class ValueBox<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}
