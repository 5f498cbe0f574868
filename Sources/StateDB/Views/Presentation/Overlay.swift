/// The content of `.overlay { }`, drawn on the lines after the view (a terminal cannot lay
/// text over text), or of `.background { }`, drawn before it (usually a `Color` or a shape,
/// which draw nothing). Its controls are ordinary controls. Identity: `Overlay` or `Background`
/// beside the view, the content under it; the view keeps its keys.
public struct Overlay<Content: View>: View, ContainerView, PresentedBesideView {
    public typealias Body = Never
    public let content: Content
}

/// The content of `.background { }` (see `Overlay`).
public struct Background<Content: View>: View, ContainerView, LeadsContent, PresentedBesideView {
    public typealias Body = Never
    public let content: Content
}

extension View {
    /// `content` after this view (see `Overlay`); `alignment` is kept by SwiftUI, not here.
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> PresentingView<Self, Overlay<V>> {
        PresentingView(content: self, presented: Overlay(content: content()))
    }

    /// `content` before this view (see `Overlay`).
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> PresentingView<Self, Background<V>> {
        PresentingView(content: self, presented: Background(content: content()))
    }
}
