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
    mutating func setReads(of node: ViewNode, to cells: SlotCellList) {
        let unique = cells.withoutDuplicates()
        // A re-evaluated view mostly reads what it read before: nothing to change then.
        if unique.hasSameCells(as: node.reads) { return }
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
        node.reads = SlotCellList()
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
