/// One view in the mounted tree: its identity, its latest value, the slots it owns, the
/// slots its last evaluation read, and its children.
///
/// Nodes belong to the main actor and only the host changes them, one evaluation at a time.
@MainActor
final class ViewNode {
    /// This view's segment of the identity path (`Row[id: 42]`; the root's name for the root).
    let segment: String
    /// A parent owns its children and outlives them in the tree; a view leaving the tree
    /// builds its identity first (`ViewHost.unmount`), so a node never asks a parent that is
    /// gone. `unowned`: a strong reference would make a cycle.
    unowned let parent: ViewNode?
    private var builtIdentity: String?
    let depth: Int
    var view: any View
    var info: ViewTypeInfo
    var children: [ViewNode] = []
    /// The slots this view owns, by property name.
    var slots = OwnedSlots()
    /// The slots the last evaluation read (kept alive while this node depends on them).
    var reads: [SlotCell] = []
    /// The observable-model properties the last evaluation read, nil when it read none.
    var observedReads: ObservedReadToken?
    /// A slot it read changed since its last evaluation.
    var isInvalidated = false
    /// While invalidated: 0 when a change of its own invalidated it, else how long the chain of
    /// writes made during bodies is that did (see `ViewHost.bodyWriteChainLimit`).
    var invalidationDepth = 0
    /// The update in which it was last evaluated.
    var evaluatedInUpdate = -1
    var isMounted = true
    /// Its modifiers' state and its environment reads; nil for most views (see
    /// `NodeAttachments`).
    var attachments: NodeAttachments?
    /// Modifiers attached to this view by its parent's content (`.bold()`, `.tag(x)`),
    /// innermost first: applied to its rendered lines.
    var modifiers: [any AttachedModifier] = []

    /// The block position it fills (nil for the root) and the first-round qualifiers its
    /// block put before the position's own, nil when the same as this format's (see
    /// `legacyIdentity`).
    let position: BlockShape.Position?
    let legacyPrefix: String?

    init(segment: String, view: any View, info: ViewTypeInfo? = nil, parent: ViewNode?,
         position: BlockShape.Position? = nil, legacyPrefix: String? = nil) {
        self.segment = segment
        self.parent = parent
        self.view = view
        self.depth = (parent?.depth ?? -1) + 1
        self.info = info ?? viewTypeInfo(of: view)
        self.position = position
        self.legacyPrefix = legacyPrefix
    }

    /// A child of this node for `element`.
    convenience init(_ element: ChildList.Element, parent: ViewNode) {
        self.init(segment: element.segment, view: element.view, info: element.info, parent: parent,
                  position: element.position, legacyPrefix: element.legacyPrefix)
    }

    /// The qualifiers after the name in the first round's segment of this view: what its
    /// block put first, then its position's own (`[3][else]`).
    var legacyQualifiers: String {
        guard let position else { return "" }
        return (legacyPrefix ?? blockPrefix(of: position)) + position.legacyQualifiers
    }

    /// What this view's block put between the name and the position's own qualifiers in this
    /// format: the segment less both (and less a `[duplicate N]`).
    private func blockPrefix(of position: BlockShape.Position) -> String {
        var rest = Substring(segment.dropFirst(position.name.count))
        if let duplicate = rest.range(of: "[duplicate ", options: .backwards) { rest = rest[..<duplicate.lowerBound] }
        return String(rest.dropLast(position.qualifiers.count))
    }

    /// The identity the first round of statedb gave this view (`App/VStack/Row[2][then]`):
    /// positions in the block instead of numbers by name, and no segment for `AnyView`. Built
    /// only to find a store's rows under their old keys, for slots that found no row.
    var legacyIdentity: String {
        guard let parent, let position else { return segment }
        var segment = position.name + legacyQualifiers
        if let duplicate = self.segment.range(of: "[duplicate ", options: .backwards) {
            segment += self.segment[duplicate.lowerBound...]
        }
        return parent.legacyIdentity.appendingPathSegment(segment)
    }

    /// The view's identity (`ContentView/VStack/Row[id: 42]`), built the first time it is
    /// asked for: most views of a big tree (the `Text` in every row) own no slot and never need
    /// theirs, and building it was an allocation and a copy per view mounted.
    var identity: String {
        if let builtIdentity { return builtIdentity }
        var identity = segment
        if let parent { identity = parent.identity.appendingPathSegment(segment) }
        builtIdentity = identity
        return identity
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
