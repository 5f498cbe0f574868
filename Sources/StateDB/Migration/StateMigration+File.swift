import Foundation

/// Declarative state migrations, for operators fixing stores in the field without a build of
/// the app (`statedb migrate up STORE --app FILE`):
///
/// ```json
/// { "migrations": [
///   { "name": "2026-11 move settings", "renameIdentity": { "from": "ContentView/Settings", "to": "ContentView/Panel" } },
///   { "name": "2026-11 done is isDone", "renameProperty": { "identities": "*", "from": "done", "to": "isDone" } },
///   { "name": "2026-12 drop legacy", "delete": { "keys": "Legacy/*" } },
///   { "name": "2026-12 count as text", "retype": { "keys": "*/count", "from": "Swift.Int", "to": "Swift.String" } }
/// ] }
/// ```
///
/// `retype` in a file converts between the scalar types `Swift.Bool`, `Swift.Int` (and the
/// other integer widths), `Swift.Double`, `Swift.Float` and `Swift.String`; a value that
/// does not convert exactly (`"abc"` to an Int, `2.5` to an Int) fails the migration and
/// nothing is applied. Quarantined values of the old type are recovered too.
///
/// The file is read as strict JSON: a trailing comma, a key given twice, a field nothing reads
/// or an empty value is refused, naming the migration, rather than guessed at.
extension StateMigration {
    /// The migrations in a declarative migration file.
    /// - Throws: `StateStoreError(.migrationFailed)` naming the entry that is malformed.
    public static func migrations(fromFile data: Data, path: String) throws -> [StateMigration] {
        func fail(_ message: String) -> StateStoreError {
            StateStoreError(.migrationFailed, path: path, message)
        }
        // Read strictly (RFC 8259): a trailing comma or a key given twice is a mistake in a
        // file an operator wrote by hand, and a lenient reader would guess what was meant.
        let root: JSONValue
        do {
            guard let text = String(validating: data, as: UTF8.self) else { throw fail("not a migration file: it is not UTF-8 text.") }
            if text.hasPrefix("\u{FEFF}") {
                throw fail("not a migration file: \(JSONSyntaxError.byteOrderMark).")
            }
            root = try JSONValue.parse(text)
        } catch let error as JSONSyntaxError {
            throw fail("not a migration file: \(error); fix the file (see docs/migrations.md).")
        }
        guard case .array(let entries)? = root["migrations"] else {
            throw fail("not a migration file: expected a JSON object with a \"migrations\" array (see docs/migrations.md).")
        }
        // A second list under a misspelt name ("migratons") would be ignored.
        if case .object(let members) = root, let unknown = members.map(\.key).first(where: { $0 != "migrations" }) {
            throw fail("not a migration file: it has a field \"\(unknown)\" that nothing reads; a migration file is an object with one field, \"migrations\".")
        }

        func parse(index: Int, entry: JSONValue) throws -> StateMigration {
            guard case .object(let members) = entry else {
                throw fail("migration #\(index + 1) is \(entry.kindDescription), not an object.")
            }
            guard case .string(let name)? = entry["name"], !name.isEmpty else {
                throw fail("migration #\(index + 1) has no \"name\".")
            }
            // A field the file names that nothing reads (a typo: "kyes") would be ignored, and
            // the migration would do something else than its author meant: refused.
            func strings(_ kind: String, _ fields: [String]) throws -> [String] {
                guard let body = entry[kind], case .object(let bodyMembers) = body else { throw fail("migration '\(name)': \"\(kind)\" must be an object.") }
                if let unknown = bodyMembers.map(\.key).sorted().first(where: { !fields.contains($0) }) {
                    throw fail("migration '\(name)': \"\(kind)\" has no field \"\(unknown)\"; it takes \(fields.map { "\"\($0)\"" }.joined(separator: ", ")).")
                }
                return try fields.map { field in
                    guard case .string(let value)? = body[field] else { throw fail("migration '\(name)': \"\(kind)\" needs a string \"\(field)\".") }
                    guard !value.isEmpty else { throw fail("migration '\(name)': \"\(kind)\" has an empty \"\(field)\".") }
                    return value
                }
            }
            let known = ["renameIdentity", "renameProperty", "delete", "retype"]
            if let unknown = members.map(\.key).sorted().first(where: { $0 != "name" && !known.contains($0) }) {
                throw fail("migration '\(name)' has an unknown field \"\(unknown)\"; a migration has a \"name\" and one of \(known.joined(separator: ", ")).")
            }
            let kinds = known.filter { entry[$0] != nil }
            guard kinds.count == 1, let kind = kinds.first else {
                throw fail("migration '\(name)' must have exactly one of renameIdentity, renameProperty, delete, retype.")
            }
            switch kind {
            case "renameIdentity":
                let fields = try strings(kind, ["from", "to"])
                return .renameIdentity(name, from: fields[0], to: fields[1])
            case "renameProperty":
                let fields = try strings(kind, ["identities", "from", "to"])
                return .renameProperty(name, identities: KeyPattern(fields[0]), from: fields[1], to: fields[2])
            case "delete":
                return .delete(name, keys: KeyPattern(try strings(kind, ["keys"])[0]))
            default:
                let fields = try strings(kind, ["keys", "from", "to"])
                for type in fields[1...] where ScalarCast.kind(of: type) == nil {
                    throw fail("migration '\(name)': retype in a file supports \(ScalarCast.supportedTypes); '\(type)' is not one of them. Write a retype migration in the app instead.")
                }
                let keys = KeyPattern(fields[0])
                let from = fields[1], to = fields[2]
                return StateMigration(name: name, summary: "retype \(keys) from \(from) to \(to)") { slots in
                    try slots.castScalars(keys: keys, from: from, to: to)
                }
            }
        }

        return try entries.enumerated().map { index, entry in
            var migration = try parse(index: index, entry: entry)
            migration.isFromFile = true
            return migration
        }
    }
}

/// Exact conversions between scalar stored values.
enum ScalarCast {
    enum Kind { case bool, integer(min: Int64, max: Int64), double, float, text }

    static let supportedTypes = "Swift.Bool, Swift.Int (and Int8…UInt32), Swift.Double, Swift.Float and Swift.String"

    static func kind(of typeName: String) -> Kind? {
        switch typeName {
        case "Swift.Bool": .bool
        case "Swift.Int", "Swift.Int64": .integer(min: .min, max: .max)
        case "Swift.Int32": .integer(min: Int64(Int32.min), max: Int64(Int32.max))
        case "Swift.Int16": .integer(min: Int64(Int16.min), max: Int64(Int16.max))
        case "Swift.Int8": .integer(min: Int64(Int8.min), max: Int64(Int8.max))
        case "Swift.UInt8": .integer(min: 0, max: Int64(UInt8.max))
        case "Swift.UInt16": .integer(min: 0, max: Int64(UInt16.max))
        case "Swift.UInt32": .integer(min: 0, max: Int64(UInt32.max))
        case "Swift.Double": .double
        case "Swift.Float": .float
        case "Swift.String": .text
        default: nil
        }
    }

    /// `value` converted to `target`, or nil when it does not convert exactly: a number the
    /// target cannot hold as it is (16,777,217 as a `Float`, 2^53 + 1 as a `Double`, 0.1 as a
    /// `Float`), or that is not finite (`"NaN"`, `"inf"`, 1e300 as a `Float`), or text that is
    /// not a decimal number (`"0x1p3"`).
    static func cast(_ value: StoredValue, to target: Kind) -> StoredValue? {
        switch (value, target) {
        case (.bool(let flag), .bool): return .bool(flag)
        case (.bool(let flag), .integer): return .integer(flag ? 1 : 0)
        case (.bool(let flag), .double), (.bool(let flag), .float): return .real(flag ? 1 : 0)
        case (.bool(let flag), .text): return .text(flag ? "true" : "false")
        case (.integer(let number), .bool): return number == 0 || number == 1 ? .bool(number == 1) : nil
        case (.integer(let number), .integer(let min, let max)): return (min...max).contains(number) ? .integer(number) : nil
        case (.integer(let number), .double): return Double(exactly: number).map(StoredValue.real)
        case (.integer(let number), .float): return Float(exactly: number).map { .real(Double($0)) }
        case (.integer(let number), .text): return .text(String(number))
        case (.real(let number), .bool): return number == 0 || number == 1 ? .bool(number == 1) : nil
        case (.real(let number), .integer(let min, let max)):
            guard let exact = Int64(exactly: number), (min...max).contains(exact) else { return nil }
            return .integer(exact)
        case (.real(let number), .double): return number.isFinite ? .real(number) : nil
        case (.real(let number), .float): return exactFloat(number)
        case (.real(let number), .text): return .text(String(number))
        case (.text(let text), .bool): return text == "true" ? .bool(true) : text == "false" ? .bool(false) : nil
        case (.text(let text), .integer(let min, let max)):
            // Only text the number gives back: "01234" (a zip code) or "+12" would not survive
            // the way back to text.
            guard let number = Int64(text), String(number) == text, (min...max).contains(number) else { return nil }
            return .integer(number)
        case (.text(let text), .double): return decimal(text).map(StoredValue.real)
        case (.text(let text), .float): return decimal(text).flatMap(exactFloat)
        case (.text(let text), .text): return .text(text)
        default: return nil
        }
    }

    /// `number` as a `Float` holds it, when it holds it exactly and finitely.
    private static func exactFloat(_ number: Double) -> StoredValue? {
        guard number.isFinite, let float = Float(exactly: number), float.isFinite else { return nil }
        return .real(Double(float))
    }

    /// The finite `Double` a decimal number's text reads as (`-12`, `2.5`, `1e-3`), or nil for
    /// anything else `Double(_:)` would also read (`nan`, `inf`, hexadecimal, an overflow).
    private static func decimal(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index - start
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        guard digits() > 0 else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return nil }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            guard digits() > 0 else { return nil }
        }
        guard index == bytes.count, let number = Double(text), number.isFinite else { return nil }
        return number
    }
}

extension MigrationSlots {
    /// Converts every slot matching `keys` declared as `from` into `to`, and recovers
    /// quarantined `from` values of those keys.
    func castScalars(keys pattern: KeyPattern, from: String, to: String) throws {
        guard let target = ScalarCast.kind(of: to) else { return }
        for key in try keys(matching: pattern) {
            guard try typeName(of: key) == from, let stored = try storedValue(key) else { continue }
            guard let converted = ScalarCast.cast(stored, to: target) else {
                throw StateStoreError(.migrationFailed, path: path, "slot \(key): the \(from) value \(stored.shownInMessage) does not convert exactly to \(to).")
            }
            try write(key: key, typeName: to, value: converted)
        }
        try recoverQuarantined(keys: pattern, storedTypes: [from]) { stored, _ in
            ScalarCast.cast(stored, to: target).map { (to, $0) }
        }
    }
}
