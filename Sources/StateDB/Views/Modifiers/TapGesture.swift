/// `.onTapGesture`: makes the view a control the user can activate, as a tap does in SwiftUI.
/// The driver finds it as a button titled with the view's rendered text, modifiers such as a
/// `.badge` included (`host.button("Milk")`, `host.button("Inbox (3)")`), the
/// terminal's cursor stops on it and Enter activates it. Drawn unchanged; it adds nothing to
/// identity. A `count` other than 1 (a double tap) is accepted and acts on one activation: a
/// terminal has no taps to count.
struct TapGestureModifier: AttachedModifier {
    let action: () -> Void
}

extension ViewNode {
    /// The action of an `.onTapGesture` on the node, if any (the innermost), else of an
    /// `.onLongPressGesture` (`LongPressGestureModifier`), else selecting the node when it is a
    /// row of a selectable `List` (a `NavigationLink` row selects through its own control).
    var tapAction: (() -> Void)? {
        if !modifiers.isEmpty {
            if let action = modifiers.lazy.compactMap({ ($0 as? TapGestureModifier)?.action }).first { return action }
            if let action = modifiers.lazy.compactMap({ ($0 as? LongPressGestureModifier)?.action }).first { return action }
        }
        return view is any NavigationLinkMarker ? nil : listSelectionAction
    }
}

extension View {
    /// Runs `action` when the view is activated (see `TapGestureModifier`).
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> ModifiedView<Self> {
        modifier(TapGestureModifier(action: action))
    }
}
