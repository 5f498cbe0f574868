@_spi(Admin) import StateDB

/// What `inspect` draws: slots arranged by identity segments, kept as the bytes of their lines.
///
/// Rows come sorted by key, so the views under one view arrive together and a view is
/// complete as soon as a key outside it arrives (or a sibling does). A complete view is packed
/// at once: its name and its slots' finished lines go into one byte arena, its child views
/// (sorted then, numeric ids by number) into one index list, and what remains of it is a
/// 24-byte record. Only the views on the path of the current key are open.
///
/// Not handled: printing before the last row. A view's slots are drawn before its child views
/// but may come after them in key order (`A/B/C/x` sorts before `A/B/y`), a view with one
/// child and no slots is drawn on one line with it (known only when it is complete), and
/// siblings are drawn in numeric order, not key order; so nothing under a root view can be
/// written before the whole root view is read, and root slots come first. What is held is
/// about the size of the output (at 1M slots, 500,000 views: see BENCHMARKS.md).
final class IdentityTree {
    private let console: Console
    private let valueLimit: Int?
    private(set) var count = 0
    private var types = SlotTypeCache()
    /// The display names of the types met, painted, shared by the lines that show them.
    private var typeNames: [String: [UInt8]] = [:]

    /// The names and slot lines of complete views (each line ends with `\n`).
    private let text = PackedBuffer<UInt8>()
    /// Complete views.
    private let views = PackedBuffer<View>()
    /// The children of complete views: each view's run of indices into `views`, in drawing order.
    private let childIndex = PackedBuffer<UInt32>()
    /// The views on the path of the last key; `open[0]` is the root (slots without an identity).
    private var open: [OpenView] = [OpenView(name: [])]

    init(console: Console, valueLimit: Int?) {
        self.console = console
        self.valueLimit = valueLimit
    }

    /// A complete view: its name then its slot lines at `start` in `text`, its children at
    /// `childStart` in `childIndex`.
    private struct View {
        var start: Int
        var nameLength: UInt32
        var slotCount: UInt32
        var childStart: UInt32
        var childCount: UInt32
    }

    /// A view still being read.
    private struct OpenView {
        var name: [UInt8]
        var lines: [UInt8] = []
        var slotCount = 0
        var children: [UInt32] = []
    }

    /// Adds a slot; slots must come sorted by key (as `forEachSlot` hands them out), so that
    /// every view's descendants arrive together.
    func add(_ slot: AdminSlot) {
        var depth = 0
        // Identities are split on `/` only: an id inside a segment never holds a raw `/`.
        // At each `/` byte, as `SlotKey` splits keys, even one Unicode joins with a
        // combining mark after it. (Names compare by bytes: two spellings of `café` are two
        // views' identities.)
        for segment in slot.identity.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            if depth + 1 < open.count {
                if open[depth + 1].name.elementsEqual(segment) {
                    depth += 1
                    continue
                }
                close(keeping: depth + 1)
            }
            open.append(OpenView(name: Array(segment)))
            depth += 1
        }
        appendLine(slot, to: &open[depth].lines)
        open[depth].slotCount += 1
        count += 1
    }

    /// Writes the tree to `output`, top to bottom: root-level slots (keys without an
    /// identity) first, then one tree per root view.
    func render(to output: OutputBuffer) throws {
        close(keeping: 1)
        let root = open[0]
        try output.append { $0.append(contentsOf: root.lines) }
        let marks = Marks(console)
        for index in sorted(root.children) {
            let view = views[Int(index)]
            try output.append { bytes in
                self.appendName(of: view, to: &bytes)
                bytes.append(UInt8(ascii: "\n"))
            }
            var indent: [UInt8] = []
            try renderContents(of: view, indent: &indent, marks, output)
        }
    }

    /// The connectors, painted once.
    private struct Marks {
        let tee: [UInt8], elbow: [UInt8], bar: [UInt8], space: [UInt8]

        init(_ console: Console) {
            tee = Array(console.paint("├─ ", .dim).utf8)
            elbow = Array(console.paint("└─ ", .dim).utf8)
            bar = Array(console.paint("│  ", .dim).utf8)
            space = Array("   ".utf8)
        }
    }

    private func renderContents(of view: View, indent: inout [UInt8], _ marks: Marks, _ output: OutputBuffer) throws {
        let total = Int(view.slotCount) + Int(view.childCount)
        var position = view.start + Int(view.nameLength)
        for index in 0..<Int(view.slotCount) {
            let end = lineEnd(from: position)
            let line = text.slice(position..<end)
            position = end
            try output.append { bytes in
                bytes.append(contentsOf: indent)
                bytes.append(contentsOf: index == total - 1 ? marks.elbow : marks.tee)
                bytes.append(contentsOf: line)
            }
        }
        for offset in 0..<Int(view.childCount) {
            let child = views[Int(childIndex[Int(view.childStart) + offset])]
            let last = Int(view.slotCount) + offset == total - 1
            try output.append { bytes in
                bytes.append(contentsOf: indent)
                bytes.append(contentsOf: last ? marks.elbow : marks.tee)
                self.appendName(of: child, to: &bytes)
                bytes.append(UInt8(ascii: "\n"))
            }
            let depth = indent.count
            indent.append(contentsOf: last ? marks.space : marks.bar)
            try renderContents(of: child, indent: &indent, marks, output)
            indent.removeSubrange(depth...)
        }
    }

    /// A view's name in bold, made printable (names with only plain ASCII are copied as they are).
    private func appendName(of view: View, to bytes: inout [UInt8]) {
        let name = text.slice(view.start..<view.start + Int(view.nameLength))
        if !console.colour, name.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            bytes.append(contentsOf: name)
        } else {
            bytes.append(contentsOf: console.paint(printable(String(decoding: name, as: UTF8.self)), .bold).utf8)
        }
    }

    /// Completes the open views deeper than `depth` levels, innermost first, each handed to
    /// its parent as a packed view.
    private func close(keeping depth: Int) {
        while open.count > depth {
            let view = open.removeLast()
            open[open.count - 1].children.append(pack(view))
        }
    }

    /// Packs a complete view; one with no slots and one child becomes that child drawn under
    /// both names (`VStack/Row[id: 1]`).
    private func pack(_ view: OpenView) -> UInt32 {
        if view.slotCount == 0, view.children.count == 1 {
            let index = Int(view.children[0])
            let only = views[index]
            // Copied out first: appending may move `text`.
            let name = view.name + [UInt8(ascii: "/")] + text.slice(only.start..<only.start + Int(only.nameLength))
            let lines = Array(text.slice((only.start + Int(only.nameLength))..<lineEnd(of: only)))
            var merged = only
            merged.start = text.count
            merged.nameLength = UInt32(name.count)
            // The child's lines follow its new name (the old copy is left unused).
            text.append(contentsOf: name)
            text.append(contentsOf: lines)
            views[index] = merged
            return UInt32(index)
        }
        let children = sorted(view.children)
        let packed = View(start: text.count, nameLength: UInt32(view.name.count), slotCount: UInt32(view.slotCount),
                          childStart: UInt32(childIndex.count), childCount: UInt32(children.count))
        text.append(contentsOf: view.name)
        text.append(contentsOf: view.lines)
        childIndex.append(contentsOf: children)
        views.append(packed)
        return UInt32(views.count - 1)
    }

    /// Where a view's slot lines end in `text`.
    private func lineEnd(of view: View) -> Int {
        var position = view.start + Int(view.nameLength)
        for _ in 0..<view.slotCount { position = lineEnd(from: position) }
        return position
    }

    /// Where the line at `position` in `text` ends, past its `\n`.
    private func lineEnd(from position: Int) -> Int {
        let rest = text.slice(position..<text.count)
        return position + rest.firstIndex(of: UInt8(ascii: "\n"))! + 1
    }

    /// Children in key order, except that numbers in their names compare as numbers.
    private func sorted(_ children: [UInt32]) -> [UInt32] {
        children.sorted { a, b in
            let x = views[Int(a)], y = views[Int(b)]
            return SegmentOrder.compare(text.slice(x.start..<x.start + Int(x.nameLength)),
                                        text.slice(y.start..<y.start + Int(y.nameLength))) < 0
        }
    }

    /// A slot's line: property, type, value (cut at `valueLimit`) or why it cannot be read,
    /// and its age; painted, ended with `\n`.
    private func appendLine(_ slot: AdminSlot, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: console.paint(printable(slot.property), .cyan).utf8)
        bytes.append(contentsOf: ": ".utf8)
        bytes.append(contentsOf: typeName(slot.type))
        if let value = slot.value {
            bytes.append(contentsOf: " = ".utf8)
            bytes.append(contentsOf: console.paint(preview(value, limit: valueLimit), .green).utf8)
        } else {
            bytes.append(UInt8(ascii: " "))
            bytes.append(contentsOf: console.paint("unreadable: " + printable(slot.problem ?? "?"), .red).utf8)
        }
        bytes.append(UInt8(ascii: " "))
        bytes.append(contentsOf: console.paint("· " + age(since: slot.updatedAt), .dim).utf8)
        bytes.append(UInt8(ascii: "\n"))
    }

    private func typeName(_ type: String) -> [UInt8] {
        if let known = typeNames[type] { return known }
        let painted = Array(console.paint(printable(types.type(type).displayName), .magenta).utf8)
        typeNames[type] = painted
        return painted
    }
}
