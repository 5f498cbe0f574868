/// A view presented over the others (an alert, a confirmation dialog, a sheet): while one is
/// shown, only its controls can be used (the driver, the focus and the terminal see those
/// alone), as SwiftUI blocks the screen behind a modal presentation.
@MainActor
protocol ModalPresentation {
    /// Whether activating a button inside it closes it after the button's action (an alert's
    /// buttons do; a sheet's do not).
    var closesAfterAnyButton: Bool { get }
    /// Closes it (its `isPresented` turns false).
    func close()
}

extension ViewHost {
    /// Where the usable controls are: the last modal presentation shown, in tree order (the
    /// innermost, when one presents another), else the whole tree.
    var controlsRoot: ViewNode {
        var found: ViewNode?
        func search(_ node: ViewNode) {
            if node.isHiddenByModifier { return }
            if node.view is any ModalPresentation { found = node }
            for child in node.children { search(child) }
        }
        search(root)
        return found ?? root
    }
}

extension ViewNode {
    /// The nearest modal presentation around this node, if any; nil for a node no longer in
    /// the tree (a handle kept across updates), whose ancestors may be gone.
    var enclosingPresentation: (any ModalPresentation)? {
        guard isMounted else { return nil }
        var node = parent
        while let current = node {
            if let presentation = current.view as? any ModalPresentation { return presentation }
            node = current.parent
        }
        return nil
    }
}

/// A view with a presentation attached (`.alert`, `.sheet`): the view, and while shown the
/// presented view after it, as a sibling of its own type. Structure, like `ModifiedView`: the
/// view keeps its keys, and the presented view's are the parent's plus its own type
/// (`Screen/PresentedAlert`, `Screen/PresentedSheet`).
public struct PresentingView<Content: View, Presented: View>: View, StructuralView {
    public typealias Body = Never
    let content: Content
    let presented: Presented?
    /// Draw the content as nothing while the presented view shows (a sheet covers it).
    let coversContent: Bool

    func addChildren(to list: inout ChildList, position: Int, in block: BlockContext) {
        let first = list.elements.count
        let next = list.add(content, position: position, in: block)
        guard let presented else { return }
        if coversContent { list.attach(.render(CoveredModifier(hides: true)), fromElement: first) }
        let presentedFirst = list.elements.count
        list.add(presented, position: next, in: block)
        list.markPresentations(fromElement: presentedFirst)
    }

    nonisolated static func appendShape(to shape: inout BlockShape.Builder, branch: [String], legacy: String) {
        shape.append(Content.self, branch: branch, legacy: legacy)
        shape.append(Presented.self, branch: branch, legacy: legacy)
    }
}
