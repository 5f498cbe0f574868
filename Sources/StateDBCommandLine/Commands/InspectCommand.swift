@_spi(Admin) import StateDB

/// `statedb inspect STORE [--prefix P] [--json]`: the identity tree with every slot.
struct InspectCommand: Command {
    @Argument("STORE") var store: String
    @Option(value: "P", help: "Only slots under P (an identity path such as ContentView/VStack).") var prefix: String?
    @Flag(help: SharedHelp.json) var json: Bool

    static let configuration = CommandConfiguration(
        name: "inspect",
        summary: "Show the identity tree: every slot with its type, value and last update.",
        usage: ["inspect STORE [--prefix P] [--json]"],
        discussion: """
            Keys are identity segments and a property, separated by /. The tree splits them at
            each /, merges chains of single views, and lists each view's slots first:

              ContentView
              ├─ count: Int = 3 · 2m ago
              └─ VStack/Row[id: "42"]
                 └─ isOn: Bool = true · 5d ago

            --json prints an array of objects: key, identity, property, type, encoding, value
            (bytes as {"$base64": "…"}), created, updated, seen (ISO 8601 UTC), version.

            example: statedb inspect ~/.local/state/myapp/state.sqlite --prefix ContentView/Settings
            """
    )

    func run(_ console: Console) throws -> ExitCode {
        let slots = try withStore(store, .read) { try $0.slots(under: prefix.map(KeyPrefix.init)) }
        if json {
            console.print(jsonText(.array(slots.map(slotJSON))))
        } else if slots.isEmpty {
            console.print("(no slots)")
        } else {
            console.print(IdentityTree(slots).render(console).joined(separator: "\n"))
        }
        return .ok
    }
}

/// Slots arranged by identity segments, for drawing.
private final class IdentityTree {
    let name: String
    var slots: [AdminSlot] = []
    var children: [IdentityTree] = []
    /// Segments by their bytes: two spellings of `café` are two views' identities.
    private var childIndex: [ByteKey: Int] = [:]

    private init(name: String) { self.name = name }

    convenience init(_ slots: [AdminSlot]) {
        self.init(name: "")
        for slot in slots {
            var node = self
            // Identities are split on `/` only: an id inside a segment never holds a raw `/`.
            // At each `/` byte, as `SlotKey` splits keys, even one Unicode joins with a
            // combining mark after it.
            for segment in slot.identity.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
                node = node.child(String(decoding: segment, as: UTF8.self))
            }
            node.slots.append(slot)
        }
        for child in children { child.mergeChains() }
    }

    private func child(_ segment: String) -> IdentityTree {
        if let index = childIndex[ByteKey(segment)] { return children[index] }
        let node = IdentityTree(name: segment)
        childIndex[ByteKey(segment)] = children.count
        children.append(node)
        return node
    }

    /// A view with no slots and one child is drawn on one line with it: `VStack/Row[id: 1]`.
    private func mergeChains() {
        for child in children { child.mergeChains() }
        if slots.isEmpty, children.count == 1 {
            let only = children[0]
            children = only.children
            slots = only.slots
            mergedName = name + "/" + only.displayName
        }
    }

    private var mergedName: String?
    private var displayName: String { mergedName ?? name }

    func render(_ console: Console) -> [String] {
        var lines: [String] = []
        // Root-level slots (keys without an identity) first, then one tree per root view.
        for slot in slots { lines.append(slotLine(slot, console)) }
        for root in children {
            lines.append(console.paint(printable(root.displayName), .bold))
            root.renderContents(indent: "", console, into: &lines)
        }
        return lines
    }

    private func renderContents(indent: String, _ console: Console, into lines: inout [String]) {
        let total = slots.count + children.count
        for (index, slot) in slots.enumerated() {
            let last = index == total - 1
            lines.append(indent + console.paint(last ? "└─ " : "├─ ", .dim) + slotLine(slot, console))
        }
        for (offset, child) in children.enumerated() {
            let last = slots.count + offset == total - 1
            lines.append(indent + console.paint(last ? "└─ " : "├─ ", .dim) + console.paint(printable(child.displayName), .bold))
            child.renderContents(indent: indent + (last ? "   " : console.paint("│  ", .dim)), console, into: &lines)
        }
    }

    private func slotLine(_ slot: AdminSlot, _ console: Console) -> String {
        let name = console.paint(printable(slot.property), .cyan) + ": " + console.paint(printable(slot.slotType.displayName), .magenta)
        let when = console.paint("· " + age(since: slot.updatedAt), .dim)
        guard let value = slot.value else {
            return name + " " + console.paint("unreadable: " + printable(slot.problem ?? "?"), .red) + " " + when
        }
        return name + " = " + console.paint(preview(value), .green) + " " + when
    }
}
