/// Edges of a view, as in SwiftUI (`.padding(.horizontal)`).
public enum Edge: Int8, Sendable, CaseIterable {
    case top, leading, bottom, trailing

    /// A set of edges.
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public init(_ edge: Edge) { rawValue = 1 << edge.rawValue }

        public static let top = Set(.top)
        public static let leading = Set(.leading)
        public static let bottom = Set(.bottom)
        public static let trailing = Set(.trailing)
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
        public static let all: Set = [.horizontal, .vertical]
    }
}

/// Space around a view. In text, points become cells: 8 points are one column, 16 one line,
/// rounded (SwiftUI's default padding, 16 points, is two columns at the sides and one blank
/// line above and below).
struct PaddingModifier: AttachedModifier {
    let edges: Edge.Set
    let length: Double

    func renderLines(_ lines: [String]) -> [String] {
        let columns = max(0, Int((length / 8).rounded()))
        let rows = max(0, Int((length / 16).rounded()))
        let leading = edges.contains(.leading) ? String(repeating: " ", count: columns) : ""
        var result = lines.map { $0.isEmpty ? $0 : leading + $0 }
        // Trailing space is invisible in text, except inside an HStack, where it widens the
        // column: make every line as wide as the widest plus the padding.
        if edges.contains(.trailing), columns > 0 {
            let width = result.map { DisplayWidth.of($0) }.max() ?? 0
            result = result.map { DisplayWidth.padded($0, to: width + columns) }
        }
        if edges.contains(.top) { result = Array(repeating: "", count: rows) + result }
        if edges.contains(.bottom) { result += Array(repeating: "", count: rows) }
        return result
    }
}

extension View {
    /// Space on every edge (16 points: two columns and one line in text).
    public func padding(_ length: Double? = nil) -> ModifiedView<Self> {
        padding(.all, length)
    }

    /// Space on `edges` (`length` points, 16 by default).
    public func padding(_ edges: Edge.Set, _ length: Double? = nil) -> ModifiedView<Self> {
        modifier(PaddingModifier(edges: edges, length: length ?? 16))
    }
}
