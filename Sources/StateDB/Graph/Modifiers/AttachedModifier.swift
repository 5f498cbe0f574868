/// A modifier that changes how the views of its content draw (`.bold()`, `.padding()`), or
/// only marks them (`.tag(_:)`, `.hidden()`, read by the views around them): kept in the
/// node's `modifiers` and applied to its rendered lines.
@MainActor
protocol AttachedModifier {
    func renderLines(_ lines: [String]) -> [String]
    /// Whether it goes on the first view its content produced only, presented views included
    /// (a navigation title: one line above everything the content draws), instead of on every
    /// view but presented ones.
    var appliesToFirstViewOnly: Bool { get }
}

extension AttachedModifier {
    func renderLines(_ lines: [String]) -> [String] { lines }
    var appliesToFirstViewOnly: Bool { false }
}

/// What a `ModifiedView` attaches to the views of its content: a request to the graph
/// (environment values, lifecycle actions, tasks: run by `ModifierRuntime`) or a change to
/// how they draw.
enum ViewModifierRequest {
    case node(NodeModifier)
    case render(any AttachedModifier)
}

/// The modifiers attached to one view by its parent's content, innermost first, by kind.
struct ElementModifiers {
    var node: [NodeModifier] = []
    var render: [any AttachedModifier] = []
    /// The element is a presented view (see `ChildList.markPresentations(fromElement:)`).
    var isPresentation = false

    var isEmpty: Bool { node.isEmpty && render.isEmpty }

    mutating func append(_ request: ViewModifierRequest) {
        switch request {
        case .node(let modifier): node.append(modifier)
        case .render(let modifier): render.append(modifier)
        }
    }
}

extension ViewHost {
    /// Gives `child` the modifiers its parent's latest evaluation attached to it (nil: none).
    /// A new child (`isNew`, not yet evaluated) just keeps them: its first evaluation queues
    /// its appearance (`ModifierRuntime.evaluated`). A kept one hands its requests to the
    /// runtime, which compares them with the previous ones. Render modifiers are not inputs:
    /// a child whose view is unchanged but whose colour changed is not re-run, only drawn
    /// differently.
    func handModifiers(_ modifiers: ElementModifiers?, to child: ViewNode, isNew: Bool) {
        let requests = modifiers?.node ?? []
        if isNew {
            if !requests.isEmpty {
                child.attachments = NodeAttachments(modifiers: requests, parentHead: child.parent?.environmentHead)
            }
        } else if !requests.isEmpty || child.attachments != nil {
            modifierRuntime.update(child, with: requests)
        }
        if let render = modifiers?.render, !render.isEmpty {
            child.modifiers = render
        } else if !child.modifiers.isEmpty {
            child.modifiers = []
        }
    }
}
