@_spi(Admin) import StateDB
import Foundation

/// `statedb quarantine [list|show|restore|drop] STORE [ID]`: values set aside by the app.
struct QuarantineCommand: Command {
    /// `[list] STORE`, `show STORE ID`, `restore STORE ID` or `drop STORE ID`: which it is
    /// depends on the first.
    @Argument("[ACTION] STORE [ID]", count: 1...3) var words: [String]
    @Flag(help: "restore: even when the slot has another type now.") var force: Bool
    @Flag(help: SharedHelp.json) var json: Bool

    var declarations: KeyValuePairs<String, any DeclaredArgument> {
        ["words": _words, "force": _force, "json": _json]
    }

    static let configuration = CommandConfiguration(
        name: "quarantine",
        summary: "List quarantined values (stored values that no longer decoded); restore or drop one.",
        usage: ["quarantine [list] STORE [--json]", "quarantine show STORE ID [--json]",
                "quarantine restore STORE ID [--force]", "quarantine drop STORE ID"],
        discussion: """
            When a stored value no longer decodes as its slot's type (the app changed the type),
            the app keeps it here and starts the slot from its initial value.

            show prints one entry whole: its value (not cut), both types and the decoding
            error; it reads that entry only, however large the quarantine.

            restore puts the value back into its slot with the type it was stored with (after
            the app's type was reverted, say); it refuses when the slot now has another type,
            unless --force. To convert a value instead, `statedb set` the converted JSON and
            drop the entry.
            """
    )

    func run(_ console: Console) throws -> ExitCode {
        var positionals = words
        let actions = ["list", "show", "restore", "drop"]
        let action = actions.contains(positionals[0]) ? positionals.removeFirst() : "list"
        guard let path = positionals.first else { throw UsageError("missing STORE; usage: statedb quarantine \(action) STORE") }
        if !actions.contains(words[0]) && positionals.count > 1 {
            // `quarantine STORE show 3`: the action after the store.
            if let misplaced = positionals.dropFirst().first(where: actions.contains) {
                throw UsageError("the action comes first: statedb quarantine \(misplaced) STORE\(misplaced == "list" ? "" : " ID")")
            }
            // `quarantine STORE 3`: an id without its action.
            if positionals.count == 2, positionals[1].allSatisfy(\.isASCIIDigit) {
                throw UsageError("an id goes with an action, written first: statedb quarantine show (or restore, drop) \(printable(words[0])) \(printable(words[1]))")
            }
            // `quarantine frob STORE`: a mistyped action, not a store followed by a stray word.
            throw UsageError("unknown action '\(printable(words[0]))'; use \(actions.joined(separator: ", ")), as in `statedb quarantine show STORE ID`")
        }
        if force && action != "restore" { throw UsageError("--force goes with restore only") }
        if action == "list" {
            guard positionals.count == 1 else { throw UsageError("unexpected argument '\(positionals[1])'; usage: statedb quarantine [list] STORE [--json]") }
            let entries = try withStore(path, .read) { try $0.quarantined() }
            if json {
                console.print(jsonText(.array(entries.map(quarantineJSON))))
            } else {
                console.print(entries.isEmpty ? "(quarantine is empty)" : entries.map { Self.line($0, console) }.joined(separator: "\n"))
            }
            return .ok
        }
        guard positionals.count == 2 else {
            throw UsageError("\(action) needs the entry's id, as `statedb quarantine STORE` lists it; usage: statedb quarantine \(action) STORE ID")
        }
        guard let id = Int64(positionals[1]) else {
            let tooLarge = !positionals[1].isEmpty && positionals[1].allSatisfy(\.isASCIIDigit)
            throw UsageError("'\(printable(positionals[1]))' is not an entry id: " + (tooLarge ? "ids go up to \(Int64.max)" : "ids are whole numbers")
                             + ", as `statedb quarantine STORE` lists them; usage: statedb quarantine \(action) STORE ID")
        }
        if json && action != "show" { throw UsageError("--json goes with list and show only") }
        if action == "show" {
            let entry = try withStore(path, .read) { try $0.quarantined(id: id) }
            console.print(json ? jsonText(quarantineJSON(entry)) : Self.details(entry, console))
            return .ok
        }
        let entry = try withStore(path, .write) { admin in
            action == "restore" ? try admin.restoreQuarantined(id: id, force: force) : try admin.dropQuarantined(id: id)
        }
        console.print("\(action == "restore" ? "restored" : "dropped") #\(entry.id) \(printable(entry.key)) (\(printable(entry.storedType)))")
        return .ok
    }

    /// One entry whole, for `show`.
    static func details(_ entry: QuarantinedValue, _ console: Console) -> String {
        // The JSON text escapes what a terminal must not see inside strings, as `get` prints it;
        // its own line breaks are the pretty-printing's.
        let value = entry.value.map { $0.serialized(pretty: true) } ?? "(unreadable: \(printable(entry.problem ?? "")))"
        return [
            "#\(entry.id) \(printable(entry.key))",
            "stored type: \(printable(entry.storedType)) (\(printable(entry.encoding)))",
            "expected:    \(printable(entry.expectedType))",
            "quarantined: \(StoreAdmin.isoTimestamp(milliseconds: entry.quarantinedAt)) (\(age(since: entry.quarantinedAt)))",
            "error:       \(printable(entry.error))",
            "value:       " + console.paint(value.replacingOccurrences(of: "\n", with: "\n             "), .green),
        ].joined(separator: "\n")
    }

    static func line(_ entry: QuarantinedValue, _ console: Console) -> String {
        let value = entry.value.map { preview($0, limit: 40) } ?? "(unreadable)"
        return "  #\(entry.id) \(printable(entry.key)): \(printable(entry.storedType)) \(console.paint(value, .green)), expected \(printable(entry.expectedType))"
            + console.paint(" · " + age(since: entry.quarantinedAt) + " · " + printable(entry.error), .dim)
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
