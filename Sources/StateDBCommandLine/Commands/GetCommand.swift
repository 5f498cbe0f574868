@_spi(Admin) import StateDB

/// `statedb get STORE KEY [--json]`: one slot's value as JSON.
struct GetCommand: Command {
    @Argument("STORE") var store: String
    @Argument("KEY") var key: String
    @Flag(help: "Print the whole slot (type, times, version…) as a JSON object.") var json: Bool

    var declarations: KeyValuePairs<String, any DeclaredArgument> {
        ["store": _store, "key": _key, "json": _json]
    }

    static let configuration = CommandConfiguration(
        name: "get",
        summary: "Print a slot's value as JSON.",
        usage: ["get STORE KEY [--json]"],
        discussion: """
            The value is printed in the JSON form `statedb set` accepts: strings quoted, bytes as
            {"$base64": "…"}, app types as the JSON the app encoded.

            example: statedb get state.sqlite 'ContentView/VStack/Row[id: "42"]/isOn'
            """
    )

    func run(_ console: Console) throws -> ExitCode {
        let slot = try withStore(store, .read) { try $0.slot(key) }
        // A value that does not fit its type (a hand edit) is reported, not printed as if `set`
        // would take it back: a script that reads and writes a slot stops there.
        let problem = slot.valueProblem
        if json {
            console.print(jsonText(slotJSON(slot, problem: problem)))
            return problem == nil ? .ok : .problemsFound
        }
        guard let value = slot.value else {
            console.error("statedb get: \(StoreAdmin.displayName(store)): the value of \(JSONValue.quoted(slot.key)) cannot be read (\(slot.problem ?? "?")); `statedb check` lists such values.")
            return .problemsFound
        }
        if let problem {
            console.error("statedb get: \(StoreAdmin.displayName(store)): the value of \(JSONValue.quoted(slot.key)) is not one `statedb set` takes back (\(problem)); `get --json` shows it as stored, `statedb set` replaces it.")
            return .problemsFound
        }
        console.print(jsonText(value))
        return .ok
    }
}
