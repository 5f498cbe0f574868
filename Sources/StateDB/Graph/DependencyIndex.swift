/// Which views read which slots: the reverse of each node's `reads`, so a changed slot finds
/// its readers without visiting the tree.
@MainActor
struct DependencyIndex {
    private var readers: [ObjectIdentifier: [ObjectIdentifier: ViewNode]] = [:]

    /// Replaces what `node` depends on with `cells` (duplicates allowed).
    mutating func setReads(of node: ViewNode, to cells: [SlotCell]) {
        var unique: [SlotCell] = []
        if cells.count > 1 {
            var seen = Set<ObjectIdentifier>()
            for cell in cells where seen.insert(ObjectIdentifier(cell)).inserted { unique.append(cell) }
        } else {
            unique = cells
        }
        if unique.count == node.reads.count && zip(unique, node.reads).allSatisfy({ $0 === $1 }) { return }
        removeReads(of: node)
        node.reads = unique
        let nodeID = ObjectIdentifier(node)
        for cell in unique { readers[ObjectIdentifier(cell), default: [:]][nodeID] = node }
    }

    mutating func removeReads(of node: ViewNode) {
        let nodeID = ObjectIdentifier(node)
        for cell in node.reads {
            let cellID = ObjectIdentifier(cell)
            readers[cellID]?[nodeID] = nil
            if readers[cellID]?.isEmpty == true { readers[cellID] = nil }
        }
        node.reads = []
    }

    func readers(of cell: SlotCell) -> Dictionary<ObjectIdentifier, ViewNode>.Values? {
        readers[ObjectIdentifier(cell)]?.values
    }
}
