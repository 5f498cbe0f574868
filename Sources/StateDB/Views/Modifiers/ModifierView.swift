/// A view with a modifier attached (`.environment`, `.disabled`, `.onAppear`, `.task`…).
///
/// It is structure, not a node: it adds no segment (`Row().onAppear { }` keeps `Row`'s
/// identity, so adding a modifier keeps the view's state) and hands its request to the view
/// it modifies, which the host keeps with that view's node. Modifiers apply innermost first:
/// `Row().environment(\.accent, "a").environment(\.accent, "b")` shows `Row` "a", as in
/// SwiftUI. On a view that adds no view (`EmptyView`), a modifier has nothing to attach to
/// and does nothing.
struct ModifierView<Content: View>: View, StructuralView, ModifierCarrier {
    typealias Body = Never
    let content: Content
    let nodeModifier: NodeModifier

    func addChildren(to list: inout ChildList, position: Int, in block: BlockContext) {
        let start = list.elements.count
        list.add(content, position: position, in: block)
        list.attachModifier(nodeModifier, toElementsFrom: start)
    }

    nonisolated static func appendShape(to shape: inout BlockShape.Builder, branch: [String], legacy: String) {
        shape.append(Content.self, branch: branch, legacy: legacy)
    }

    var modifiedContent: any View { content }
}

extension View {
    /// This view with `modifier` attached.
    func attaching(_ modifier: NodeModifier) -> ModifierView<Self> {
        ModifierView(content: self, nodeModifier: modifier)
    }
}
