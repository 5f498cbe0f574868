/// Horizontal and vertical alignment together, as in SwiftUI's `.frame(alignment:)`. The text
/// rendering uses the horizontal part.
public struct Alignment: Equatable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment

    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}

/// A width for a view, in text: points become columns (8 points a column, as `.padding()`),
/// lines narrower are filled out with spaces placed by the alignment, wider ones are cut with
/// `…`. `maxWidth` only cuts (`.infinity` changes nothing: text has no width to fill).
/// Heights are not honoured: lines are never cut or added.
struct FrameModifier: AttachedModifier {
    let width: Double?
    let maxWidth: Double?
    let alignment: HorizontalAlignment

    func renderLines(_ lines: [String]) -> [String] {
        var result = lines
        if let maxWidth, maxWidth.isFinite {
            let columns = max(1, Int((maxWidth / 8).rounded()))
            result = result.map { cut($0, to: columns) }
        }
        if let width {
            let columns = max(0, Int((width / 8).rounded()))
            result = result.map { fill(cut($0, to: columns), to: columns) }
        }
        return result
    }

    private func cut(_ line: String, to columns: Int) -> String {
        guard DisplayWidth.of(line) > columns else { return line }
        guard columns > 0 else { return "" }
        return DisplayWidth.prefix(of: line, fitting: columns - 1) + "…"
    }

    private func fill(_ line: String, to columns: Int) -> String {
        let room = columns - DisplayWidth.of(line)
        guard room > 0 else { return line }
        switch alignment {
        case .leading: return line + String(repeating: " ", count: room)
        case .trailing: return String(repeating: " ", count: room) + line
        case .center: return String(repeating: " ", count: room / 2) + line + String(repeating: " ", count: room - room / 2)
        }
    }
}

extension View {
    /// Gives the view a fixed width (in points, 8 to a column in text). `height` is accepted
    /// and not honoured by the text rendering.
    public func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) -> ModifiedView<Self> {
        modifier(FrameModifier(width: width, maxWidth: nil, alignment: alignment.horizontal))
    }

    /// Limits the view's width (in points, 8 to a column in text); minimum and ideal sizes and
    /// heights are accepted and not honoured by the text rendering.
    public func frame(minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil,
                      minHeight: Double? = nil, idealHeight: Double? = nil, maxHeight: Double? = nil,
                      alignment: Alignment = .center) -> ModifiedView<Self> {
        modifier(FrameModifier(width: nil, maxWidth: maxWidth, alignment: alignment.horizontal))
    }
}

/// Hides a view and keeps its room: its lines become blank lines as wide as they were.
/// A modifier that can take its view's controls out of use: the driver, the focus and the
/// terminal skip the controls of a view one of whose modifiers `hides` it.
@MainActor
protocol HidingModifier: AttachedModifier {
    var hides: Bool { get }
}

extension ViewNode {
    /// Whether a modifier of the node hides it (`.hidden()`, a navigation stack's covered view).
    var isHiddenByModifier: Bool {
        modifiers.contains { ($0 as? any HidingModifier)?.hides == true }
    }
}

struct HiddenModifier: HidingModifier {
    var hides: Bool { true }

    func renderLines(_ lines: [String]) -> [String] {
        lines.map { String(repeating: " ", count: DisplayWidth.of($0)) }
    }
}

extension View {
    /// Hides the view but keeps its room, as in SwiftUI: its lines are drawn blank, and the
    /// controls inside it cannot be used (the driver and the terminal do not find them).
    /// Its state stays.
    public func hidden() -> ModifiedView<Self> {
        modifier(HiddenModifier())
    }
}
