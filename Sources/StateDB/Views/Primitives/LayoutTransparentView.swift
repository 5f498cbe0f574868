/// A view whose children the stack or grid around it lays out as its own, as SwiftUI does: a
/// `ForEach`'s elements are the columns of an `HStack` around it, or the cells of a grid.
protocol LayoutTransparentView {}

extension ViewHost {
    /// The lines of each view `node` lays out: its children, each `ForEach` or `Group` among
    /// them (without modifiers of its own, which apply to it as a whole) replaced by its
    /// children, and so on down.
    func laidOutLines(of node: ViewNode) -> [[String]] {
        var laidOut: [[String]] = []
        func add(_ child: ViewNode) {
            if child.view is any LayoutTransparentView && child.modifiers.isEmpty {
                child.children.forEach(add)
            } else {
                laidOut.append(renderLines(of: child))
            }
        }
        node.children.forEach(add)
        return laidOut
    }
}
