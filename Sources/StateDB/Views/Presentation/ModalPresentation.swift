/// A view presented over the others (an alert, a confirmation dialog, a sheet, an open menu).
/// While a modal one is shown, only its controls can be used (the driver, the focus and the
/// terminal see those alone), as SwiftUI blocks the screen behind it.
@MainActor
protocol ModalPresentation {
    /// Whether only its controls can be used while it shows (not for a menu, which the header
    /// that opened it closes again).
    var isModal: Bool { get }
    /// Whether activating a button inside it closes it after the button's action (an alert's
    /// and a menu's buttons do; a sheet's do not).
    var closesAfterAnyButton: Bool { get }
    /// Closes it (its `isPresented` turns false).
    func close()
}

extension ModalPresentation {
    var isModal: Bool { true }
}

extension ViewHost {
    /// Where the usable controls are: the last modal presentation shown, in tree order (the
    /// innermost, when one presents another), else the whole tree.
    var controlsRoot: ViewNode {
        lastPresentation(modalOnly: true) ?? root
    }

    /// The node of the presentation shown last in tree order (the innermost, when one
    /// presents another), or nil; `modalOnly` leaves open menus out.
    private func lastPresentation(modalOnly: Bool) -> ViewNode? {
        var found: ViewNode?
        func search(_ node: ViewNode) {
            if node.isHiddenByModifier { return }
            if let presentation = node.view as? any ModalPresentation, presentation.isModal || !modalOnly { found = node }
            for child in node.children { search(child) }
        }
        search(root)
        return found
    }
}

extension ViewHost {
    /// Closes the presentation shown last in tree order (an alert, a sheet, an open menu) as
    /// Escape does in the terminal, running no button's action, then updates. Returns false,
    /// changing nothing, when none is shown.
    @_spi(TerminalHost) @discardableResult
    public func closeLastPresentation() -> Bool {
        guard let presentation = lastPresentation(modalOnly: false)?.view as? any ModalPresentation else { return false }
        ReadTracker.untracked { presentation.close() }
        update()
        return true
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

/// A view with something presented beside it (`.alert`, `.sheet`, `.toolbar`, `.searchable`):
/// the view, and while shown the presented view after it (before it for a view that
/// `LeadsContent`: a search field), as a sibling of its own type. Structure, like
/// `ModifiedView`: the view keeps its keys, and the presented view's are the parent's plus its
/// own type (`Screen/PresentedAlert`, `Screen/PresentedSheet`, `Screen/Toolbar`). Drawing
/// modifiers around it apply to the view alone.
public struct PresentingView<Content: View, Presented: View>: View, StructuralView {
    public typealias Body = Never
    let content: Content
    let presented: Presented?
    /// Draw the content as nothing while the presented view shows (a sheet covers it).
    let coversContent: Bool

    private nonisolated static var presentedLeads: Bool { Presented.self is any LeadsContent.Type }

    func addChildren(to list: inout ChildList, position: Int, in block: BlockContext) {
        if Self.presentedLeads {
            let next = addPresented(to: &list, position: position, in: block)
            list.add(content, position: next, in: block)
            return
        }
        let first = list.elements.count
        let next = list.add(content, position: position, in: block)
        if coversContent && presented != nil { list.attach(.render(CoveredModifier(hides: true)), fromElement: first) }
        addPresented(to: &list, position: next, in: block)
    }

    /// Adds the presented view, if shown, at `position`; returns the position after its.
    @discardableResult
    private func addPresented(to list: inout ChildList, position: Int, in block: BlockContext) -> Int {
        guard let presented else { return position + ViewTypeInfo.of(Presented.self).positionCount }
        let first = list.elements.count
        let next = list.add(presented, position: position, in: block)
        list.markPresentations(fromElement: first)
        return next
    }

    nonisolated static func appendShape(to shape: inout BlockShape.Builder, branch: [String], legacy: String) {
        if presentedLeads {
            shape.append(Presented.self, branch: branch, legacy: legacy)
            shape.append(Content.self, branch: branch, legacy: legacy)
        } else {
            shape.append(Content.self, branch: branch, legacy: legacy)
            shape.append(Presented.self, branch: branch, legacy: legacy)
        }
    }
}

/// A presented view drawn before the view it is attached to (a search field).
protocol LeadsContent {}
