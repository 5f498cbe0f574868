@_spi(Admin) import StateDB

/// `statedb inspect STORE [--prefix P] [--match GLOB] [--full] [--json]`: the identity tree
/// with every slot.
struct InspectCommand: Command {
    @Argument("STORE") var store: String
    @Option(value: "P", help: "Only slots under P (an identity path such as ContentView/VStack).") var prefix: String?
    @Option(value: "GLOB", help: "Only slots whose key matches GLOB, where * matches any run of characters (/ included) and everything else itself: '*/isOn'.") var match: String?
    @Flag(help: "Show each value whole (the tree cuts values at 60 characters).") var full: Bool
    @Flag(help: SharedHelp.json) var json: Bool

    var declarations: KeyValuePairs<String, any DeclaredArgument> {
        ["store": _store, "prefix": _prefix, "match": _match, "full": _full, "json": _json]
    }

    static let configuration = CommandConfiguration(
        name: "inspect",
        summary: "Show the identity tree: every slot with its type, value and last update.",
        usage: ["inspect STORE [--prefix P] [--match GLOB] [--full] [--json]"],
        discussion: """
            Keys are identity segments and a property, separated by /. The tree splits them at
            each /, merges chains of single views, lists each view's slots first, sorts views
            with numeric ids by number (Row[id: 2] before Row[id: 10]) and ends with a count:

              ContentView
              ├─ count: Int = 3 · 2m ago
              └─ VStack/Row[id: "42"]
                 └─ isOn: Bool = true · 5d ago
              2 slot(s)

            --json prints an array of objects, sorted by key: key, identity, property, type,
            encoding, value (bytes as {"$base64": "…"}), created, updated, seen (ISO 8601 UTC),
            version. It is written as the rows are read, so any store size streams.

            example: statedb inspect ~/.local/state/myapp/state.sqlite --prefix ContentView/Settings
            example: statedb inspect state.sqlite --match '*/isOn' --full
            """
    )

    func run(_ console: Console) throws -> ExitCode {
        let pattern = match.map { KeyPattern($0) }
        let prefix = self.prefix.map(KeyPrefix.init)
        if json {
            let output = OutputBuffer()
            var count = 0
            try output.streamingDocument {
                try withStore(store, .read) { admin in
                    try admin.forEachSlot(under: prefix, matching: pattern) { slot in
                        try output.append { bytes in
                            bytes.append(count == 0 ? UInt8(ascii: "[") : UInt8(ascii: ","))
                            JSONValue.appendNewline(1, to: &bytes)
                            appendSlotJSON(slot, indent: 1, to: &bytes)
                        }
                        count += 1
                    }
                }
            }
            try output.append(count == 0 ? "[]\n" : "\n]\n")
            try output.flush()
            return .ok
        }
        let tree = IdentityTree(console: console, valueLimit: full ? nil : 60)
        try withStore(store, .read) { admin in
            try admin.forEachSlot(under: prefix, matching: pattern) { tree.add($0) }
        }
        if tree.count == 0 {
            console.print("(no slots)")
            return .ok
        }
        let output = OutputBuffer()
        try tree.render(to: output)
        try output.append("\(tree.count) slot(s)\n")
        try output.flush()
        return .ok
    }
}
