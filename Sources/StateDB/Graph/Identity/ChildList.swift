/// Views the graph treats as structure rather than as nodes: builder blocks, branches,
/// optionals, `EmptyView` and `.id(_:)`. They decide which positions of a block are filled,
/// instead of adding a segment of their own.
@MainActor
protocol StructuralView {
    /// Adds the views inside; `position` is the index of this value's first position in the
    /// block's shape (`BlockShape`).
    func addChildren(to list: inout ChildList, position: Int)
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
    /// One block of this type (a stack's content, a custom view's body).
    case block(any View.Type)
    /// A block of this type per element, each written with the element's id (`ForEach`).
    case elements(any View.Type)
    /// Any view at all: the type does not say (`AnyView`).
    case anything
}

/// The children one evaluation produced: an identity segment and a view value each, in order.
@MainActor
struct ChildList {
    struct Element {
        var segment: String
        let view: any View
        let info: ViewTypeInfo
        /// The position the view fills, and the first-round qualifiers its block put before the
        /// position's own: enough to write the key the first round gave it, when asked.
        let position: BlockShape.Position
        let legacyPrefix: String
    }

    private(set) var elements: [Element] = []
    /// The block being added, what its segments carry after the name (`[id: 42]` in a
    /// `ForEach` element), and the same for the first round's format.
    private var shape = BlockShape.empty
    private var prefix = ""
    private var legacyPrefix = ""

    /// `inheritedLegacyPrefix`: first-round qualifiers of a view that added no segment then
    /// (`AnyView`), which its content's first-round segments carry.
    init(inheritedLegacyPrefix: String = "") {
        legacyPrefix = inheritedLegacyPrefix
    }

    /// Adds a block of views, `view`: each view in it gets the segment of the position it
    /// fills in the block's type. `prefix` and `legacyPrefix` come after each name (an element
    /// id, an explicit id).
    mutating func addBlock(_ view: any View, prefix: String = "", legacyPrefix: String? = nil) {
        let info = viewTypeInfo(of: view)
        let outer = (shape, self.prefix, self.legacyPrefix)
        shape = info.shape
        self.prefix = prefix
        self.legacyPrefix = legacyPrefix ?? (outer.2 + prefix)
        add(view, info: info, position: 0)
        (shape, self.prefix, self.legacyPrefix) = outer
    }

    /// Adds `view`, whose first position in the current block is `position`; returns the
    /// position after its last.
    @discardableResult
    mutating func add(_ view: any View, position: Int) -> Int {
        let info = viewTypeInfo(of: view)
        add(view, info: info, position: position)
        return position + info.positionCount
    }

    private mutating func add(_ view: any View, info: ViewTypeInfo, position index: Int) {
        if let addContent = info.addStructuralChildren {
            addContent(view, &self, index)
            return
        }
        let position = shape.positions[index]
        let segment = prefix.isEmpty ? position.segment : position.name + prefix + position.qualifiers
        elements.append(Element(segment: segment, view: view, info: info, position: position, legacyPrefix: legacyPrefix))
    }

    /// Adds the content of an explicit-id view filling `position`: a block of its own whose
    /// segments carry the branches of that position and the id.
    mutating func addExplicitID(_ content: any View, id: String, position index: Int) {
        let position = shape.positions[index]
        let qualifier = "[.id: " + id + "]"
        addBlock(content, prefix: prefix + position.qualifiers + qualifier,
                 legacyPrefix: legacyPrefix + position.legacyQualifiers + qualifier)
    }

    /// Gives later duplicates of a segment a distinct one (`Row[id: 1][duplicate 2]`) and
    /// returns the segments that were duplicated, so they never share a slot silently.
    mutating func separateDuplicates() -> [String] {
        guard elements.count > 1 else { return [] }
        var seen: [String: Int] = [:]
        seen.reserveCapacity(elements.count)
        var duplicated: [String] = []
        for index in elements.indices {
            let segment = elements[index].segment
            // One hash per element in the common case (no duplicate): store, and look at what
            // was there before.
            guard let previous = seen.updateValue(1, forKey: segment) else { continue }
            let count = previous + 1
            seen[segment] = count
            if count == 2 { duplicated.append(segment) }
            elements[index].segment = segment + "[duplicate \(count)]"
        }
        return duplicated
    }
}
