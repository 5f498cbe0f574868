/// One view in the mounted tree: its identity, its latest value, the slots it owns, the
/// slots its last evaluation read, and its children.
///
/// Nodes belong to the main actor and only the host changes them, one evaluation at a time.
///
/// The fields every mount reads or sets skip the runtime exclusivity check
/// (`@exclusivity(unchecked)`): each access is a copy or an assignment on the main actor, never
/// an `inout` held across a body or another node's evaluation, so no two can overlap. Together
/// with the host's `dependencies`, `freshSlots` and `bodyEvaluationCount` the checks were 1.5%
/// of mounting 10,000 rows (11.6 M of 780 M instructions; BENCHMARKS.md, tenth pass).
@MainActor
final class ViewNode {
    /// The segment (`Row[id: 42]`) until the identity is built, then the identity, whose last
    /// `segment` is the segment (from `segmentOffset`). One string for both: a second one per
    /// view cost 16 bytes in the node, and a row's segment is long enough (over 15 bytes) to
    /// be an allocation of its own, kept alive beside the identity that repeats it.
    @exclusivity(unchecked) private var text: String
    /// A parent owns its children and outlives them in the tree; a view leaving the tree
    /// builds its identity first (`ViewHost.unmount`), so a node never asks a parent that is
    /// gone. `unowned`: a strong reference would make a cycle.
    unowned let parent: ViewNode?
    /// Where the segment starts in `text` (0 until the identity is built).
    private var segmentOffset: UInt32 = 0
    /// The depth and three flags in 32 bits: beside `segmentOffset`, they fill the 8 bytes one
    /// `Int` took (a node of 168 bytes took a 176-byte malloc chunk, 152 a 160-byte one).
    private var packed: UInt32
    @exclusivity(unchecked) var view: any View
    @exclusivity(unchecked) var info: ViewTypeInfo
    @exclusivity(unchecked) var children = NodeChildren()
    /// The slots the last evaluation read, each once (kept alive while this node depends on
    /// them).
    @exclusivity(unchecked) var reads = SlotCellList()
    /// What few views have (see `RareFields`); nil until one of them is set.
    private var rare: RareFields?

    /// The block position it fills (nil for the root).
    let position: BlockShape.Position?

    /// The fields most views leave at their defaults, kept apart so a node of a big tree does
    /// not carry them: 56 bytes less per node (a row's node and its `Text`'s, per row). The
    /// last 8 (`attachments`) took a node from 144 bytes to 136, a 160-byte malloc chunk to 144.
    private final class RareFields {
        var attachments: NodeAttachments?
        var observedReads: ObservedReadToken?
        var invalidationDepth = 0
        var modifiers: [any AttachedModifier] = []
        var legacyPrefix: String?
        var partReads: [PartRead] = []
    }

    /// The fields of `rare`, created on the first write of a value other than the default.
    private func rareFields() -> RareFields {
        if let rare { return rare }
        let fields = RareFields()
        rare = fields
        return fields
    }

    /// Its modifiers' state and its environment reads; nil for most views (see
    /// `NodeAttachments`).
    var attachments: NodeAttachments? {
        get { rare?.attachments }
        set { if newValue != nil || rare != nil { rareFields().attachments = newValue } }
    }
    /// The observable-model properties the last evaluation read, nil when it read none.
    var observedReads: ObservedReadToken? {
        get { rare?.observedReads }
        set { if newValue != nil || rare != nil { rareFields().observedReads = newValue } }
    }
    /// While invalidated: 0 when a change of its own invalidated it, else how long the chain of
    /// writes made during bodies is that did (see `ViewHost.bodyWriteChainLimit`).
    var invalidationDepth: Int {
        get { rare?.invalidationDepth ?? 0 }
        set { if newValue != 0 || rare != nil { rareFields().invalidationDepth = newValue } }
    }
    /// Modifiers attached to this view by its parent's content (`.bold()`, `.tag(x)`),
    /// innermost first: applied to its rendered lines.
    var modifiers: [any AttachedModifier] {
        get { rare?.modifiers ?? [] }
        set { if !newValue.isEmpty || rare != nil { rareFields().modifiers = newValue } }
    }
    /// The parts of slots the last evaluation read of slots it did not read whole (see
    /// `PartRead`).
    var partReads: [PartRead] {
        get { rare?.partReads ?? [] }
        set { if !newValue.isEmpty || rare != nil { rareFields().partReads = newValue } }
    }

    /// Whether the last evaluation read `cell` only through parts of it (see `PartRead`).
    func readsOnlyParts(of cell: SlotCell) -> Bool {
        guard let parts = rare?.partReads, !parts.isEmpty else { return false }
        return parts.contains { $0.cell === cell }
    }

    /// Whether the last evaluation read `cell` only through parts of it that are still what
    /// it saw: a change to the slot elsewhere need not re-run this view.
    func sawOnlyUnchangedParts(of cell: SlotCell) -> Bool {
        guard let parts = rare?.partReads, !parts.isEmpty else { return false }
        var readAny = false
        for part in parts where part.cell === cell {
            guard part.isUnchanged() else { return false }
            readAny = true
        }
        return readAny
    }

    /// The first-round qualifiers its block put before the position's own, nil when the same
    /// as this format's (see `legacyIdentity`).
    var legacyPrefix: String? { rare?.legacyPrefix }
    private static let invalidatedBit: UInt32 = 1 << 0
    private static let mountedBit: UInt32 = 1 << 1
    private static let identityBuiltBit: UInt32 = 1 << 2
    private static let depthShift: UInt32 = 3

    /// A slot it read changed since its last evaluation.
    var isInvalidated: Bool {
        get { packed.hasFlag(Self.invalidatedBit) }
        set { packed.setFlag(Self.invalidatedBit, newValue) }
    }
    var isMounted: Bool {
        get { packed.hasFlag(Self.mountedBit) }
        set { packed.setFlag(Self.mountedBit, newValue) }
    }

    /// How far below the root it is (0 for the root).
    var depth: Int { Int(packed >> Self.depthShift) }

    /// This view's segment of the identity path (`Row[id: 42]`; the root's name for the root).
    var segment: Substring {
        let utf8 = text.utf8
        return Substring(utf8[utf8.index(utf8.startIndex, offsetBy: Int(segmentOffset))...])
    }

    init(segment: String, view: any View, info: ViewTypeInfo? = nil, parent: ViewNode?,
         position: BlockShape.Position? = nil, legacyPrefix: String? = nil) {
        text = segment
        self.parent = parent
        self.view = view
        // `if let`, not `parent.map`: a main-actor closure checked its executor per node.
        var depth: UInt32 = 0
        if let parent { depth = (parent.packed >> Self.depthShift) + 1 }
        packed = depth << Self.depthShift | Self.mountedBit
        self.info = info ?? viewTypeInfo(of: view)
        self.position = position
        if let legacyPrefix { rareFields().legacyPrefix = legacyPrefix }
    }

    /// A child of `parent` for `element`, whose segment is built here (see `SegmentParts`)
    /// unless the caller has built it already.
    ///
    /// A view with slots needs its identity as soon as it mounts, to find them: its identity is
    /// built here, from the parent's and the segment's parts, with no segment string between.
    convenience init(_ element: borrowing ChildList.Element, segment: String? = nil, parent: ViewNode) {
        if segment == nil, element.duplicate == 0, !element.info.slotFields.isEmpty {
            let (identity, segmentStart) = element.segmentParts.identity(under: parent.identity)
            self.init(segment: identity, view: element.view, info: element.info, parent: parent,
                      position: element.position, legacyPrefix: element.legacyPrefix)
            segmentOffset = UInt32(segmentStart)
            packed.setFlag(Self.identityBuiltBit, true)
            return
        }
        let built: String
        if let segment { built = segment } else { built = element.segment }  // `??` would consume `element`
        self.init(segment: built, view: element.view, info: element.info, parent: parent,
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
        guard let parent, let position else { return String(segment) }
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
        if packed.hasFlag(Self.identityBuiltBit) { return text }
        if let parent {
            let parentIdentity = parent.identity
            let identity = parentIdentity.appendingPathSegment(text)
            // Where the segment starts: after the parent's identity and the `/` between.
            segmentOffset = UInt32(identity.utf8.count - text.utf8.count)
            text = identity
        }
        packed.setFlag(Self.identityBuiltBit, true)
        return text
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
