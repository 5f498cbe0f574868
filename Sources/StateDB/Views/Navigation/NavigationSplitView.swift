/// Two or three columns side by side, as in SwiftUI: a sidebar, an optional middle column, and
/// a detail view.
///
/// ```swift
/// NavigationSplitView {
///     List(folders, selection: $folder) { Text($0.name) }
/// } detail: {
///     FolderDetail(folder: folder)
/// }
/// ```
///
/// The columns are drawn side by side, a `│` between them, each as wide as its widest line; a
/// terminal has no narrow size to collapse them into a stack. The columns' visibility and
/// widths change nothing. A `NavigationLink` in a column pushes only inside a
/// `NavigationStack` of its own (put one in the detail column for screens there).
///
/// Identity: a `NavigationSplitView` segment, each column a block of its own under it
/// (`NavigationSplitView/NavigationSplitSidebar/List`, `…/NavigationSplitContent/…`,
/// `…/NavigationSplitDetail/FolderDetail`).
public struct NavigationSplitView<Sidebar: View, Content: View, Detail: View>: View, PrimitiveView {
    public typealias Body = Never
    let sidebar: Sidebar
    let content: Content
    let detail: Detail

    /// Three columns: the sidebar, a middle column, the detail.
    public init(columnVisibility: Binding<NavigationSplitViewVisibility>? = nil, @ViewBuilder sidebar: () -> Sidebar,
                @ViewBuilder content: () -> Content, @ViewBuilder detail: () -> Detail) {
        self.sidebar = sidebar()
        self.content = content()
        self.detail = detail()
    }

    func addChildren(to list: inout ChildList) {
        list.addBlock(NavigationSplitSidebar(content: sidebar))
        list.addBlock(NavigationSplitContent(content: content))
        list.addBlock(NavigationSplitDetail(content: detail))
    }

    nonisolated static var contentBlocks: [ContentBlock] {
        [.block(NavigationSplitSidebar<Sidebar>.self), .block(NavigationSplitContent<Content>.self), .block(NavigationSplitDetail<Detail>.self)]
    }

    func renderLines(children: [[String]]) -> [String] {
        let columns = children.filter { !$0.isEmpty }
        let height = columns.map(\.count).max() ?? 0
        let rule = Array(repeating: "│", count: height)
        var laidOut: [[String]] = []
        for (index, column) in columns.enumerated() {
            if index > 0 { laidOut.append(rule) }
            laidOut.append(column)
        }
        return HStack<EmptyView>.sideBySide(laidOut)
    }
}

extension NavigationSplitView where Content == EmptyView {
    /// Two columns: the sidebar and the detail.
    public init(columnVisibility: Binding<NavigationSplitViewVisibility>? = nil, @ViewBuilder sidebar: () -> Sidebar,
                @ViewBuilder detail: () -> Detail) {
        self.sidebar = sidebar()
        content = EmptyView()
        self.detail = detail()
    }
}

/// Which columns of a `NavigationSplitView` show, as in SwiftUI; a terminal shows them all.
public struct NavigationSplitViewVisibility: Hashable, Codable, Sendable {
    private let name: String
    public static let automatic = NavigationSplitViewVisibility(name: "automatic")
    public static let all = NavigationSplitViewVisibility(name: "all")
    public static let doubleColumn = NavigationSplitViewVisibility(name: "doubleColumn")
    public static let detailOnly = NavigationSplitViewVisibility(name: "detailOnly")
}

/// A `NavigationSplitView`'s sidebar column: a block of its own.
public struct NavigationSplitSidebar<Content: View>: View, ContainerView {
    public typealias Body = Never
    public let content: Content
}

/// A `NavigationSplitView`'s middle column: a block of its own.
public struct NavigationSplitContent<Content: View>: View, ContainerView {
    public typealias Body = Never
    public let content: Content
}

/// A `NavigationSplitView`'s detail column: a block of its own.
public struct NavigationSplitDetail<Content: View>: View, ContainerView {
    public typealias Body = Never
    public let content: Content
}

extension View {
    /// Compiles and changes nothing: each column is as wide as its widest line.
    public func navigationSplitViewColumnWidth(_ width: Double) -> Self { self }

    /// Compiles and changes nothing: each column is as wide as its widest line.
    public func navigationSplitViewColumnWidth(min: Double? = nil, ideal: Double, max: Double? = nil) -> Self { self }
}
