/// A bar a toolbar modifier applies to, as in SwiftUI (`.toolbar(.hidden, for: .tabBar)`). A
/// terminal has no bars: a `.toolbar`'s items are drawn in a row after the view, and a
/// `TabView`'s tabs are chosen with a picker.
public struct ToolbarPlacement: Hashable, Sendable {
    private let name: String

    /// The bar the platform chooses.
    public static let automatic = ToolbarPlacement(name: "automatic")
    /// The bar at the top of a navigation stack's screen.
    public static let navigationBar = ToolbarPlacement(name: "navigationBar")
    /// The bar at the bottom of the screen.
    public static let bottomBar = ToolbarPlacement(name: "bottomBar")
    /// A tab view's bar.
    public static let tabBar = ToolbarPlacement(name: "tabBar")
    /// A window's toolbar.
    public static let windowToolbar = ToolbarPlacement(name: "windowToolbar")
}

extension View {
    /// Accepted and ignored: a terminal has no bars to hide or show; toolbar items are drawn
    /// after the view and a `TabView`'s picker is drawn, whatever this says.
    public func toolbar(_ visibility: Visibility, for bars: ToolbarPlacement...) -> Self { self }

    /// Accepted and ignored: a terminal has no bars to colour.
    public func toolbarBackground<S: ShapeStyle>(_ style: S, for bars: ToolbarPlacement...) -> Self { self }

    /// Accepted and ignored, as `toolbarBackground(_:for:)` with a style.
    public func toolbarBackground(_ visibility: Visibility, for bars: ToolbarPlacement...) -> Self { self }
}
