/// A column of a `LazyVGrid` (or a row of a `LazyHGrid`), as in SwiftUI. The text rendering
/// uses only how many there are: each item is one column, `.adaptive` ones too (text has no
/// width to fill with as many as fit); sizes and spacing are kept for front ends that lay out.
public struct GridItem: Sendable, Equatable {
    /// How wide an item is, as in SwiftUI.
    public enum Size: Sendable, Equatable {
        case fixed(Double)
        case flexible(minimum: Double = 10, maximum: Double = .infinity)
        case adaptive(minimum: Double, maximum: Double = .infinity)
    }

    public var size: Size
    public var spacing: Double?
    public var alignment: Alignment?

    public init(_ size: Size = .flexible(), spacing: Double? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }
}

/// Which section views of a lazy grid stay on screen while it scrolls, as in SwiftUI; a
/// terminal draws the whole grid, so none is pinned.
public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1 << 0)
    public static let sectionFooters = PinnedScrollableViews(rawValue: 1 << 1)
}

/// Views in rows of `columns.count` cells, filled left to right, as in SwiftUI. Each column
/// is as wide as its widest cell, two spaces apart; a cell of several lines makes its row that
/// tall. For identity a container like `VStack` (`LazyVGrid/ForEach/Photo[id: 3]`).
public struct LazyVGrid<Content: View>: View, ContainerView, NodeRenderedView {
    public typealias Body = Never
    public let columns: [GridItem]
    public let alignment: HorizontalAlignment
    public let spacing: Double?
    public let pinnedViews: PinnedScrollableViews
    public let content: Content

    public init(columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: Double? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        self.columns = columns
        self.alignment = alignment
        self.spacing = spacing
        self.pinnedViews = pinnedViews
        self.content = content()
    }

    func renderLines(of node: ViewNode, in host: ViewHost) -> [String] {
        // A cell that draws nothing (an `Image`, `Color.clear`) keeps its place.
        let cells = host.laidOutLines(of: node)
        let width = max(columns.count, 1)
        let rows = stride(from: 0, to: cells.count, by: width).map { GridLayout.Row.cells(Array(cells[$0..<min($0 + width, cells.count)])) }
        return GridLayout.lines(rows)
    }
}

/// Views in `rows.count` rows, filled top to bottom, then the next column, as in SwiftUI;
/// drawn as `LazyVGrid` draws. For identity a container like `HStack`.
public struct LazyHGrid<Content: View>: View, ContainerView, NodeRenderedView {
    public typealias Body = Never
    public let rows: [GridItem]
    public let alignment: VerticalAlignment
    public let spacing: Double?
    public let pinnedViews: PinnedScrollableViews
    public let content: Content

    public init(rows: [GridItem], alignment: VerticalAlignment = .center, spacing: Double? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        self.rows = rows
        self.alignment = alignment
        self.spacing = spacing
        self.pinnedViews = pinnedViews
        self.content = content()
    }

    func renderLines(of node: ViewNode, in host: ViewHost) -> [String] {
        let cells = host.laidOutLines(of: node)
        let height = max(rows.count, 1)
        let rows = (0..<min(height, cells.count)).map { row in
            GridLayout.Row.cells(stride(from: row, to: cells.count, by: height).map { cells[$0] })
        }
        return GridLayout.lines(rows)
    }
}

/// A grid of `GridRow`s, as in SwiftUI: each row's cells side by side, every column as wide as
/// its widest cell in any row. A view in the grid outside a `GridRow` spans the whole width,
/// on a line of its own. For identity a container like `VStack` (`Grid/GridRow/Text`).
public struct Grid<Content: View>: View, ContainerView, NodeRenderedView {
    public typealias Body = Never
    public let alignment: Alignment
    public let horizontalSpacing: Double?
    public let verticalSpacing: Double?
    public let content: Content

    public init(alignment: Alignment = .center, horizontalSpacing: Double? = nil, verticalSpacing: Double? = nil,
                @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing
        self.content = content()
    }

    func renderLines(of node: ViewNode, in host: ViewHost) -> [String] {
        var rows: [GridLayout.Row] = []
        func add(_ child: ViewNode) {
            if child.passesChildrenToLayout || child.modifiers.isEmpty && !(child.view is any PrimitiveView) {
                child.children.forEach(add)  // rows made by a `ForEach`, or a view of the app's around a `GridRow`
            } else if child.view is any GridRowMarker && child.modifiers.isEmpty {
                rows.append(.cells(host.laidOutLines(of: child)))
            } else {
                // A row with modifiers of its own (padding, a background) is drawn with them,
                // across the grid: its cells cannot be both aligned and modified as a whole.
                rows.append(.spanning(host.renderLines(of: child)))
            }
        }
        node.children.forEach(add)
        return GridLayout.lines(rows)
    }
}

/// A row of a `Grid`: its views are the row's cells. Outside a grid, its cells are drawn side
/// by side as an `HStack` draws.
public struct GridRow<Content: View>: View, ContainerView, NodeRenderedView, GridRowMarker {
    public typealias Body = Never
    public let alignment: VerticalAlignment?
    public let content: Content

    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    func renderLines(of node: ViewNode, in host: ViewHost) -> [String] { HStack<EmptyView>.sideBySide(host.laidOutLines(of: node)) }
}

/// Marks a `GridRow`, for its `Grid` to draw its cells in the grid's columns.
protocol GridRowMarker {}

/// Rows of cells in aligned columns: the drawing every grid shares.
enum GridLayout {
    enum Row {
        /// Cells, one per column, each its lines.
        case cells([[String]])
        /// Lines across the whole width, outside the columns.
        case spanning([String])
    }

    /// Each column as wide as its widest line in any row (in terminal cells), two spaces
    /// apart; a row as tall as its tallest cell; trailing spaces trimmed.
    static func lines(_ rows: [Row]) -> [String] {
        var widths: [Int] = []
        for case .cells(let cells) in rows {
            for (column, lines) in cells.enumerated() {
                let width = lines.map { DisplayWidth.of($0) }.max() ?? 0
                if column < widths.count { widths[column] = max(widths[column], width) } else { widths.append(width) }
            }
        }
        return rows.flatMap { row -> [String] in
            switch row {
            case .spanning(let lines):
                return lines
            case .cells(let cells):
                let height = cells.map(\.count).max() ?? 0
                return (0..<height).map { line in
                    cells.enumerated().map { column, lines in
                        let text = line < lines.count ? lines[line] : ""
                        return column == cells.count - 1 ? text : DisplayWidth.padded(text, to: widths[column])
                    }.joined(separator: "  ").trimmingTrailingSpaces()
                }
            }
        }
    }
}

extension View {
    /// Compiles and changes nothing: a cell of a `Grid` takes one column here.
    public func gridCellColumns(_ count: Int) -> Self { self }

    /// Compiles and changes nothing: the text rendering aligns every cell to the leading edge.
    public func gridColumnAlignment(_ guide: HorizontalAlignment) -> Self { self }

    /// Compiles and changes nothing: a view outside a `GridRow` spans the grid on lines of its
    /// own, however wide it is.
    public func gridCellUnsizedAxes(_ axes: Axis.Set) -> Self { self }
}
