/// The buttons of `.swipeActions`: a terminal cannot swipe, so they are drawn on the line after
/// the row, indented two columns, side by side, and used as any buttons. Identity:
/// `SwipeActions` beside the row, the buttons under it; the row keeps its keys. Buttons a
/// `ForEach` makes are side by side too.
public struct SwipeActions<Content: View>: View, ContainerView, NodeRenderedView, PresentedBesideView {
    public typealias Body = Never
    public let content: Content

    func renderLines(of node: ViewNode, in host: ViewHost) -> [String] {
        HStack<EmptyView>.sideBySide(host.laidOutLines(of: node)).map { $0.isEmpty ? $0 : "  " + $0 }
    }
}

/// A view's `.contextMenu`: a terminal has no secondary click, so the menu is a `Menu` titled
/// `…` after the view (`… ▸`, opened like any menu). Identity: `ContextMenu` beside the view.
public struct ContextMenu<Content: View>: View, PresentedBesideView {
    let content: Content

    public var body: some View {
        Menu("…") { content }
    }
}

/// `EditButton`, as in SwiftUI: there is no edit mode here (`.onDelete` and `.onMove` have no
/// gesture to run them), so it draws nothing and is not a control.
public struct EditButton: View, PrimitiveView {
    public typealias Body = Never
    public init() {}
    func renderLines(children: [[String]]) -> [String] { [] }
}

/// The edge a swipe starts from, as in SwiftUI (kept, not used: see `SwipeActions`).
public enum HorizontalEdge: Sendable, Hashable { case leading, trailing }

extension View {
    /// Buttons for the row, drawn after it (see `SwipeActions`).
    public func swipeActions<Content: View>(edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true,
                                           @ViewBuilder content: () -> Content) -> PresentingView<Self, SwipeActions<Content>> {
        PresentingView(content: self, presented: SwipeActions(content: content()))
    }

    /// A menu of actions for the view, drawn after it (see `ContextMenu`).
    public func contextMenu<Content: View>(@ViewBuilder menuItems: () -> Content) -> PresentingView<Self, ContextMenu<Content>> {
        PresentingView(content: self, presented: ContextMenu(content: menuItems()))
    }
}
