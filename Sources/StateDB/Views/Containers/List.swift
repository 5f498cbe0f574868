/// A list of rows, as in SwiftUI: `List { … }` or `List(items) { item in Row(item: item) }`.
///
/// Renders its rows one below the other, like a `VStack`. For identity it is a container like
/// `VStack`: a `List` segment, with the views inside numbered with the body around it
/// (`Screen/List/Row[#2]`). `List(items) { … }` is `List { ForEach(items) { … } }`, as in
/// SwiftUI, so its rows are `List/ForEach/Row[id: 42]`.
///
/// With `selection:` (one value, or a `Set` of them) each row with a tag is a control: a row a
/// `ForEach` made has its element's id as its tag (every view the element made), another row
/// the one `.tag(_:)` gives it. Activating a row (Enter, `tap()` on the button handle titled
/// with its text) selects it; in a set it selects or deselects it. A `NavigationLink` row
/// selects through its link, as in a SwiftUI sidebar. Rows are drawn two columns in, a
/// selected one behind `▸ `. Rows inside a `Section`, or made by a view of the app's around a
/// `ForEach`, are selectable too; those in a `Section` are drawn without the marks.
public struct List<SelectionValue: Hashable, Content: View>: View, ContainerView, NodeRenderedView, SelectableList {
    public typealias Body = Never
    /// The rows.
    public let content: Content
    /// Nil for a list without selection.
    let selection: ListSelection?

    init(selection: ListSelection?, content: Content) {
        self.selection = selection
        self.content = content
    }
}

extension List where SelectionValue == Never {
    /// A list of the views `content` makes.
    public init(@ViewBuilder content: () -> Content) {
        self.init(selection: nil, content: content())
    }

    /// A row per element of a collection, identified by the element's `id` key path.
    @inlinable
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent> {
        self.init { ForEach(data, id: id, content: rowContent) }
    }

    /// A row per element of a collection of `Identifiable` values.
    @inlinable
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Data.Element: Identifiable, Content == ForEach<Data, Data.Element.ID, RowContent> {
        self.init { ForEach(data, id: \.id, content: rowContent) }
    }

    /// A row per integer of a constant range.
    @inlinable
    public init<RowContent: View>(
        _ data: Range<Int>, @ViewBuilder rowContent: @escaping (Int) -> RowContent
    ) where Content == ForEach<Range<Int>, Int, RowContent> {
        self.init { ForEach(data, id: \.self, content: rowContent) }
    }

    /// A row per element of a bound collection, each given a binding to its element.
    public init<C: MutableCollection & RandomAccessCollection, RowContent: View>(
        _ data: Binding<C>, @ViewBuilder rowContent: @escaping (Binding<C.Element>) -> RowContent
    ) where C.Element: Identifiable, Content == ForEach<[C.Element], C.Element.ID, RowContent> {
        self.init { ForEach(data, content: rowContent) }
    }
}

extension List {
    /// A list whose rows select `selection`: one row at a time, none when nil.
    public init(selection: Binding<SelectionValue?>, @ViewBuilder content: () -> Content) {
        self.init(selection: ListSelection(selection), content: content())
    }

    /// A list whose rows select and deselect the values of `selection`.
    public init(selection: Binding<Set<SelectionValue>>, @ViewBuilder content: () -> Content) {
        self.init(selection: ListSelection(selection), content: content())
    }

    /// A row per element of a collection of `Identifiable` values, which select `selection`.
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, selection: Binding<SelectionValue?>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Data.Element: Identifiable, Content == ForEach<Data, Data.Element.ID, RowContent> {
        self.init(selection: selection) { ForEach(data, id: \.id, content: rowContent) }
    }

    /// A row per element of a collection of `Identifiable` values, which select and deselect
    /// the values of `selection`.
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, selection: Binding<Set<SelectionValue>>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Data.Element: Identifiable, Content == ForEach<Data, Data.Element.ID, RowContent> {
        self.init(selection: selection) { ForEach(data, id: \.id, content: rowContent) }
    }

    func renderLines(of node: ViewNode, in host: ViewHost) -> [String] {
        guard let selection else { return node.children.flatMap { host.renderLines(of: $0) } }
        return host.listRows(of: node).flatMap { row -> [String] in
            let lines = host.renderLines(of: row.node)
            guard row.isMarked else { return lines }
            let mark = row.tag.map(selection.isSelected) == true ? "▸ " : "  "
            return lines.enumerated().map { index, line in line.isEmpty ? line : (index == 0 ? mark : "  ") + line }
        }
    }
}

/// A container for controls, as in SwiftUI's settings screens. Renders and is keyed like a
/// `VStack` (`Screen/Form/Toggle`); its `Section`s group the controls under their headers.
public struct Form<Content: View>: View, ContainerView {
    public typealias Body = Never
    public let content: Content

    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }
}

/// The axes a view scrolls along, as in SwiftUI.
public enum Axis: Int8, Sendable, CaseIterable {
    case horizontal, vertical

    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}

/// Scrollable content, as in SwiftUI. In text, every line of the content is rendered; the
/// terminal host scrolls the whole screen (PgUp/PgDn, and with the focus) when it is taller
/// than the window, so a `ScrollView` marks intent rather than adding a scroll region of its
/// own. Keyed like a `VStack` (`Screen/ScrollView/Row`).
public struct ScrollView<Content: View>: View, ContainerView {
    public typealias Body = Never
    public let axes: Axis.Set
    public let showsIndicators: Bool
    public let content: Content

    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.showsIndicators = showsIndicators
        self.content = content()
    }
}
