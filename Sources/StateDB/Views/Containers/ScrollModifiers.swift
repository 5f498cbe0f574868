// SwiftUI's modifiers of scrolling. A terminal scrolls the whole screen and draws no scroll
// indicators, so each is accepted and changes nothing. Each is listed in docs/views.md.

/// Whether scroll indicators show, as in SwiftUI (`.scrollIndicators(.hidden)`).
public struct ScrollIndicatorVisibility: Hashable, Sendable {
    private enum Kind: Hashable, Sendable { case automatic, visible, hidden, never }
    private let kind: Kind

    /// As the platform decides.
    public static let automatic = ScrollIndicatorVisibility(kind: .automatic)
    /// Shown.
    public static let visible = ScrollIndicatorVisibility(kind: .visible)
    /// Hidden, unless the platform shows them anyway.
    public static let hidden = ScrollIndicatorVisibility(kind: .hidden)
    /// Never shown.
    public static let never = ScrollIndicatorVisibility(kind: .never)
}

/// How scrolling dismisses the software keyboard, as in SwiftUI
/// (`.scrollDismissesKeyboard(.interactively)`).
public struct ScrollDismissesKeyboardMode: Hashable, Sendable {
    private enum Kind: Hashable, Sendable { case automatic, immediately, interactively, never }
    private let kind: Kind

    /// As the platform decides.
    public static let automatic = ScrollDismissesKeyboardMode(kind: .automatic)
    /// As soon as scrolling starts.
    public static let immediately = ScrollDismissesKeyboardMode(kind: .immediately)
    /// Following the drag.
    public static let interactively = ScrollDismissesKeyboardMode(kind: .interactively)
    /// Scrolling leaves the keyboard up.
    public static let never = ScrollDismissesKeyboardMode(kind: .never)
}

extension View {
    /// Accepted and ignored: a terminal draws no scroll indicators.
    public func scrollIndicators(_ visibility: ScrollIndicatorVisibility, axes: Axis.Set = [.vertical, .horizontal]) -> Self { self }

    /// Accepted and ignored: a terminal scrolls the whole screen, not the scroll views in it,
    /// so there is no view's scrolling to turn off.
    public func scrollDisabled(_ disabled: Bool) -> Self { self }

    /// Accepted and ignored: a terminal has no software keyboard to dismiss.
    public func scrollDismissesKeyboard(_ mode: ScrollDismissesKeyboardMode) -> Self { self }
}
