/// What `@Environment(\.dismiss)` gives, as in SwiftUI: call it (`dismiss()`) to close what
/// the view is in.
///
/// Inside a sheet it closes the sheet; inside a screen a `NavigationLink` pushed, it pops that
/// screen. Elsewhere the only thing to close is the host's screen, as SwiftUI's dismiss
/// closes a window: the host's `onDismiss` runs. The terminal host ends its session; a
/// `ViewHost` without an `onDismiss` (in a test, say) does nothing, as SwiftUI's dismiss does
/// where nothing can be closed.
public struct DismissAction: Sendable {
    let target: DismissTarget?

    /// Asks the host to close its screen (see `DismissAction`).
    @MainActor public func callAsFunction() {
        target?.handler?()
        target?.sessionHandler?()
    }
}

/// Where a host's `DismissAction`s lead: its `onDismiss`, which can be set after the views
/// were given their actions.
@MainActor
final class DismissTarget {
    /// The app's (`onDismiss`).
    var handler: (@MainActor () -> Void)?
    /// The terminal session's (`sessionOnDismiss`), after the app's.
    var sessionHandler: (@MainActor () -> Void)?
}

struct DismissKey: EnvironmentKey {
    static var defaultValue: DismissAction? { nil }
}

extension EnvironmentValues {
    /// Closes the host's screen when called (see `DismissAction`). Outside a host, does
    /// nothing.
    public var dismiss: DismissAction {
        self[DismissKey.self] ?? DismissAction(target: nil)
    }
}

extension ViewHost {
    /// Runs when a view calls its `@Environment(\.dismiss)` action. nil (the default): the
    /// call does nothing. The terminal host's session sets it to end the session.
    public var onDismiss: (@MainActor () -> Void)? {
        get { dismissTarget.handler }
        set { dismissTarget.handler = newValue }
    }

    /// Runs after `onDismiss` when a view calls its dismiss action: the terminal session's
    /// end, kept apart so that an app setting `onDismiss` after the session began does not
    /// replace it.
    @_spi(TerminalHost) public var sessionOnDismiss: (@MainActor () -> Void)? {
        get { dismissTarget.sessionHandler }
        set { dismissTarget.sessionHandler = newValue }
    }
}
