/// Views the graph treats as structure rather than as nodes: builder blocks, branches,
/// optionals, `EmptyView` and `.id(_:)`. They decide which positions of a block are filled,
/// instead of adding a segment of their own.
@MainActor
protocol StructuralView {
    /// Adds the views inside; `position` is the index of this value's first position in
    /// `block`'s shape (`BlockShape`).
    func addChildren(to list: inout ChildList, position: Int, in block: BlockContext)
    /// Adds the positions a value of this type can fill, inside branches `branch`; `legacy` is
    /// the first round's qualifiers for the same place.
    nonisolated static func appendShape(to shape: inout BlockShape.Builder, branch: [String], legacy: String)
}

/// Views with no `body` whose children the graph computes directly (stacks, `ForEach`) or
/// that have none (`Text`, `Button`…), and that know how to draw themselves as text.
@MainActor
protocol PrimitiveView {
    /// Adds this view's children (a container's content). Reads of state here are recorded
    /// as dependencies of this view.
    func addChildren(to list: inout ChildList)
    /// The view as lines of text, given its children's lines.
    func renderLines(children: [[String]]) -> [String]
    /// The blocks its children come from, by type: what a stored key may hold below it.
    nonisolated static var contentBlocks: [ContentBlock] { get }
}

extension PrimitiveView {
    func addChildren(to list: inout ChildList) {}
    nonisolated static var contentBlocks: [ContentBlock] { [] }
}

/// Where a view's children come from, as far as its type tells.
enum ContentBlock {
    /// One block of this type (a custom view's body, a button's label), numbered on its own.
    case block(any View.Type)
    /// One block of this type numbered with the block the view is in (a stack's or a group's
    /// content: see `BlockShape`).
    case container(any View.Type)
    /// A block of this type per element, each written with the element's id (`ForEach`).
    case elements(any View.Type)
}

/// The block a view is being added from: its shape, and what its views' segments carry after
/// the name (`[id: 42]` in a `ForEach` element), in this format and in the first round's. Passed
/// down the structural views as a parameter rather than kept in the list: saving and restoring
/// it around every block cost ~5% of mounting.
@MainActor
struct BlockContext {
    let shape: BlockShape
    let prefix: String
    /// nil: the same as `prefix` (the common case; nothing to build).
    let legacyPrefix: String?
}

/// The children one evaluation produced: an identity segment and a view value each, in order.
@MainActor
struct ChildList {
    struct Element {
        let view: any View
        let info: ViewTypeInfo
        /// The position the view fills, and the first-round qualifiers its block put before the
        /// position's own (nil: the same as this format's): enough to write the key the first
        /// round gave it, when asked.
        let position: BlockShape.Position
        let legacyPrefix: String?
        /// What its block puts after the name (`[id: 42]`; see `BlockContext.prefix`).
        let prefix: String
        /// Its number among siblings of the same segment, from 2 for the second (0: the first
        /// or only one; see `separateDuplicates`).
        fileprivate(set) var duplicate = 0

        /// What its segment is spelled from, to compare and hash without building it.
        var segmentParts: SegmentParts { SegmentParts(position: position, prefix: prefix) }

        /// Its segment (`Row[id: 42]`, a later duplicate's `Row[id: 42][duplicate 2]`), built
        /// when asked for: when its node is made (see `SegmentParts` for why not before).
        var segment: String {
            let text = segmentParts.text
            return duplicate == 0 ? text : text + "[duplicate \(duplicate)]"
        }

        /// Whether its segment is `segment` (a node's), built only for a duplicate.
        func hasSegment(_ segment: Substring) -> Bool {
            duplicate == 0 ? segmentParts.spells(segment) : segment.utf8.elementsEqual(self.segment.utf8)
        }
    }

    private(set) var elements: [Element] = []
    /// The modifiers attached to each element (`.bold()`, `.onAppear`, innermost first; see
    /// `ModifiedView`), by element index; empty while no element has one. Beside the elements
    /// rather than in them: a field per element cost a retain and a release per copy, ~0.5%
    /// of mounting a tree that has no modifier at all.
    private var attachedModifiers: [ElementModifiers] = []
    /// The shape of the first block added, when the view being evaluated is a stack or group
    /// whose block is numbered with its parent's (`BlockShape.Position.contentShape`).
    private var containerShape: BlockShape?

    init(containerShape: BlockShape? = nil) {
        self.containerShape = containerShape
    }

    /// Adds a block of views, `view`: each view in it gets the segment of the position it
    /// fills in the block's type. `prefix` comes after each name (an element id).
    mutating func addBlock(_ view: any View, prefix: String = "") {
        addBlock(view, prefix: prefix, legacyPrefix: nil)
    }

    private mutating func addBlock(_ view: any View, prefix: String, legacyPrefix: String?) {
        let info = viewTypeInfo(of: view)
        let shape = containerShape ?? info.shape
        containerShape = nil
        add(view, info: info, position: 0, in: BlockContext(shape: shape, prefix: prefix, legacyPrefix: legacyPrefix))
    }

    /// Adds `view`, whose first position in `block` is `position`; returns the position after
    /// its last.
    @discardableResult
    mutating func add(_ view: any View, position: Int, in block: BlockContext) -> Int {
        let info = viewTypeInfo(of: view)
        add(view, info: info, position: position, in: block)
        return position + info.positionCount
    }

    private mutating func add(_ view: any View, info: ViewTypeInfo, position index: Int, in block: BlockContext) {
        if let addContent = info.addStructuralChildren {
            addContent(view, &self, index, block)
            return
        }
        guard index < block.shape.positions.count else {
            // The block's type and its value disagree (a builder this graph does not know):
            // the view is a block of its own rather than a crash.
            assertionFailure("no position \(index) in the shape of \(info.type)")
            segmentsMayRepeat = true  // the block's prefix is lost
            addBlock(view)
            return
        }
        let position = block.shape.positions[index]
        elements.append(Element(view: view, info: info, position: position, legacyPrefix: block.legacyPrefix, prefix: block.prefix))
    }

    /// Adds the content of an explicit-id view filling `position` of `block`: a block of its
    /// own whose segments carry the branches of that position and the id.
    mutating func addExplicitID(_ content: any View, id: String, position index: Int, in block: BlockContext) {
        segmentsMayRepeat = true
        let position = block.shape.positions[index]
        let qualifier = "[.id: " + id + "]"
        addBlock(content, prefix: block.prefix + position.qualifiers + qualifier,
                 legacyPrefix: (block.legacyPrefix ?? block.prefix) + position.legacyQualifiers + qualifier)
    }

    /// Adds the content of an `AnyView` filling `position` of `block`: a block of its own,
    /// numbered on its own, whose segments carry `[any]`. (The first round wrote no segment for
    /// an `AnyView`: its content's first-round segments carry the `AnyView`'s position.)
    mutating func addErased(_ content: any View, position index: Int, in block: BlockContext) {
        let position = block.shape.positions[index]
        addBlock(content, prefix: block.prefix + position.qualifiers,
                 legacyPrefix: (block.legacyPrefix ?? block.prefix) + position.legacyQualifiers)
    }

    /// Attaches `request` to every element added since `first` (the views a modifier's
    /// content produced: one view, or none for an empty `if`; see `ModifiedView`).
    ///
    /// Presentations beside the view (an alert, a toolbar: `PresentingView`) belong to it but
    /// are not it: environment values reach them, and so does hiding (`.hidden()`, a sheet or
    /// a pushed screen covering the view hides its toolbar too); other drawing modifiers and
    /// lifecycle requests (`.onAppear`, `.task`) apply to the view alone, as in SwiftUI.
    mutating func attach(_ request: ViewModifierRequest, fromElement first: Int) {
        guard first < elements.count else { return }
        growAttachedModifiers()
        if case .render(let modifier) = request, modifier.appliesToFirstViewOnly {
            attachedModifiers[first].append(request)
            return
        }
        let reachesPresentations = switch request {
        case .render(let modifier): modifier is any HidingModifier
        case .node(.environment): true
        case .node: false
        }
        for index in first..<elements.count {
            if !reachesPresentations && attachedModifiers[index].isPresentation { continue }
            attachedModifiers[index].append(request)
        }
    }

    /// Whether element `index` is a presentation beside a view (see `markPresentations`).
    func isPresentation(at index: Int) -> Bool {
        index < attachedModifiers.count && attachedModifiers[index].isPresentation
    }

    /// Attaches `request` to element `index` alone (a `TabView`'s covered tabs).
    mutating func attach(_ request: ViewModifierRequest, toElement index: Int) {
        guard index < elements.count else { return }
        growAttachedModifiers()
        attachedModifiers[index].append(request)
    }

    /// The elements added since `first` are a presentation (`PresentingView`): drawing
    /// modifiers around the view that presents them do not apply to them. (Marked in
    /// `attachedModifiers`, which most lists never allocate: a set of its own in every list
    /// cost ~0.7% of mounting.)
    mutating func markPresentations(fromElement first: Int) {
        guard first < elements.count else { return }
        growAttachedModifiers()
        for index in first..<elements.count { attachedModifiers[index].isPresentation = true }
    }

    /// Gives every element its entry in `attachedModifiers`, which starts empty.
    private mutating func growAttachedModifiers() {
        if attachedModifiers.count < elements.count {
            attachedModifiers += Array(repeating: ElementModifiers(), count: elements.count - attachedModifiers.count)
        }
    }

    /// The modifiers attached to element `index`, or nil when it has none.
    func modifiers(at index: Int) -> ElementModifiers? {
        guard index < attachedModifiers.count, !attachedModifiers[index].isEmpty else { return nil }
        return attachedModifiers[index]
    }

    /// How many elements, from the first, are known to have distinct segments (a `ForEach`
    /// over a range adds only such elements); nil while none is known to.
    private var distinctPrefixCount: Int?
    /// A view was added whose segment does not come from its block's prefix and position: an
    /// explicit id, whose segment stands for the id alone (two siblings with `.id(7)` are one
    /// identity; `addExplicitID`), or a view added as a block of its own because its value did
    /// not fit its type's shape.
    private var segmentsMayRepeat = false
    /// A `ForEach` added views under ids that name objects (`ObjectIdentifier`, the default
    /// id of an `Identifiable` class): their keys hold addresses, which no later run builds.
    private(set) var idsNameObjects = false

    mutating func noteIDsNameObjects() { idsNameObjects = true }

    /// The elements added so far were added with distinct prefixes (a range's ids), each
    /// block's views filling distinct positions: their segments are distinct, unless one of
    /// them took its segment some other way (`segmentsMayRepeat`).
    mutating func noteSegmentsAreDistinct() {
        if !segmentsMayRepeat { distinctPrefixCount = elements.count }
    }

    /// Gives later duplicates of a segment a distinct one (`Row[id: 1][duplicate 2]`) and
    /// returns the segments that were duplicated, so they never share a slot silently.
    mutating func separateDuplicates() -> [String] {
        guard elements.count > 1, distinctPrefixCount != elements.count else { return [] }
        var seen: [SegmentParts: Int] = [:]
        seen.reserveCapacity(elements.count)
        var duplicated: [String] = []
        for index in elements.indices {
            let parts = elements[index].segmentParts
            // One hash per element in the common case (no duplicate): store, and look at what
            // was there before.
            guard let previous = seen.updateValue(1, forKey: parts) else { continue }
            let count = previous + 1
            seen[parts] = count
            if count == 2 { duplicated.append(parts.text) }
            elements[index].duplicate = count
        }
        return duplicated
    }
}
