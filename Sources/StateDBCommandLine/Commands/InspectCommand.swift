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
            try withStore(store, .read) { admin in
                try admin.forEachSlot(under: prefix) { slot in
                    guard pattern?.matches(slot.key) ?? true else { return }
                    try output.append { bytes in
                        bytes.append(count == 0 ? UInt8(ascii: "[") : UInt8(ascii: ","))
                        JSONValue.appendNewline(1, to: &bytes)
                        appendSlotJSON(slot, indent: 1, to: &bytes)
                    }
                    count += 1
                }
            }
            try output.append(count == 0 ? "[]\n" : "\n]\n")
            try output.flush()
            return .ok
        }
        let tree = IdentityTree(console: console, valueLimit: full ? nil : 60)
        try withStore(store, .read) { admin in
            try admin.forEachSlot(under: prefix) { slot in
                if pattern?.matches(slot.key) ?? true { tree.add(slot) }
            }
        }
        if tree.count == 0 {
            console.print("(no slots)")
            return .ok
        }
        let output = OutputBuffer()
        try tree.render { line in try output.append(line + "\n") }
        try output.append("\(tree.count) slot(s)\n")
        try output.flush()
        return .ok
    }
}

/// Slots arranged by identity segments, for drawing. Each slot is kept as the parts of its
/// line only (not its row), and rows come sorted by key, so a view's children are found
/// without an index: a big store's tree holds little more than its text.
private final class IdentityTree {
    private let root = Node(name: "")
    private let console: Console
    private let valueLimit: Int?
    private(set) var count = 0
    private var types = SlotTypeCache()
    /// The display names of the types met, shared by the lines that show them.
    private var typeNames: [String] = []
    private var typeIndex: [String: Int32] = [:]

    init(console: Console, valueLimit: Int?) {
        self.console = console
        self.valueLimit = valueLimit
    }

    /// Adds a slot; slots must come sorted by key (as `forEachSlot` hands them out), so that
    /// every view's descendants arrive together.
    func add(_ slot: AdminSlot) {
        var node = root
        // Identities are split on `/` only: an id inside a segment never holds a raw `/`.
        // At each `/` byte, as `SlotKey` splits keys, even one Unicode joins with a
        // combining mark after it.
        for segment in slot.identity.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            node = node.child(segment)
        }
        node.slotLines.append(line(slot))
        count += 1
    }

    /// Hands the lines to `emit`, top to bottom.
    func render(_ emit: (String) throws -> Void) throws {
        for child in root.children { child.mergeChains() }
        // Root-level slots (keys without an identity) first, then one tree per root view.
        for line in root.slotLines { try emit(text(line)) }
        for view in root.sortedChildren() {
            try emit(console.paint(printable(view.displayName), .bold))
            try renderContents(of: view, indent: "", emit)
        }
    }

    private func renderContents(of node: Node, indent: String, _ emit: (String) throws -> Void) throws {
        let children = node.sortedChildren()
        let total = node.slotLines.count + children.count
        for (index, line) in node.slotLines.enumerated() {
            let last = index == total - 1
            try emit(indent + console.paint(last ? "└─ " : "├─ ", .dim) + text(line))
        }
        for (offset, child) in children.enumerated() {
            let last = node.slotLines.count + offset == total - 1
            try emit(indent + console.paint(last ? "└─ " : "├─ ", .dim) + console.paint(printable(child.displayName), .bold))
            try renderContents(of: child, indent: indent + (last ? "   " : console.paint("│  ", .dim)), emit)
        }
    }

    /// What a slot's line shows, kept small: the type as an index into `typeNames`, the value
    /// as its preview (or why it cannot be read).
    fileprivate struct SlotLine {
        let property: String
        let type: Int32
        let readable: Bool
        let value: String
        let updatedAt: Int64
    }

    private func line(_ slot: AdminSlot) -> SlotLine {
        let display = printable(types.type(slot.type).displayName)
        let type: Int32
        if let known = typeIndex[display] {
            type = known
        } else {
            type = Int32(typeNames.count)
            typeIndex[display] = type
            typeNames.append(display)
        }
        let value = slot.value.map { preview($0, limit: valueLimit) } ?? printable(slot.problem ?? "?")
        return SlotLine(property: printable(slot.property), type: type, readable: slot.value != nil, value: value, updatedAt: slot.updatedAt)
    }

    private func text(_ line: SlotLine) -> String {
        let name = console.paint(line.property, .cyan) + ": " + console.paint(typeNames[Int(line.type)], .magenta)
        let when = console.paint("· " + age(since: line.updatedAt), .dim)
        guard line.readable else { return name + " " + console.paint("unreadable: " + line.value, .red) + " " + when }
        return name + " = " + console.paint(line.value, .green) + " " + when
    }

    /// One view: its slots' lines and its child views, in key order.
    private final class Node {
        let name: String
        var slotLines: [SlotLine] = []
        var children: [Node] = []
        private var mergedName: String?
        var displayName: String { mergedName ?? name }

        init(name: String) { self.name = name }

        /// The child named `segment`. Slots come sorted by key, so all the keys under one child
        /// (`A/B/…`) come together: a child met again is always the last one added. (Compared
        /// by bytes: two spellings of `café` are two views' identities.)
        func child(_ segment: Substring.UTF8View.SubSequence) -> Node {
            if let last = children.last, last.name.utf8.elementsEqual(segment) { return last }
            let node = Node(name: String(decoding: segment, as: UTF8.self))
            children.append(node)
            return node
        }

        /// A view with no slots and one child is drawn on one line with it: `VStack/Row[id: 1]`.
        func mergeChains() {
            for child in children { child.mergeChains() }
            if slotLines.isEmpty, children.count == 1 {
                let only = children[0]
                children = only.children
                slotLines = only.slotLines
                mergedName = name + "/" + only.displayName
            }
        }

        /// Children in key order, except that numbers in their names compare as numbers.
        func sortedChildren() -> [Node] {
            children.sorted { SegmentOrder.precedes($0.displayName, $1.displayName) }
        }
    }
}
