/// Views the graph treats as structure rather than as nodes: builder blocks, branches,
/// optionals, `EmptyView` and `.id(_:)`. They add qualifiers to the identity of the views
/// they contain instead of a segment of their own.
@MainActor
protocol StructuralView {
    func addChildren(to list: inout ChildList, qualifiers: String)
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
}

extension PrimitiveView {
    func addChildren(to list: inout ChildList) {}
}

/// The children one evaluation produced: an identity segment and a view value each, in order.
@MainActor
struct ChildList {
    struct Element {
        var segment: String
        let view: any View
        let info: ViewTypeInfo
    }

    private(set) var elements: [Element] = []

    /// Adds `view`: structural views add their content, any other view one element.
    mutating func add(_ view: any View, qualifiers: String = "") {
        let info = viewTypeInfo(of: view)
        if let addContent = info.addStructuralChildren {
            addContent(view, &self, qualifiers)
        } else {
            elements.append(Element(segment: info.segmentName + qualifiers, view: view, info: info))
        }
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
