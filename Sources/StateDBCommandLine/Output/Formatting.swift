@_spi(Admin) import StateDB
import Foundation

/// The JSON object for one slot, shared by `inspect --json`, `get --json`, `orphans --json`
/// and the lists of `rm`, `gc`: key, identity, property, type, encoding, value (bytes as
/// `{"$base64": "…"}`), times in ISO 8601 UTC, version.
/// `problem`: what to put in its `error` member (the slot's own, why its value cannot be read,
/// unless given).
func slotJSON(_ slot: AdminSlot, problem: String? = nil) -> JSONValue {
    let parts = SlotKey(slot.key)
    var members: [JSONValue.Member] = [
        .init("key", .string(slot.key)),
        .init("identity", .string(parts.identity)),
        .init("property", .string(parts.property)),
        .init("type", .string(slot.type)),
        .init("encoding", .string(slot.encoding)),
        .init("value", slot.value ?? .null),
    ]
    if let problem = problem ?? slot.problem { members.append(.init("error", .string(problem))) }
    members += [
        .init("created", .string(StoreAdmin.isoTimestamp(milliseconds: slot.createdAt))),
        .init("updated", .string(StoreAdmin.isoTimestamp(milliseconds: slot.updatedAt))),
        .init("seen", .string(StoreAdmin.isoTimestamp(milliseconds: slot.seenAt))),
        .init("version", .number(String(slot.version))),
    ]
    return .object(members)
}

func quarantineJSON(_ entry: QuarantinedValue) -> JSONValue {
    .object([
        .init("id", .number(String(entry.id))),
        .init("key", .string(entry.key)),
        .init("storedType", .string(entry.storedType)),
        .init("expectedType", .string(entry.expectedType)),
        .init("encoding", .string(entry.encoding)),
        .init("value", entry.value ?? .null),
        .init("error", .string(entry.error)),
        .init("quarantined", .string(StoreAdmin.isoTimestamp(milliseconds: entry.quarantinedAt))),
    ])
}

/// JSON for machines: two-space indentation, members in their natural order.
func jsonText(_ value: JSONValue) -> String {
    value.serialized(pretty: true)
}

/// A value on one line for people, cut at `limit` characters (nil: whole). JSON escapes keep
/// stored control characters from reaching the terminal.
func preview(_ value: JSONValue, limit: Int? = 60) -> String {
    let text = printable(value.serialized())
    guard let limit, text.utf8.count > limit, text.count > limit else { return text }
    return String(text.prefix(limit - 1)) + "…"
}

/// "5s ago", "3h ago", "12d ago".
func age(since milliseconds: Int64, now: Int64 = Int64(Date().timeIntervalSince1970 * 1000)) -> String {
    let seconds = max(0, (now - milliseconds) / 1000)
    switch seconds {
    case ..<1: return "just now"
    case ..<60: return "\(seconds)s ago"
    case ..<3600: return "\(seconds / 60)m ago"
    case ..<86_400: return "\(seconds / 3600)h ago"
    default: return "\(seconds / 86_400)d ago"
    }
}

/// Parses `45s`, `30m`, `12h`, `30d`, `2w` into milliseconds.
func parseDuration(_ text: String, option: String) throws -> Int64 {
    let units: [Character: Int64] = ["s": 1000, "m": 60_000, "h": 3_600_000, "d": 86_400_000, "w": 604_800_000]
    let digits = text.dropLast()
    guard let unit = text.last, let scale = units[unit], !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
        throw UsageError("\(option) \(printable(text)): write a whole number and a unit, e.g. 45s, 30m, 12h, 30d or 2w")
    }
    guard let count = Int64(digits), count <= Int64.max / scale else {
        throw UsageError("\(option) \(printable(text)) is longer than statedb can count (at most \(Int64.max / scale)\(unit)); an age longer than the store has existed already leaves out every slot")
    }
    return count * scale
}

/// Parses a JSON argument or file. `takesText`: the value goes where a string fits (a
/// `String` slot, an app type), so a bare word was most likely meant as one and the error
/// says how to quote it; elsewhere (a `Bool` slot, an import file) quoting would not help.
/// Asked only when the text is not JSON. `takesNonFinite`: the value goes into a `Double` or
/// `Float`, so NaN and the infinities, which JSON cannot spell, get the strings they take.
func parseJSON(_ text: String, source: String, takesText: @autoclosure () -> Bool = false,
               takesNonFinite: @autoclosure () -> Bool = false) throws -> JSONValue {
    do {
        return try JSONValue.parse(text)
    } catch {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let spelling = nonFiniteSpelling(trimmed), takesNonFinite() {
            throw UsageError("\(source): \(printable(trimmed)) is not a JSON value (JSON has no NaN or infinity); a Double or Float takes the strings \"nan\", \"+inf\" and \"-inf\", quoted: '\"\(spelling)\"'")
        }
        var hint = ""
        // A control character (a NUL from a file, say) cannot go inside JSON's quotes as it is.
        if !trimmed.isEmpty, !trimmed.contains("\""), !trimmed.contains("{"), !trimmed.contains("["),
           !trimmed.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }), takesText() {
            hint = "; to store the text \(printable(trimmed)), quote it as JSON: '\"\(printable(trimmed))\"'"
        }
        throw UsageError("\(source): \(error)\(hint)")
    }
}

/// The string a `Double` or `Float` slot takes for `text` when it is a common spelling of NaN
/// or an infinity (`NaN`, `Infinity`, `-inf`, as other languages write them); nil otherwise.
func nonFiniteSpelling(_ text: String) -> String? {
    switch text.lowercased() {
    case "nan", "+nan", "-nan": "nan"
    case "inf", "+inf", "infinity", "+infinity": "+inf"
    case "-inf", "-infinity": "-inf"
    default: nil
    }
}

/// The text of a file, or of standard input for `-`.
func readInput(_ path: String) throws -> String {
    let data: Data?
    if path == "-" {
        data = FileHandle.standardInput.readDataToEndOfFile()
    } else {
        data = FileManager.default.contents(atPath: path)
    }
    guard let data else { throw UsageError("\(path): cannot read the file; check the path and its permissions") }
    // Validated, never repaired: a byte that is not UTF-8 must not become U+FFFD in the store.
    guard let text = String(validating: data, as: UTF8.self) else {
        throw UsageError("\(path == "-" ? "standard input" : path) is not UTF-8 text; JSON must be UTF-8 (nothing was written)")
    }
    return text
}
