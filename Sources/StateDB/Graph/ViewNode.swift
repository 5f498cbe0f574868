/// One view in the mounted tree: its identity, its latest value, the slots it owns, the
/// slots its last evaluation read, and its children.
///
/// Nodes belong to the main actor and only the host changes them, one evaluation at a time,
/// so their fields skip the runtime exclusivity check (`@exclusivity(unchecked)`): the checks
/// were ~7% of mounting a tree.
@MainActor
final class ViewNode {
    let identity: String
    let depth: Int
    @exclusivity(unchecked) var view: any View
    @exclusivity(unchecked) var info: ViewTypeInfo
    @exclusivity(unchecked) var children: [ViewNode] = []
    /// The slots this view owns, by property name.
    @exclusivity(unchecked) var slots = OwnedSlots()
    /// The slots the last evaluation read (kept alive while this node depends on them).
    @exclusivity(unchecked) var reads: [SlotCell] = []
    /// A slot it read changed since its last evaluation.
    @exclusivity(unchecked) var isInvalidated = false
    /// The update in which it was last evaluated.
    @exclusivity(unchecked) var evaluatedInUpdate = -1
    @exclusivity(unchecked) var isMounted = true

    init(identity: String, view: any View, info: ViewTypeInfo? = nil, parent: ViewNode?) {
        self.identity = identity
        self.view = view
        self.depth = (parent?.depth ?? -1) + 1
        self.info = info ?? viewTypeInfo(of: view)
    }
}

/// The type table of a view value's dynamic type.
@MainActor
func viewTypeInfo(of view: any View) -> ViewTypeInfo {
    func open<V: View>(_ view: V) -> ViewTypeInfo {
        // Siblings are mostly of one type (a `ForEach`'s rows): remembering the last table
        // saves the shared table's lock and lookup, ~600 instructions per child.
        if let last = lastViewTypeInfo, last.type == V.self { return last }
        let info = ViewTypeInfo.of(V.self)
        lastViewTypeInfo = info
        return info
    }
    return open(view)
}

@MainActor private var lastViewTypeInfo: ViewTypeInfo?

/// The slots a view owns, by property name: a short list searched in order. Views own a
/// handful of slots, and a dictionary per view cost ~140 bytes even for one.
struct OwnedSlots {
    private var entries: [(name: String, location: AnySlotLocation)] = []

    subscript(name: String) -> AnySlotLocation? {
        get { entries.first { $0.name == name }?.location }
        set {
            if let index = entries.firstIndex(where: { $0.name == name }) {
                if let newValue { entries[index].location = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                if entries.isEmpty { entries.reserveCapacity(2) }  // growing from one reallocated per slot
                entries.append((name, newValue))
            }
        }
    }

    var values: [AnySlotLocation] { entries.map(\.location) }
}
