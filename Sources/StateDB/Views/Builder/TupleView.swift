/// Several views from one builder block. Each child's identity gets its position: `[0]`, `[1]`…
public struct TupleView<T>: View, StructuralView {
    public typealias Body = Never
    /// The views, as a tuple.
    public let value: T
    private let children: [any View]

    init<each Content: View>(_ content: repeat each Content) where T == (repeat each Content) {
        value = (repeat each content)
        var children: [any View] = []
        for child in repeat each content { children.append(child) }
        self.children = children
    }

    func addChildren(to list: inout ChildList, qualifiers: String) {
        for (index, child) in children.enumerated() {
            list.add(child, qualifiers: qualifiers + "[\(index)]")
        }
    }
}
