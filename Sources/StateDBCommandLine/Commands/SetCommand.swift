@_spi(Admin) import StateDB

/// `statedb set STORE KEY JSON [--type T] [--force]`: a checked write.
struct SetCommand: Command {
    @Argument("STORE") var store: String
    @Argument("KEY") var key: String
    @Argument("JSON") var json: String
    @Option(value: "T", help: "Create the slot with type T when it does not exist (Swift.Int, Int?, [String], MyApp.Settings).") var type: String?
    @Flag(help: "Store an app type's value even when its shape differs from the stored one.") var force: Bool

    var declarations: KeyValuePairs<String, any DeclaredArgument> {
        ["store": _store, "key": _key, "json": _json, "type": _type, "force": _force]
    }

    static let configuration = CommandConfiguration(
        name: "set",
        summary: "Set a slot's value from JSON, checked against the slot's type.",
        usage: ["set STORE KEY JSON [--type T] [--force]"],
        discussion: """
            JSON is one JSON value; - reads it from standard input. Strings need their quotes:
            '"Ada"'. Bytes (Data) are {"$base64": "…"}. A Date is ISO 8601 with its zone, quoted
            or not: 2026-12-02T01:35:00Z, 2026-12-02T02:35:00.25+01:00; it is stored in UTC.

            Standard types are checked exactly: Bool takes true/false, each integer width its
            range, String a string, optionals null or the wrapped type, arrays, sets and
            dictionaries their elements. An app's own type (MyApp.Settings) cannot be known
            here, so the value must have the stored value's shape: the same JSON kinds and,
            for objects, the same keys. --force skips that shape check (an app that cannot
            decode the value sets it aside in quarantine; nothing is lost).

            The write is one transaction; a running app shows it on its next update, unless
            it has its own unsaved change to the same slot, which then wins (see docs/cli.md).

            examples:
              statedb set state.sqlite ContentView/count 5
              statedb set state.sqlite Settings/name '"Ada"'
              statedb set state.sqlite Settings/volume 7 --type Swift.Int
              statedb set state.sqlite App/lastOpened 2026-12-02T01:35:00Z --type Date
            """
    )

    func run(_ console: Console) throws -> ExitCode {
        let source = json == "-" ? "standard input" : "the JSON argument"
        let text = json == "-" ? try readInput("-") : json
        let outcome = try withStore(store, .write) { admin in
            // A date needs no quotes: unquoted, it cannot be any other JSON value.
            // Whether the slot (or the type it is created with) takes a string: then a bare
            // word was meant as text, and the error says how to quote it.
            let value: JSONValue
            if let date = SlotType.unquotedDate(text) {
                value = date
            } else if let parsed = try? JSONValue.parse(text) {
                value = parsed
            } else {
                // Not JSON: what the slot (or the type it is created with) takes decides.
                let name = (try? admin.slot(key).type) ?? type
                let slotType = name.flatMap { try? SlotType(declaredName: $0, path: store) }
                if slotType?.isDate == true, !text.contains("\""), !text.contains("{"), !text.contains("[") {
                    // Bare text for a date slot is meant as its date: checked as one, it gets
                    // the date's own error (exit 3), not advice to quote it that leads to the same.
                    value = .string(text.trimmingCharacters(in: .whitespacesAndNewlines))
                } else {
                    value = try parseJSON(text, source: source, takesText: slotType?.takesText ?? false,
                                          takesNonFinite: slotType?.isFloatingPoint ?? false)  // for its error
                }
            }
            return try admin.set(key, to: value, createAs: type, force: force)
        }
        let shown = "\(printable(key)) = \(preview(outcome.value)) (\(printable(outcome.type)))"
        switch outcome.change {
        case .created: console.print("created " + shown)
        case .updated: console.print("set " + shown)
        case .unchanged: console.print("unchanged " + shown)
        }
        return .ok
    }
}
