import Foundation

/// A slot's declared type, as far as the CLI can understand it.
///
/// The `type` column holds `String(reflecting:)` of the Swift type (`Swift.Int`,
/// `Swift.Optional<Swift.String>`, `MyApp.Settings`). The standard scalars, and optionals,
/// arrays, sets and dictionaries of them, are understood exactly; any other type is `.app`:
/// the CLI cannot know its fields and can only compare shapes.
@_spi(Admin) public indirect enum SlotType: Sendable, Equatable {
    case bool
    case integer(IntegerWidth)
    case double
    case float
    case string
    case data
    case date
    case uuid
    case optional(SlotType)
    case array(SlotType)
    case set(SlotType)
    /// Keys are `.string` or `.integer` (JSON objects); other key types are `.app`.
    case dictionary(key: SlotType, value: SlotType)
    /// A type of the app's own, by its full name.
    case app(String)

    /// The fixed-width integers, with their ranges on a 64-bit platform.
    public enum IntegerWidth: String, Sendable, CaseIterable {
        case int = "Int", int8 = "Int8", int16 = "Int16", int32 = "Int32", int64 = "Int64"
        case uint = "UInt", uint8 = "UInt8", uint16 = "UInt16", uint32 = "UInt32", uint64 = "UInt64"

        public var minimum: Int64 {
            switch self {
            case .int, .int64: Int64.min
            case .int8: Int64(Int8.min)
            case .int16: Int64(Int16.min)
            case .int32: Int64(Int32.min)
            case .uint, .uint8, .uint16, .uint32, .uint64: 0
            }
        }

        public var maximum: UInt64 {
            switch self {
            case .int, .int64: UInt64(Int64.max)
            case .int8: UInt64(Int8.max)
            case .int16: UInt64(Int16.max)
            case .int32: UInt64(Int32.max)
            case .uint, .uint64: UInt64.max
            case .uint8: UInt64(UInt8.max)
            case .uint16: UInt64(UInt16.max)
            case .uint32: UInt64(UInt32.max)
            }
        }
    }

    /// The type a stored `type` column names. Never fails: what is not understood is `.app`.
    ///
    /// A name nested deeper than `maximumDepth` (no app declares one; a hand edit or a hostile
    /// file can) is `.app` too: parsing it, or working on the type it names, would take a stack
    /// frame per level and overflow the stack.
    public init(storedName name: String) {
        var parser = TypeNameParser(text: name)
        self = (try? parser.parseWhole()) ?? .app(name)
    }

    /// How deeply type names may nest (`Optional<Array<…>>`, `[[…]]`, `T??`), as JSON values
    /// may (`JSONValue.parse`).
    public static let maximumDepth = 512

    /// A type given by a person (`--type`): stored names (`Swift.Int`), short names (`Int`,
    /// `Data`) and sugar (`Int?`, `[String]`, `[String: Int]`) are all accepted.
    ///
    /// - Throws: `AdminError(.invalidInput)` for text that is not a type, or an app type
    ///   without its module (the `type` column always has one: `MyApp.Settings`).
    public init(declaredName name: String, path: String) throws {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        var parser = TypeNameParser(text: trimmed)
        let type: SlotType
        do {
            type = try parser.parseWhole()
        } catch .tooDeep {
            throw AdminError(.invalidInput, path: path, "--type \(SlotType.abbreviated(trimmed)) is nested deeper than \(SlotType.maximumDepth) levels; no app declares such a type. Write the slot's type as its type column shows it, e.g. Swift.Int or Swift.Optional<Swift.String>.")
        } catch {
            throw AdminError(.invalidInput, path: path, "--type \(trimmed.isEmpty ? "''" : SlotType.abbreviated(trimmed)) is not a Swift type name; write it as the slot's type column shows it, e.g. Swift.Int, Swift.Optional<Swift.String> or MyApp.Settings.")
        }
        if let unqualified = type.unqualifiedAppName {
            throw AdminError(.invalidInput, path: path, "--type \(unqualified) is not a standard type, so it needs its module, as String(reflecting:) writes it (e.g. MyApp.\(unqualified)).")
        }
        if let (typed, meant) = type.misspelledStandardName {
            throw AdminError(.invalidInput, path: path, "--type \(typed) is not a standard type; did you mean \(meant)? (Write a type as its type column shows it.)")
        }
        self = type
    }

    /// Whether this is a `Date` (through optionals), which the CLI takes without quotes.
    public var isDate: Bool { unwrappingOptionals == .date }

    /// Whether this is a `Double` or a `Float` (through optionals), which take NaN and the
    /// infinities as the strings `"nan"`, `"+inf"` and `"-inf"`.
    public var isFloatingPoint: Bool { unwrappingOptionals == .double || unwrappingOptionals == .float }

    /// Whether a JSON string is a value of this type (through optionals): a `String`, `UUID`
    /// or `Date`, or an app type, which may be anything.
    public var takesText: Bool {
        switch unwrappingOptionals {
        case .string, .uuid, .date, .app: true
        default: false
        }
    }

    /// The standard scalar types, by the names the store writes.
    private static let standardScalars: [SlotType] =
        [.bool, .double, .float, .string, .data, .date, .uuid] + IntegerWidth.allCases.map(SlotType.integer)

    /// A type named in `Swift.` or `Foundation.` one letter (or only the case) away from a
    /// standard scalar's name (`Swift.int`, `Swift.Strin`, `Foundation.Dat`), or in one of
    /// those modules spelt in another case (`swift.Int`, `FOUNDATION.Date`), anywhere inside
    /// this type, with that name. Other names in those modules stay app types (`Foundation.URL`
    /// and `Swift.Float16` are `Codable`, and stored as JSON). No app can declare such a type,
    /// so `set --type` and `import` refuse it rather than give a slot a type nothing reads.
    var misspelledStandardName: (typed: String, meant: String)? {
        switch self {
        case .app(let name):
            guard let dot = name.firstIndex(of: "."),
                  let module = ["Swift", "Foundation"].first(where: { $0.lowercased() == name[..<dot].lowercased() }) else { return nil }
            if name[..<dot] != module {
                // No module is named so: the standard one is meant, whatever follows.
                let corrected = SlotType(storedName: module + name[dot...])
                return (name, corrected.misspelledStandardName?.meant ?? corrected.name)
            }
            let meant = Self.standardScalars.map(\.name).filter { standard in
                standard.lowercased() == name.lowercased() || KeySuggestions.editDistance(standard, name, atMost: 1) == 1
            }
            return meant.isEmpty ? nil : (name, meant.joined(separator: " or "))
        case .optional(let wrapped), .array(let wrapped), .set(let wrapped): return wrapped.misspelledStandardName
        case .dictionary(let key, let value): return key.misspelledStandardName ?? value.misspelledStandardName
        default: return nil
        }
    }

    /// A type name cut for a message: a name of thousands of characters stays readable.
    static func abbreviated(_ name: String) -> String {
        name.count > 80 ? String(name.prefix(79)) + "…" : name
    }

    /// An app type named without a module, anywhere inside this type.
    private var unqualifiedAppName: String? {
        switch self {
        case .app(let name): name.contains(".") ? nil : name
        case .optional(let wrapped), .array(let wrapped), .set(let wrapped): wrapped.unqualifiedAppName
        case .dictionary(let key, let value): key.unqualifiedAppName ?? value.unqualifiedAppName
        default: nil
        }
    }

    /// The name as the store writes it in the `type` column (`ValueCodec.typeName`).
    public var name: String {
        switch self {
        case .bool: "Swift.Bool"
        case .integer(let width): "Swift." + width.rawValue
        case .double: "Swift.Double"
        case .float: "Swift.Float"
        case .string: "Swift.String"
        case .data: ValueCodec.typeName(of: Data.self)
        case .date: ValueCodec.typeName(of: Date.self)
        case .uuid: ValueCodec.typeName(of: UUID.self)
        case .optional(let wrapped): "Swift.Optional<\(wrapped.name)>"
        case .array(let element): "Swift.Array<\(element.name)>"
        case .set(let element): "Swift.Set<\(element.name)>"
        case .dictionary(let key, let value): "Swift.Dictionary<\(key.name), \(value.name)>"
        case .app(let name): name
        }
    }

    /// A short name for people: `Int?`, `[String: Int]`, `Data`; app types in full.
    public var displayName: String {
        switch self {
        case .bool: "Bool"
        case .integer(let width): width.rawValue
        case .double: "Double"
        case .float: "Float"
        case .string: "String"
        case .data: "Data"
        case .date: "Date"
        case .uuid: "UUID"
        case .optional(let wrapped):
            if case .app = wrapped { "Optional<\(wrapped.displayName)>" } else { wrapped.displayName + "?" }
        case .array(let element): "[\(element.displayName)]"
        case .set(let element): "Set<\(element.displayName)>"
        case .dictionary(let key, let value): "[\(key.displayName): \(value.displayName)]"
        case .app(let name): name
        }
    }

    /// True when the CLI can check values of this type exactly (no app type inside).
    public var isStandard: Bool {
        switch self {
        case .app: false
        case .optional(let wrapped), .array(let wrapped), .set(let wrapped): wrapped.isStandard
        case .dictionary(let key, let value): key.isStandard && value.isStandard
        default: true
        }
    }
}

/// Reads type names: `Module.Name`, `Name<Arg, …>`, `T?`, `[T]`, `[K: V]`.
private struct TypeNameParser {
    enum Failure: Error {
        /// Not a type name.
        case syntax
        /// Nested deeper than `SlotType.maximumDepth`.
        case tooDeep
    }

    let characters: [Character]
    var index = 0
    /// How many types enclose the one being read (each generic argument, element, `?`).
    var depth = 0

    init(text: String) { characters = Array(text) }

    mutating func parseWhole() throws(Failure) -> SlotType {
        let type = try parseType()
        skipSpaces()
        guard index == characters.count else { throw .syntax }
        return type
    }

    mutating func skipSpaces() {
        while index < characters.count, characters[index] == " " { index += 1 }
    }

    mutating func take(_ character: Character) -> Bool {
        skipSpaces()
        guard index < characters.count, characters[index] == character else { return false }
        index += 1
        return true
    }

    // Every level is a stack frame here and in each recursive use of the type (`name`, `check`,
    // `==`), so the depth is limited while reading; `?` suffixes count as levels too.
    mutating func parseType() throws(Failure) -> SlotType {
        depth += 1
        defer { depth -= 1 }
        guard depth <= SlotType.maximumDepth else { throw .tooDeep }
        var type = try parsePrimary()
        var optionals = 0
        while take("?") {
            optionals += 1
            guard depth + optionals <= SlotType.maximumDepth else { throw .tooDeep }
            type = .optional(type)
        }
        return type
    }

    mutating func parsePrimary() throws(Failure) -> SlotType {
        skipSpaces()
        let start = index
        if take("[") {
            let first = try parseType()
            if take(":") {
                let value = try parseType()
                guard take("]") else { throw .syntax }
                return Self.dictionary(first, value, text: text(from: start))
            }
            guard take("]") else { throw .syntax }
            return .array(first)
        }
        let name = try parseName()
        var arguments: [SlotType] = []
        if take("<") {
            repeat { arguments.append(try parseType()) } while take(",")
            guard take(">") else { throw .syntax }
        }
        return Self.resolve(name, arguments, text: text(from: start))
    }

    func text(from start: Int) -> String {
        String(characters[start..<index]).trimmingCharacters(in: .whitespaces)
    }

    /// A dotted identifier; app types may contain `(`, `)` and spaces in private contexts
    /// (`MyApp.(unknown context at $1).Settings`), which the caller turns into `.app`.
    mutating func parseName() throws(Failure) -> String {
        skipSpaces()
        let start = index
        while index < characters.count, characters[index].isLetter || characters[index].isNumber || characters[index] == "_" || characters[index] == "." {
            index += 1
        }
        guard index > start, characters[start] != ".", characters[index - 1] != "." else { throw .syntax }
        return String(characters[start..<index])
    }

    static func resolve(_ name: String, _ arguments: [SlotType], text: String) -> SlotType {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        let module = parts.count > 1 ? parts.dropLast().joined(separator: ".") : nil
        let base = String(parts.last!)
        let isSwift = module == nil || module == "Swift"
        let isFoundation = module == nil || module == "Foundation" || module == "FoundationEssentials"
        switch (base, arguments.count) {
        case ("Optional", 1) where isSwift: return .optional(arguments[0])
        case ("Array", 1) where isSwift: return .array(arguments[0])
        case ("Set", 1) where isSwift: return .set(arguments[0])
        case ("Dictionary", 2) where isSwift: return dictionary(arguments[0], arguments[1], text: text)
        case ("Bool", 0) where isSwift: return .bool
        case ("Double", 0) where isSwift: return .double
        case ("Float", 0) where isSwift: return .float
        case ("String", 0) where isSwift: return .string
        case ("Data", 0) where isFoundation: return .data
        case ("Date", 0) where isFoundation: return .date
        case ("UUID", 0) where isFoundation: return .uuid
        case (_, 0) where isSwift:
            if let width = SlotType.IntegerWidth(rawValue: base) { return .integer(width) }
            return .app(text)
        default:
            return .app(text)
        }
    }

    /// JSONEncoder writes dictionaries keyed by `String` or `Int` as objects; any other key
    /// type makes an array of alternating keys and values, which only the app understands.
    static func dictionary(_ key: SlotType, _ value: SlotType, text: String) -> SlotType {
        switch key {
        case .string, .integer: .dictionary(key: key, value: value)
        default: .app(text)
        }
    }
}

extension SlotType {
    /// The name the store writes in the `type` column for a Swift type.
    public static func storedName(of type: Any.Type) -> String {
        ValueCodec.typeName(of: type)
    }
}
