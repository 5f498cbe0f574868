/// Which views read which slots: the reverse of each node's `reads`, so a changed slot finds
/// its readers without visiting the tree.
///
/// A cell keeps its readers itself (`SlotCell.readers`): the node, for the one reader most
/// slots have, or a `ReaderSet`. Several hosts on one store share the cells of the identities
/// they have in common, so a cell's record belongs to the host whose tree it names (a node of
/// its tree, a set it made); a host that finds another's record there keeps its own readers of
/// that cell in `elsewhere`, a dictionary as the whole index once was. A dictionary from every
/// cell to its readers cost ~26 bytes a slot, and its growth and scattered probes ~9% of the
/// time of mounting a large tree (BENCHMARKS.md, *The mount path, seventh pass*).
///
/// Records hold their nodes strongly, as the dictionary did: a node's are removed when it
/// leaves the tree (`removeReads`), and all of a host's when it ends (`removeAll`), so no cell
/// keeps a node of a tree that is gone.
@MainActor
struct DependencyIndex {
    /// Most slots have a single reader; a dictionary per slot cost ~100 bytes each, which
    /// added up to a tenth of a large tree's memory. One pointer either way (the node's
    /// identifier is its address), so an entry's value is 8 bytes rather than 16.
    private enum Readers {
        case one(ViewNode)
        case many([ObjectIdentifier: ViewNode])
    }

    /// The several readers of one cell in one host's tree.
    private final class ReaderSet {
        /// The root of the tree the readers are in. Weak: a set outliving its host (it cannot,
        /// see `removeAll`) would then belong to no tree rather than to a later one at the
        /// same address.
        weak var root: ViewNode?
        var nodes: [ObjectIdentifier: ViewNode]

        init(root: ViewNode, nodes: [ObjectIdentifier: ViewNode]) {
            self.root = root
            self.nodes = nodes
        }
    }

    /// The root of this host's tree: the records it finds in cells are its own when they name
    /// a node under it.
    private let root: ViewNode
    /// This host's readers of cells whose record belongs to another host.
    private var elsewhere: [ObjectIdentifier: Readers] = [:]

    init(root: ViewNode) {
        self.root = root
    }

    /// Replaces what `node` depends on with `cells` (duplicates allowed).
    mutating func setReads(of node: ViewNode, to cells: SlotCellList) {
        let unique = cells.withoutDuplicates()
        // A re-evaluated view mostly reads what it read before: nothing to change then.
        if unique.hasSameCells(as: node.reads) { return }
        removeReads(of: node)
        node.reads = unique
        for cell in unique { add(node, toReadersOf: cell) }
    }

    mutating func removeReads(of node: ViewNode) {
        for cell in node.reads { remove(node, fromReadersOf: cell) }
        node.reads = SlotCellList()
    }

    /// Removes the reads of every node under `top`: the host is ending, and the cells (the
    /// store's, which may outlive it) must not keep its nodes.
    mutating func removeAll(under top: ViewNode) {
        var pending = [top]
        while let node = pending.popLast() {
            removeReads(of: node)
            pending.append(contentsOf: node.children)
        }
    }

    /// Calls `body` with every view that read `cell` in its last evaluation.
    func forEachReader(of cell: SlotCell, _ body: (ViewNode) -> Void) {
        switch cell.readers {
        case let node as ViewNode where isInTree(node): body(node)
        case let set as ReaderSet where set.root === root: set.nodes.values.forEach(body)
        default: break
        }
        guard !elsewhere.isEmpty else { return }
        switch elsewhere[ObjectIdentifier(cell)] {
        case .one(let node): body(node)
        case .many(let nodes): nodes.values.forEach(body)
        case nil: break
        }
    }

    // MARK: - One cell's record

    private mutating func add(_ node: ViewNode, toReadersOf cell: SlotCell) {
        switch cell.readers {
        case nil:
            cell.readers = node
        case let other as ViewNode where isInTree(other):
            if other !== node {
                cell.readers = ReaderSet(root: root, nodes: [ObjectIdentifier(other): other, ObjectIdentifier(node): node])
            }
        case let set as ReaderSet where set.root === root:
            set.nodes[ObjectIdentifier(node)] = node
        default:
            addElsewhere(node, toReadersOf: ObjectIdentifier(cell))
        }
    }

    private mutating func remove(_ node: ViewNode, fromReadersOf cell: SlotCell) {
        switch cell.readers {
        case let reader as ViewNode where reader === node:
            cell.readers = nil
            return
        case let set as ReaderSet where set.root === root:
            if set.nodes.removeValue(forKey: ObjectIdentifier(node)) != nil {
                if set.nodes.isEmpty { cell.readers = nil }
                return
            }
        default:
            break
        }
        if !elsewhere.isEmpty { removeElsewhere(node, fromReadersOf: ObjectIdentifier(cell)) }
    }

    /// Whether `node` is in this host's tree. A mounted node's parents are alive (a parent
    /// outlives its children in the tree), so the walk up is safe; an unmounted node is in no
    /// tree.
    private func isInTree(_ node: ViewNode) -> Bool {
        guard node.isMounted else { return false }
        var top = node
        while let parent = top.parent { top = parent }
        return top === root
    }

    // MARK: - Readers of cells another host's record is in

    private mutating func addElsewhere(_ node: ViewNode, toReadersOf cellID: ObjectIdentifier) {
        let nodeID = ObjectIdentifier(node)
        switch elsewhere.updateValue(.one(node), forKey: cellID) {
        case nil:
            break
        case .one(let other):
            if other !== node { elsewhere[cellID] = .many([ObjectIdentifier(other): other, nodeID: node]) }
        case .many(var nodes):
            nodes[nodeID] = node
            elsewhere[cellID] = .many(nodes)
        }
    }

    private mutating func removeElsewhere(_ node: ViewNode, fromReadersOf cellID: ObjectIdentifier) {
        switch elsewhere[cellID] {
        case .one(let reader) where reader === node:
            elsewhere[cellID] = nil
        case .many(var nodes):
            elsewhere[cellID] = nil  // so `nodes` is the only reference and shrinks in place
            nodes[ObjectIdentifier(node)] = nil
            if !nodes.isEmpty { elsewhere[cellID] = .many(nodes) }
        default:
            break
        }
    }
}
