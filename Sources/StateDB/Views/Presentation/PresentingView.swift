/// A view with something presented beside it (`.alert`, `.sheet`, `.toolbar`, `.searchable`):
/// the view, and while shown the presented view after it (before it for a view that
/// `LeadsContent`: a search field), as a sibling of its own type. Structure, like
/// `ModifiedView`: the view keeps its keys, and the presented view's are the parent's plus its
/// own type (`Screen/PresentedAlert`, `Screen/PresentedSheet`, `Screen/Toolbar`). Environment
/// values and hiding around it reach the presented view; other drawing modifiers and lifecycle
/// actions apply to the view alone (see `ChildList.attach`).
public struct PresentingView<Content: View, Presented: View>: View, StructuralView {
    public typealias Body = Never
    let content: Content
    let presented: Presented?

    private nonisolated static var presentedLeads: Bool { Presented.self is any LeadsContent.Type }
    private nonisolated static var presentedCovers: Bool { Presented.self is any CoversContent.Type }

    func addChildren(to list: inout ChildList, position: Int, in block: BlockContext) {
        if Self.presentedLeads {
            let next = addPresented(to: &list, position: position, in: block)
            list.add(content, position: next, in: block)
            return
        }
        let first = list.elements.count
        let next = list.add(content, position: position, in: block)
        if Self.presentedCovers && presented != nil { list.attach(.render(CoveredModifier(hides: true)), fromElement: first) }
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

/// A view a `PresentingView` shows beside the one it is attached to (an alert, a toolbar, a
/// registration of a navigation destination): not a row of a list, nor a cell of a grid, of
/// its own.
protocol PresentedBesideView {}

/// A presented view drawn before the view it is attached to (a search field).
protocol LeadsContent {}

/// A presented view drawn in place of the view it is attached to, which stays mounted and
/// draws nothing meanwhile (a sheet).
protocol CoversContent {}
