/// A colour, as far as a terminal can show one: the eight ANSI colours and their bright
/// variants, plus the terminal's own foreground (`primary`) and a dimmed one (`secondary`).
/// `ViewHost.render()` shows no colour; the terminal host does.
public struct Color: ShapeStyle, Hashable, Sendable {
    /// The SGR sequence that switches this colour on (`ESC [31m`), and the one that ends it.
    let on: String
    let off: String
    /// The SGR code of the same colour as a background (`41` for red); nil for the dimmed
    /// `secondary`, which has none.
    let backgroundCode: Int?

    private init(sgr code: Int, off: Int = 39) {
        on = "\u{1B}[\(code)m"
        self.off = "\u{1B}[\(off)m"
        backgroundCode = (30...39).contains(code) || (90...97).contains(code) ? code + 10 : nil
    }

    /// This colour at `opacity`: a terminal has no transparency, so the colour itself
    /// (`.background(Color.gray.opacity(0.2))` compiles and draws gray).
    public func opacity(_ opacity: Double) -> Color { self }

    public static let black = Color(sgr: 30)
    public static let red = Color(sgr: 31)
    public static let green = Color(sgr: 32)
    public static let yellow = Color(sgr: 33)
    /// Shown as yellow: the ANSI palette has no orange.
    public static let orange = Color(sgr: 33)
    public static let blue = Color(sgr: 34)
    public static let purple = Color(sgr: 35)
    public static let pink = Color(sgr: 95)
    public static let cyan = Color(sgr: 36)
    public static let teal = Color(sgr: 36)
    public static let mint = Color(sgr: 96)
    public static let indigo = Color(sgr: 94)
    public static let brown = Color(sgr: 33)
    public static let white = Color(sgr: 37)
    public static let gray = Color(sgr: 90)
    /// The terminal's foreground colour.
    public static let primary = Color(sgr: 39)
    /// Dimmed text.
    public static let secondary = Color(sgr: 2, off: 22)
    /// No colour: a terminal cannot draw text transparent, so as a foreground the terminal's
    /// own, as a background none (its default); as a view it draws nothing, as every colour.
    public static let clear = Color(sgr: 39)
    /// The accent: blue.
    public static let accentColor = Color(sgr: 34)
}

/// What `.foregroundStyle(_:)` takes, as in SwiftUI: a `Color`, or `.primary`, `.secondary`
/// and `.tertiary`.
public protocol ShapeStyle: Sendable {}

/// The hierarchical styles `.primary`, `.secondary`, `.tertiary`, `.quaternary`: the
/// terminal's colour, then dimmed.
public struct HierarchicalShapeStyle: ShapeStyle, Hashable {
    let color: Color
    public static let primary = HierarchicalShapeStyle(color: .primary)
    public static let secondary = HierarchicalShapeStyle(color: .secondary)
    public static let tertiary = HierarchicalShapeStyle(color: .secondary)
    public static let quaternary = HierarchicalShapeStyle(color: .secondary)
}

extension ShapeStyle where Self == Color {
    public static var black: Color { Color.black }
    public static var red: Color { Color.red }
    public static var green: Color { Color.green }
    public static var yellow: Color { Color.yellow }
    public static var orange: Color { Color.orange }
    public static var blue: Color { Color.blue }
    public static var purple: Color { Color.purple }
    public static var pink: Color { Color.pink }
    public static var cyan: Color { Color.cyan }
    public static var teal: Color { Color.teal }
    public static var mint: Color { Color.mint }
    public static var indigo: Color { Color.indigo }
    public static var brown: Color { Color.brown }
    public static var white: Color { Color.white }
    public static var gray: Color { Color.gray }
    public static var accentColor: Color { Color.accentColor }
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { HierarchicalShapeStyle.primary }
    public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle.secondary }
    public static var tertiary: HierarchicalShapeStyle { HierarchicalShapeStyle.tertiary }
    public static var quaternary: HierarchicalShapeStyle { HierarchicalShapeStyle.quaternary }
}

/// Wraps a view's lines in a style's SGR sequences (in several styles' one after the other,
/// each wrapped round the last, so that each is switched back on after an inner view's end
/// of it).
struct StyleModifier: AttachedModifier {
    let styles: [TextRun.Style]

    init(_ style: TextRun.Style) {
        self.init([style])
    }

    init(_ styles: [TextRun.Style]) {
        self.styles = styles
    }

    func renderLines(_ lines: [String]) -> [String] {
        styles.reduce(lines) { lines, style in TextStyle.wrap(lines, on: style.on, off: style.off) }
    }
}

extension Color {
    /// The colour a terminal draws `style` in: a `Color` as it is, `.secondary` dimmed,
    /// anything else in the terminal's own colour.
    static func of<S: ShapeStyle>(_ style: S) -> Color {
        (style as? Color) ?? (style as? HierarchicalShapeStyle)?.color ?? .primary
    }
}

extension TextRun.Style {
    static let bold = Self(on: "\u{1B}[1m", off: "\u{1B}[22m")
    static let italic = Self(on: "\u{1B}[3m", off: "\u{1B}[23m")
    static let underline = Self(on: "\u{1B}[4m", off: "\u{1B}[24m")
    static let strikethrough = Self(on: "\u{1B}[9m", off: "\u{1B}[29m")
    /// No style: adding it changes nothing (`.bold(false)`).
    static let none = Self(on: "", off: "")

    static func foreground(_ color: Color) -> Self { Self(on: color.on, off: color.off) }

    /// `color` behind the text (`.none` for a colour without a background form).
    static func background(_ color: Color) -> Self {
        guard let code = color.backgroundCode else { return .none }
        return Self(on: "\u{1B}[\(code)m", off: "\u{1B}[49m")
    }
}

extension View {
    /// Draws the view's text in `style` (a `Color`, `.secondary`…) in the terminal;
    /// `render()` shows no colour.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> ModifiedView<Self> {
        modifier(StyleModifier(.foreground(.of(style))))
    }

    /// Draws the view's text in `color` (nil: the terminal's colour). Deprecated in SwiftUI
    /// for `foregroundStyle(_:)`, and kept here because views use it.
    public func foregroundColor(_ color: Color?) -> ModifiedView<Self> {
        modifier(StyleModifier(.foreground(color ?? .primary)))
    }

    /// Draws the view's text bold in the terminal (`active: false`: as it is).
    public func bold(_ active: Bool = true) -> ModifiedView<Self> {
        modifier(StyleModifier(active ? .bold : .none))
    }

    /// Draws the view's text in italics in the terminal.
    public func italic(_ active: Bool = true) -> ModifiedView<Self> {
        modifier(StyleModifier(active ? .italic : .none))
    }

    /// Draws the view's text struck through in the terminal (`active: false`: as it is), as a
    /// done item of a list is; a `color` is accepted and not drawn (a terminal strikes in the
    /// text's colour).
    public func strikethrough(_ active: Bool = true, color: Color? = nil) -> ModifiedView<Self> {
        modifier(StyleModifier(active ? .strikethrough : .none))
    }

    /// Draws the view's text underlined in the terminal (`active: false`: as it is); a
    /// `color` is accepted and not drawn (a terminal underlines in the text's colour).
    public func underline(_ active: Bool = true, color: Color? = nil) -> ModifiedView<Self> {
        modifier(StyleModifier(active ? .underline : .none))
    }
}
