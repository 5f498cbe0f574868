@_spi(Admin) import StateDB

/// `statedb get STORE KEY [--json]`: one slot's value as JSON.
enum GetCommand: Command {
    static let spec = CommandSpec(
        name: "get",
        summary: "Print a slot's value as JSON.",
        usage: ["get STORE KEY [--json]"],
        arguments: 2...2,
        options: [OptionSpec(name: "json", help: "Print the whole slot (type, times, version…) as a JSON object.")],
        discussion: """
            The value is printed in the JSON form `statedb set` accepts: strings quoted, bytes as
            {"$base64": "…"}, app types as the JSON the app encoded.

            example: statedb get state.sqlite 'ContentView/VStack/Row[id: "42"]/isOn'
            """
    )

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> ExitCode {
        let slot = try withStore(arguments.positionals[0], .read) { try $0.slot(arguments.positionals[1]) }
        if arguments.has("json") {
            console.print(jsonText(slotJSON(slot)))
            return slot.value == nil ? .problemsFound : .ok
        }
        guard let value = slot.value else {
            console.error("statedb get: \(arguments.positionals[0]): the value of \(JSONValue.quoted(slot.key)) cannot be read (\(slot.problem ?? "?")); `statedb check` lists such values.")
            return .problemsFound
        }
        console.print(jsonText(value))
        return .ok
    }
}
