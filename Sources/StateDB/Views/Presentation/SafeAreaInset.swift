/// The vertical edges of a view, as in SwiftUI (`.safeAreaInset(edge: .bottom)`).
public enum VerticalEdge: Int8, Sendable, Hashable, CaseIterable {
    case top, bottom
}

/// The content of `.safeAreaInset(edge: .top)` (or `.leading`), drawn on the lines before the
/// view; `.bottom` and `.trailing` draw theirs after it, as `SafeAreaInsetAfter`. A terminal
/// has no safe area to shrink: the content simply takes lines of its own at that edge, which
/// is what the inset is for, a bar the view does not run under. Its controls are ordinary
/// controls. Identity: `SafeAreaInsetBefore` or `SafeAreaInsetAfter` beside the view, the
/// content a block of its own under it (`Screen/SafeAreaInsetAfter/HStack`); the view keeps
/// its keys. Each `.safeAreaInset` takes a place of each kind, so with several on one view the
/// places are numbered (`SafeAreaInsetAfter[#2]`). Drawing modifiers around the view do not apply to it.
public struct SafeAreaInsetBefore<Content: View>: View, SafeAreaInsetContent, LeadsContent, PresentedBesideView {
    public typealias Body = Never
    public let content: Content
}

/// The content of `.safeAreaInset(edge: .bottom)` (or `.trailing`), drawn on the lines after
/// the view (see `SafeAreaInsetBefore`).
public struct SafeAreaInsetAfter<Content: View>: View, SafeAreaInsetContent, PresentedBesideView {
    public typealias Body = Never
    public let content: Content
}

/// An inset's content: a block of its own, numbered on its own (the two kinds of inset share
/// their content's type, so numbering it with the view's block would number it `[#2]`).
@MainActor
protocol SafeAreaInsetContent: PrimitiveView {
    associatedtype Content: View
    var content: Content { get }
}

extension SafeAreaInsetContent {
    func addChildren(to list: inout ChildList) { list.addBlock(content) }

    nonisolated static var contentBlocks: [ContentBlock] { [.block(Content.self)] }

    func renderLines(children: [[String]]) -> [String] { children.flatMap { $0 } }
}

/// What `.safeAreaInset` returns: the view, its inset before it or after it (one of the two
/// shows, by the edge).
public typealias SafeAreaInsetView<Base: View, Content: View> =
    PresentingView<PresentingView<Base, SafeAreaInsetBefore<Content>>, SafeAreaInsetAfter<Content>>

extension View {
    /// `content` on lines of its own before this view for `.top`, after it for `.bottom` (see
    /// `SafeAreaInsetBefore`). `alignment` and `spacing` are accepted and ignored: the content
    /// is drawn from the left, with no blank line between.
    public func safeAreaInset<V: View>(edge: VerticalEdge, alignment: HorizontalAlignment = .center, spacing: Double? = nil,
                                       @ViewBuilder content: () -> V) -> SafeAreaInsetView<Self, V> {
        insetting(content(), before: edge == .top)
    }

    /// `content` on lines of its own before this view for `.leading`, after it for
    /// `.trailing`: a terminal draws it at the top or bottom rather than at the side (see
    /// `SafeAreaInsetBefore`). `alignment` and `spacing` are accepted and ignored.
    public func safeAreaInset<V: View>(edge: HorizontalEdge, alignment: VerticalAlignment = .center, spacing: Double? = nil,
                                       @ViewBuilder content: () -> V) -> SafeAreaInsetView<Self, V> {
        insetting(content(), before: edge == .leading)
    }

    private func insetting<V: View>(_ content: V, before: Bool) -> SafeAreaInsetView<Self, V> {
        PresentingView(content: PresentingView(content: self, presented: before ? SafeAreaInsetBefore(content: content) : nil),
                       presented: before ? nil : SafeAreaInsetAfter(content: content))
    }
}
