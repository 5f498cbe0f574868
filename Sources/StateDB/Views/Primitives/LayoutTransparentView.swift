/// A view whose children the stack, grid or list around it lays out as its own, as SwiftUI
/// does: a `ForEach`'s elements are the columns of an `HStack` around it, or the cells of a
/// grid, or the rows of a list.
protocol LayoutTransparentView {}

extension ViewNode {
    /// Whether a layout around the node takes its children as its own: a `ForEach` or a
    /// `Group`, or a view of the app's whose body is several views or one such (`struct Cells:
    /// View { var body: some View { ForEach(…) } }`). Not with modifiers of its own, which
    /// apply to it as a whole.
    var passesChildrenToLayout: Bool {
        guard modifiers.isEmpty else { return false }
        if view is any LayoutTransparentView { return true }
        guard !(view is any PrimitiveView) else { return false }
        return children.count > 1 || children.first?.passesChildrenToLayout == true
    }
}

extension ViewHost {
    /// The lines of each view `node` lays out: its children, each that passes its children to
    /// the layout (`passesChildrenToLayout`) replaced by them, and so on down.
    func laidOutLines(of node: ViewNode) -> [[String]] {
        var laidOut: [[String]] = []
        func add(_ child: ViewNode) {
            if child.passesChildrenToLayout {
                child.children.forEach(add)
            } else {
                laidOut.append(renderLines(of: child))
            }
        }
        node.children.forEach(add)
        return laidOut
    }
}
