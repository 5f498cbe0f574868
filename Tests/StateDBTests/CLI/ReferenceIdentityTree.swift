@_spi(Admin) import StateDB
@testable import StateDBCommandLine

/// The `inspect` tree as the CLI drew it when it built the whole tree of nodes before
/// printing: the reference `InspectTreeTests` holds the packed tree to, byte for byte.
final class ReferenceIdentityTree {
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
        for segment in slot.identity.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            node = node.child(segment)
        }
        node.slotLines.append(line(slot))
        count += 1
    }

    func render() -> String {
        var out = ""
        for child in root.children { child.mergeChains() }
        for line in root.slotLines { out += line + "\n" }
        for view in root.sortedChildren() {
            out += console.paint(printable(view.displayName), .bold) + "\n"
            renderContents(of: view, indent: "", &out)
        }
        return out
    }

    private func renderContents(of node: Node, indent: String, _ out: inout String) {
        let children = node.sortedChildren()
        let total = node.slotLines.count + children.count
        for (index, line) in node.slotLines.enumerated() {
            let last = index == total - 1
            out += indent + console.paint(last ? "└─ " : "├─ ", .dim) + line + "\n"
        }
        for (offset, child) in children.enumerated() {
            let last = node.slotLines.count + offset == total - 1
            out += indent + console.paint(last ? "└─ " : "├─ ", .dim) + console.paint(printable(child.displayName), .bold) + "\n"
            renderContents(of: child, indent: indent + (last ? "   " : console.paint("│  ", .dim)), &out)
        }
    }

    private func line(_ slot: AdminSlot) -> String {
        let type = printable(types.type(slot.type).displayName)
        let name = console.paint(printable(slot.property), .cyan) + ": " + console.paint(type, .magenta)
        let when = console.paint("· " + age(since: slot.updatedAt), .dim)
        guard let value = slot.value else {
            return name + " " + console.paint("unreadable: " + printable(slot.problem ?? "?"), .red) + " " + when
        }
        return name + " = " + console.paint(preview(value, limit: valueLimit), .green) + " " + when
    }

    private final class Node {
        let name: String
        var slotLines: [String] = []
        var children: [Node] = []
        private var mergedName: String?
        var displayName: String { mergedName ?? name }

        init(name: String) { self.name = name }

        func child(_ segment: Substring.UTF8View.SubSequence) -> Node {
            if let last = children.last, last.name.utf8.elementsEqual(segment) { return last }
            let node = Node(name: String(decoding: segment, as: UTF8.self))
            children.append(node)
            return node
        }

        func mergeChains() {
            for child in children { child.mergeChains() }
            if slotLines.isEmpty, children.count == 1 {
                let only = children[0]
                children = only.children
                slotLines = only.slotLines
                mergedName = name + "/" + only.displayName
            }
        }

        func sortedChildren() -> [Node] {
            children.sorted { SegmentOrder.precedes($0.displayName, $1.displayName) }
        }
    }
}
