/// A node's children, in order.
///
/// Most views with children have exactly one (a row's `Text`, a modifier's content): that one
/// is kept in place of an array, which was an allocation of 40 bytes per such view (half the
/// views of a list of rows). Several children are kept in an array, as before. One pointer
/// either way: the cases share the references' spare bits.
struct NodeChildren: RandomAccessCollection {
    private enum Storage {
        case none
        case one(ViewNode)
        case many([ViewNode])
    }

    private var storage: Storage

    /// No children.
    init() { storage = .none }

    /// `nodes`, in order.
    init(_ nodes: [ViewNode]) {
        switch nodes.count {
        case 0: storage = .none
        case 1: storage = .one(nodes[0])
        default: storage = .many(nodes)
        }
    }

    /// Just `node`.
    init(only node: ViewNode) { storage = .one(node) }

    var startIndex: Int { 0 }

    var endIndex: Int {
        switch storage {
        case .none: 0
        case .one: 1
        case .many(let nodes): nodes.count
        }
    }

    subscript(index: Int) -> ViewNode {
        switch storage {
        case .one(let node) where index == 0: node
        case .many(let nodes): nodes[index]
        default: preconditionFailure("child \(index) of a view with \(endIndex) children")
        }
    }
}
