/// The items of a `.toolbar`, drawn side by side, two spaces apart, on the line after the view
/// it is attached to (a terminal has no bar to put them in). Its buttons are ordinary
/// controls. Identity: `Toolbar` beside the view, the items under it
/// (`Screen/Toolbar/ToolbarItem/Button`); drawing modifiers around the view do not apply to it.
/// Items a `ForEach` makes are side by side too, as an `HStack` lays them out.
public struct Toolbar<Content: View>: View, PrimitiveView, NodeRenderedView, PresentedBesideView {
    public typealias Body = Never
    let content: Content

    func addChildren(to list: inout ChildList) { list.addBlock(content) }

    nonisolated static var contentBlocks: [ContentBlock] { [.block(Content.self)] }

    func renderLines(of node: ViewNode, in host: ViewHost) -> [String] { HStack<EmptyView>.sideBySide(host.laidOutLines(of: node)) }

    /// Not used: the host draws a toolbar through `renderLines(of:in:)`.
    func renderLines(children: [[String]]) -> [String] { HStack<EmptyView>.sideBySide(children) }
}

/// Where a toolbar item goes, as in SwiftUI. A terminal draws every item in one row, in the
/// order written, whatever its placement.
public struct ToolbarItemPlacement: Sendable, Hashable {
    private let name: String
    public static let automatic = ToolbarItemPlacement(name: "automatic")
    public static let principal = ToolbarItemPlacement(name: "principal")
    public static let navigation = ToolbarItemPlacement(name: "navigation")
    public static let primaryAction = ToolbarItemPlacement(name: "primaryAction")
    public static let secondaryAction = ToolbarItemPlacement(name: "secondaryAction")
    public static let status = ToolbarItemPlacement(name: "status")
    public static let confirmationAction = ToolbarItemPlacement(name: "confirmationAction")
    public static let cancellationAction = ToolbarItemPlacement(name: "cancellationAction")
    public static let destructiveAction = ToolbarItemPlacement(name: "destructiveAction")
    public static let keyboard = ToolbarItemPlacement(name: "keyboard")
    public static let topBarLeading = ToolbarItemPlacement(name: "topBarLeading")
    public static let topBarTrailing = ToolbarItemPlacement(name: "topBarTrailing")
    public static let navigationBarLeading = ToolbarItemPlacement(name: "navigationBarLeading")
    public static let navigationBarTrailing = ToolbarItemPlacement(name: "navigationBarTrailing")
    public static let bottomBar = ToolbarItemPlacement(name: "bottomBar")
}

/// One item of a `.toolbar`, as in SwiftUI: `ToolbarItem(placement: .primaryAction) {
/// Button("Add") { … } }`. Its placement is kept, not used (see `ToolbarItemPlacement`). The
/// views a `ForEach` in it makes are laid out in the toolbar's row, each its own item.
public struct ToolbarItem<Content: View>: View, ContainerView, LayoutTransparentView {
    public typealias Body = Never
    public let placement: ToolbarItemPlacement
    public let content: Content

    /// An item placed at `placement`.
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement
        self.content = content()
    }
}

/// Several toolbar items at one placement, as in SwiftUI; drawn in the toolbar's row.
public struct ToolbarItemGroup<Content: View>: View, ContainerView {
    public typealias Body = Never
    public let placement: ToolbarItemPlacement
    public let content: Content

    /// Items placed at `placement`.
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement
        self.content = content()
    }

    func renderLines(children: [[String]]) -> [String] {
        let items = children.flatMap { $0 }
        return items.isEmpty ? [] : [items.joined(separator: "  ")]
    }
}

extension View {
    /// Toolbar items (buttons, `ToolbarItem`s, `ToolbarItemGroup`s), drawn in a row after this
    /// view (see `Toolbar`).
    public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> PresentingView<Self, Toolbar<Content>> {
        PresentingView(content: self, presented: Toolbar(content: content()))
    }
}
