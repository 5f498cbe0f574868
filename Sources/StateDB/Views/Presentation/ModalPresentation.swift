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
