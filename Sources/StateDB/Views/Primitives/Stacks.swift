import Foundation

/// Horizontal alignment of a `VStack`'s children, as in SwiftUI. The text rendering aligns
/// every line to the leading edge; the value is kept for front ends that lay out.
public enum HorizontalAlignment: Sendable, Equatable { case leading, center, trailing }

/// Vertical alignment of an `HStack`'s children, as in SwiftUI (kept, not used by the text
/// rendering, which aligns to the top).
public enum VerticalAlignment: Sendable, Equatable { case top, center, bottom }

/// Arranges its children vertically. Renders each child's lines below the previous one's.
public struct VStack<Content: View>: View, ContainerView {
    public typealias Body = Never
    public let alignment: HorizontalAlignment
    public let spacing: Double?
    public let content: Content

    public init(alignment: HorizontalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }
}

/// Arranges its children horizontally. Renders their lines side by side, two spaces apart,
/// each column as wide as its widest line in terminal cells; a `ForEach`'s elements and a
/// `Group`'s views are columns of their own, as in SwiftUI.
public struct HStack<Content: View>: View, ContainerView, NodeRenderedView {
    public typealias Body = Never
    public let alignment: VerticalAlignment
    public let spacing: Double?
    public let content: Content

    public init(alignment: VerticalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    func renderLines(of node: ViewNode, in host: ViewHost) -> [String] { Self.sideBySide(host.laidOutLines(of: node)) }

    /// The children's lines side by side, two spaces apart, each column as wide as its widest
    /// line (an `HStack`'s, a toolbar's row).
    static func sideBySide(_ children: [[String]]) -> [String] {
        GridLayout.lines([.cells(children.filter { !$0.isEmpty })])
    }
}

/// Groups views without arranging them; a segment of its own in identities. A stack or grid
/// around it lays out its views as its own.
public struct Group<Content: View>: View, ContainerView, LayoutTransparentView {
    public typealias Body = Never
    public let content: Content

    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}

/// Layers views, back first, as in SwiftUI. A terminal cannot lay text over text, so the
/// layers are drawn one below the other, back first (a `Color` or a shape behind draws
/// nothing, so `ZStack { Color.black; Content() }` shows the content). Numbered like `VStack`.
public struct ZStack<Content: View>: View, ContainerView {
    public typealias Body = Never
    public let alignment: Alignment
    public let content: Content

    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }
}

/// `VStack`'s lazy form, as in SwiftUI: here the same `VStack` (everything is drawn as text at
/// once), so switching between the two keeps every key inside.
public typealias LazyVStack<Content: View> = VStack<Content>

/// `HStack`'s lazy form, as in SwiftUI: here the same `HStack`, so switching between the two
/// keeps every key inside.
public typealias LazyHStack<Content: View> = HStack<Content>
