/// A view with a modifier that changes how it draws (`.bold()`, `.padding()`, `.tag(x)`),
/// made by those modifiers.
///
/// It takes no part in identity: its content fills the place the modifier was written in,
/// so `Row().padding()` is `Row` (plus its number) exactly as `Row()` is, and adding or
/// removing a modifier keeps the view's state. The modifier travels with the content's view
/// and is applied to its rendered lines.
public struct ModifiedView<Content: View>: View, StructuralView {
    public typealias Body = Never
    /// The view the modifier applies to.
    public let content: Content
    let modifier: any AttachedModifier

    init(content: Content, modifier: any AttachedModifier) {
        self.content = content
        self.modifier = modifier
    }

    func addChildren(to list: inout ChildList, position: Int, in block: BlockContext) {
        let first = list.elements.count
        list.add(content, position: position, in: block)
        list.attach(modifier, fromElement: first)
    }

    nonisolated static func appendShape(to shape: inout BlockShape.Builder, branch: [String], legacy: String) {
        shape.append(Content.self, branch: branch, legacy: legacy)
    }
}

/// What a `ModifiedView` attaches to the views of its content: a change to their rendered
/// lines (none by default, for modifiers that only mark a view, like `.tag(_:)`).
@MainActor
protocol AttachedModifier {
    func renderLines(_ lines: [String]) -> [String]
}

extension AttachedModifier {
    func renderLines(_ lines: [String]) -> [String] { lines }
}

extension View {
    func modifier(_ modifier: any AttachedModifier) -> ModifiedView<Self> {
        ModifiedView(content: self, modifier: modifier)
    }
}

extension ViewNode {
    /// Keeps the modifiers of a child current (nil: it has none): they are not inputs, so a
    /// child whose view is unchanged but whose colour changed is not re-run, only drawn
    /// differently.
    func takeModifiers(_ attached: [any AttachedModifier]?) {
        if let attached {
            modifiers = attached
        } else if !modifiers.isEmpty {
            modifiers = []
        }
    }
}

/// A primitive whose drawing needs its mounted children themselves, not only their lines (a
/// `Picker` shows the label of the child tagged with its selection).
@MainActor
protocol NodeRenderedView: PrimitiveView {
    func renderLines(of node: ViewNode, in host: ViewHost) -> [String]
}
