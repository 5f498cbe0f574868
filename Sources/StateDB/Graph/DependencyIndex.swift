/// Which views read which slots: the reverse of each node's `reads`, so a changed slot finds
/// its readers without visiting the tree.
@MainActor
struct DependencyIndex {
    /// Most slots have a single reader; a dictionary per slot cost ~100 bytes each, which
    /// added up to a tenth of a large tree's memory. One pointer either way (the node's
    /// identifier is its address), so an entry's value is 8 bytes rather than 16.
    private enum Readers {
        case one(ViewNode)
        case many([ObjectIdentifier: ViewNode])
    }

    private var readers: [ObjectIdentifier: Readers] = [:]

    /// Replaces what `node` depends on with `cells` (duplicates allowed).
    mutating func setReads(of node: ViewNode, to cells: [SlotCell]) {
        var unique = cells
        if cells.count > 1 && Self.hasDuplicates(cells) {
            unique = []
            var seen = Set<ObjectIdentifier>()
            for cell in cells where seen.insert(ObjectIdentifier(cell)).inserted { unique.append(cell) }
        }
        if unique.count == node.reads.count && zip(unique, node.reads).allSatisfy({ $0 === $1 }) { return }
        removeReads(of: node)
        node.reads = unique
        let nodeID = ObjectIdentifier(node)
        for cell in unique { add(node, id: nodeID, toReadersOf: ObjectIdentifier(cell)) }
    }

    mutating func removeReads(of node: ViewNode) {
        let nodeID = ObjectIdentifier(node)
        for cell in node.reads {
            let cellID = ObjectIdentifier(cell)
            switch readers[cellID] {
            case .one(let reader) where reader === node:
                readers[cellID] = nil
            case .many(var nodes):
                readers[cellID] = nil  // so `nodes` is the only reference and shrinks in place
                nodes[nodeID] = nil
                if !nodes.isEmpty { readers[cellID] = .many(nodes) }
            default:
                break
            }
        }
        node.reads = []
    }

    /// Whether a body read some slot twice. Bodies read a few slots, so comparing pairs beats
    /// building a set (and most lists need no copy at all).
    private static func hasDuplicates(_ cells: [SlotCell]) -> Bool {
        guard cells.count <= 16 else { return Set(cells.map(ObjectIdentifier.init)).count != cells.count }
        for later in 1..<cells.count {
            for earlier in 0..<later where cells[earlier] === cells[later] { return true }
        }
        return false
    }

    /// Calls `body` with every view that read `cell` in its last evaluation.
    func forEachReader(of cell: SlotCell, _ body: (ViewNode) -> Void) {
        switch readers[ObjectIdentifier(cell)] {
        case .one(let node): body(node)
        case .many(let nodes): nodes.values.forEach(body)
        case nil: break
        }
    }

    private mutating func add(_ node: ViewNode, id nodeID: ObjectIdentifier, toReadersOf cellID: ObjectIdentifier) {
        // Most slots get their first reader here: storing it straight away hashes the key
        // once. An earlier entry comes back and is merged (its set is then uniquely ours).
        switch readers.updateValue(.one(node), forKey: cellID) {
        case nil:
            break
        case .one(let other):
            if other !== node { readers[cellID] = .many([ObjectIdentifier(other): other, nodeID: node]) }
        case .many(var nodes):
            nodes[nodeID] = node
            readers[cellID] = .many(nodes)
        }
    }
}
