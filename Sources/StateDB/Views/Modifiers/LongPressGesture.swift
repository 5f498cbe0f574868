/// `.onLongPressGesture`: a terminal has no press to hold, so activating the view runs the
/// action, as a tap does (see `TapGestureModifier`): the driver finds the view as a button
/// titled with its text (`host.button("Milk")`), the terminal's cursor stops on it and Enter
/// activates it. On a view with an `.onTapGesture` too, activating it runs the tap's action
/// alone: the long press is left out, as it is in SwiftUI by a short press. The duration and
/// distance are accepted and ignored, and `onPressingChanged` is never called. Drawn
/// unchanged; it adds nothing to identity.
struct LongPressGestureModifier: AttachedModifier {
    let action: () -> Void
}

extension View {
    /// Runs `action` when the view is activated (see `LongPressGestureModifier`).
    public func onLongPressGesture(minimumDuration: Double = 0.5, maximumDistance: Double = 10,
                                   perform action: @escaping () -> Void,
                                   onPressingChanged: ((Bool) -> Void)? = nil) -> ModifiedView<Self> {
        modifier(LongPressGestureModifier(action: action))
    }
}
