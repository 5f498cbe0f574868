/// A view with a modifier attached: one that asks something of the graph (`.environment`,
/// `.disabled`, `.onAppear`, `.task`…) or changes how the view draws (`.bold()`,
/// `.padding()`, `.tag(x)`).
///
/// It is structure, not a node: it adds no segment (`Row().padding()` is `Row`, plus its
/// number, exactly as `Row()` is), so adding or removing a modifier keeps the view's state.
/// The modifier travels with the views its content produced and the host keeps it with
/// their nodes. Modifiers apply innermost first: `Row().environment(\.accent, "a")
/// .environment(\.accent, "b")` shows `Row` "a", as in SwiftUI. On a view that adds no view
/// (`EmptyView`, an empty `if`), a modifier has nothing to attach to and does nothing.
public struct ModifiedView<Content: View>: View, StructuralView, ModifierCarrier {
    public typealias Body = Never
    /// The view the modifier applies to.
    public let content: Content
    let request: ViewModifierRequest

    init(content: Content, request: ViewModifierRequest) {
        self.content = content
        self.request = request
    }

    func addChildren(to list: inout ChildList, position: Int, in block: BlockContext) {
        let first = list.elements.count
        list.add(content, position: position, in: block)
        list.attach(request, fromElement: first)
    }

    nonisolated static func appendShape(to shape: inout BlockShape.Builder, branch: [String], legacy: String) {
        shape.append(Content.self, branch: branch, legacy: legacy)
    }

    var modifiedContent: any View { content }
}

extension View {
    /// This view with `modifier`, which changes how it draws, attached.
    func modifier(_ modifier: any AttachedModifier) -> ModifiedView<Self> {
        ModifiedView(content: self, request: .render(modifier))
    }

    /// This view with `modifier`, a request to the graph, attached.
    func attaching(_ modifier: NodeModifier) -> ModifiedView<Self> {
        ModifiedView(content: self, request: .node(modifier))
    }
}
