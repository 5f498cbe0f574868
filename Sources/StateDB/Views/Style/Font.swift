/// A font, spelled as SwiftUI's, so that `.font(.headline)` and `.font(.system(size: 14,
/// weight: .semibold))` compile unchanged.
///
/// A terminal has one font in one size, so only what it can draw shows: a bold weight
/// (semibold and heavier) draws bold, as the styles SwiftUI draws bold by default do (the
/// titles and `.headline`), and an italic font draws in italics. Sizes and designs are
/// accepted and not drawn.
public struct Font: Hashable, Sendable {
    /// Drawn bold.
    let isBold: Bool
    /// Drawn in italics.
    let isItalic: Bool

    private init(isBold: Bool, isItalic: Bool = false) {
        self.isBold = isBold
        self.isItalic = isItalic
    }

    /// How heavy the strokes are; from `.semibold` on, drawn bold.
    public struct Weight: Hashable, Sendable {
        let value: Int
        public static let ultraLight = Weight(value: 100)
        public static let thin = Weight(value: 200)
        public static let light = Weight(value: 300)
        public static let regular = Weight(value: 400)
        public static let medium = Weight(value: 500)
        public static let semibold = Weight(value: 600)
        public static let bold = Weight(value: 700)
        public static let heavy = Weight(value: 800)
        public static let black = Weight(value: 900)

        var isBold: Bool { value >= Weight.semibold.value }
    }

    /// The family of the font: accepted, not drawn.
    public enum Design: Hashable, Sendable {
        case `default`, serif, rounded, monospaced
    }

    /// SwiftUI's dynamic text styles; the titles and `.headline` are drawn bold.
    public enum TextStyle: Hashable, Sendable, CaseIterable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2

        var isBold: Bool {
            switch self {
            case .largeTitle, .title, .title2, .title3, .headline: true
            case .subheadline, .body, .callout, .footnote, .caption, .caption2: false
            }
        }
    }

    public static let largeTitle = Font.system(.largeTitle)
    public static let title = Font.system(.title)
    public static let title2 = Font.system(.title2)
    public static let title3 = Font.system(.title3)
    public static let headline = Font.system(.headline)
    public static let subheadline = Font.system(.subheadline)
    public static let body = Font.system(.body)
    public static let callout = Font.system(.callout)
    public static let footnote = Font.system(.footnote)
    public static let caption = Font.system(.caption)
    public static let caption2 = Font.system(.caption2)

    /// The system font of a text style, with its design and weight (a weight given decides).
    public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font {
        Font(isBold: weight?.isBold ?? style.isBold)
    }

    /// The system font in a fixed size.
    public static func system(size: Double, weight: Weight? = nil, design: Design? = nil) -> Font {
        Font(isBold: weight?.isBold ?? false)
    }

    /// A font of the app's bundle by name: the terminal's font, drawn as `.body`.
    public static func custom(_ name: String, size: Double) -> Font { .body }

    /// This font with `weight`.
    public func weight(_ weight: Weight) -> Font { Font(isBold: weight.isBold, isItalic: isItalic) }
    /// This font bold.
    public func bold() -> Font { Font(isBold: true, isItalic: isItalic) }
    /// This font in italics.
    public func italic() -> Font { Font(isBold: isBold, isItalic: true) }
    /// This font with fixed-width letters: a terminal's already are.
    public func monospaced() -> Font { self }
    /// This font with fixed-width digits: a terminal's already are.
    public func monospacedDigit() -> Font { self }

    /// The styles that draw this font, none for a regular one.
    var styles: [TextRun.Style] {
        (isBold ? [.bold] : []) + (isItalic ? [.italic] : [])
    }
}

extension View {
    /// Draws the view's text in `font`: bold or italic as the font is, in the terminal (see
    /// `Font`); nil and regular fonts draw the text as it is.
    public func font(_ font: Font?) -> ModifiedView<Self> {
        modifier(StyleModifier(font?.styles ?? []))
    }

    /// Draws the view's text with `weight`: from `.semibold` on, bold.
    public func fontWeight(_ weight: Font.Weight?) -> ModifiedView<Self> {
        modifier(StyleModifier(weight?.isBold == true ? .bold : .none))
    }

    /// Accepted and not drawn: a terminal has one font family.
    public func fontDesign(_ design: Font.Design?) -> Self { self }
    /// Accepted and not drawn: a terminal's letters are all of one width.
    public func monospaced(_ isActive: Bool = true) -> Self { self }
    /// Accepted and not drawn: a terminal's digits are all of one width.
    public func monospacedDigit() -> Self { self }
}

extension Text {
    /// This text in `font`: bold or italic as the font is, in the terminal (see `Font`).
    public func font(_ font: Font?) -> Text {
        (font?.styles ?? []).reduce(self) { text, style in text.adding(style) }
    }

    /// This text with `weight`: from `.semibold` on, bold.
    public func fontWeight(_ weight: Font.Weight?) -> Text {
        adding(weight?.isBold == true ? .bold : .none)
    }

    /// Accepted and not drawn: a terminal has one font family.
    public func fontDesign(_ design: Font.Design?) -> Text { self }
    /// Accepted and not drawn: a terminal's letters are all of one width.
    public func monospaced(_ isActive: Bool = true) -> Text { self }
    /// Accepted and not drawn: a terminal's digits are all of one width.
    public func monospacedDigit() -> Text { self }
}
