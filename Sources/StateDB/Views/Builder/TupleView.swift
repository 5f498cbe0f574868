@_spi(Reflection) import Swift

/// Several views from one builder block. Each child fills the positions of its own type in
/// the block (`BlockShape`): `Text`, `Row`, `Row[#2]`…
public struct TupleView<T>: View, StructuralView {
    public typealias Body = Never
    /// The views, as a tuple.
    public let value: T
    let children: [any View]

    init<each Content: View>(_ content: repeat each Content) where T == (repeat each Content) {
        value = (repeat each content)
        var children: [any View] = []
        for child in repeat each content { children.append(child) }
        self.children = children
    }

    func addChildren(to list: inout ChildList, position: Int, in block: BlockContext) {
        var position = position
        for child in children { position = list.add(child, position: position, in: block) }
    }

    nonisolated static func appendShape(to shape: inout BlockShape.Builder, branch: [String], legacy: String) {
        // A pack of one element is that element, not a tuple (no tuple is a View).
        if let single = T.self as? any View.Type {
            shape.append(single, branch: branch, legacy: legacy + "[0]")
            return
        }
        // The tuple's element types, in order, as the runtime describes `T`.
        var index = 0
        _ = _forEachField(of: T.self, options: []) { _, _, elementType, _ in
            if let view = elementType as? any View.Type {
                shape.append(view, branch: branch, legacy: legacy + "[\(index)]")
            }
            index += 1
            return true
        }
    }
}
