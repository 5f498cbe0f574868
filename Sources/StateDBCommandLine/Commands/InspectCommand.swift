@_spi(Admin) import StateDB

/// `statedb inspect STORE [--prefix P] [--match GLOB] [--full] [--json]`: the identity tree
/// with every slot.
struct InspectCommand: Command {
    @Argument("STORE") var store: String
    @Option(value: "P", help: "Only slots under P (an identity path such as ContentView/VStack).") var prefix: String?
    @Option(value: "GLOB", help: "Only slots whose key matches GLOB, where * matches any run of characters (/ included) and everything else itself: '*/isOn'.") var match: String?
    @Flag(help: "Show each value whole (the tree cuts values at 60 characters).") var full: Bool
    @Flag(help: SharedHelp.json) var json: Bool

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

/// Slots arranged by identity segments, for drawing. Each slot is kept as its drawn line
/// only (not its row), so a big store's tree holds little more than its text.
private final class IdentityTree {
    private let root = Node(name: "")
    private let console: Console
    private let valueLimit: Int?
    private(set) var count = 0
    private var types = SlotTypeCache()

    init(console: Console, valueLimit: Int?) {
        self.console = console
        self.valueLimit = valueLimit
    }

    func add(_ slot: AdminSlot) {
        var node = root
        // Identities are split on `/` only: an id inside a segment never holds a raw `/`.
        // At each `/` byte, as `SlotKey` splits keys, even one Unicode joins with a
        // combining mark after it.
        for segment in slot.identity.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            node = node.child(String(decoding: segment, as: UTF8.self))
        }
        node.slotLines.append(slotLine(slot))
        count += 1
    }

    /// Hands the lines to `emit`, top to bottom.
    func render(_ emit: (String) throws -> Void) throws {
        for child in root.children { child.mergeChains() }
        // Root-level slots (keys without an identity) first, then one tree per root view.
        for line in root.slotLines { try emit(line) }
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
            try emit(indent + console.paint(last ? "└─ " : "├─ ", .dim) + line)
        }
        for (offset, child) in children.enumerated() {
            let last = node.slotLines.count + offset == total - 1
            try emit(indent + console.paint(last ? "└─ " : "├─ ", .dim) + console.paint(printable(child.displayName), .bold))
            try renderContents(of: child, indent: indent + (last ? "   " : console.paint("│  ", .dim)), emit)
        }
    }

    private func slotLine(_ slot: AdminSlot) -> String {
        let name = console.paint(printable(slot.property), .cyan) + ": " + console.paint(printable(types.type(slot.type).displayName), .magenta)
        let when = console.paint("· " + age(since: slot.updatedAt), .dim)
        guard let value = slot.value else {
            return name + " " + console.paint("unreadable: " + printable(slot.problem ?? "?"), .red) + " " + when
        }
        return name + " = " + console.paint(preview(value, limit: valueLimit), .green) + " " + when
    }

    /// One view: its slots' lines and its child views, in the order first met.
    private final class Node {
        let name: String
        var slotLines: [String] = []
        var children: [Node] = []
        /// Segments by their bytes: two spellings of `café` are two views' identities.
        private var childIndex: [ByteKey: Int] = [:]
        private var mergedName: String?
        var displayName: String { mergedName ?? name }

        init(name: String) { self.name = name }

        func child(_ segment: String) -> Node {
            // Rows come sorted by key, so a view's child is most often the one just added.
            if let last = children.last, last.name.utf8.elementsEqual(segment.utf8) { return last }
            if let index = childIndex[ByteKey(segment)] { return children[index] }
            let node = Node(name: segment)
            childIndex[ByteKey(segment)] = children.count
            children.append(node)
            return node
        }

        /// A view with no slots and one child is drawn on one line with it: `VStack/Row[id: 1]`.
        func mergeChains() {
            for child in children { child.mergeChains() }
            childIndex = [:]  // not needed once every slot is in
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
