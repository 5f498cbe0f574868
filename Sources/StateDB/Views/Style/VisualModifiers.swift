// SwiftUI's modifiers for what a terminal cannot draw — tints, corners, shadows, hover help,
// accessibility text, layout hints — spelled as SwiftUI's, so that views written for SwiftUI
// compile unchanged. They are accepted and change nothing, but for `.opacity(_:)`, which a
// terminal can approximate. Each is listed in docs/views.md.

/// How the lines of a multi-line text line up, as in SwiftUI.
public enum TextAlignment: Hashable, Sendable, CaseIterable {
    case leading, center, trailing
}

/// Whether something is shown, as in SwiftUI (`.listRowSeparator(.hidden)`).
public enum Visibility: Hashable, Sendable, CaseIterable {
    case automatic, visible, hidden
}

/// Whether a text can be selected, as in SwiftUI (`.textSelection(.enabled)`).
public protocol TextSelectability: Sendable {}
public struct EnabledTextSelectability: TextSelectability { public init() {} }
public struct DisabledTextSelectability: TextSelectability { public init() {} }
extension TextSelectability where Self == EnabledTextSelectability { public static var enabled: Self { .init() } }
extension TextSelectability where Self == DisabledTextSelectability { public static var disabled: Self { .init() } }

extension Text {
    /// Where a text too long for its space is cut, as in SwiftUI.
    public enum TruncationMode: Hashable, Sendable {
        case head, tail, middle
    }
}

extension View {
    /// Draws the view dimmed when `opacity` is below 1, and as blank space of the same size at
    /// 0 (SwiftUI keeps an invisible view's place too).
    public func opacity(_ opacity: Double) -> ModifiedView<Self> {
        modifier(OpacityModifier(opacity: opacity))
    }

    /// Draws the view's text on `style`'s colour (a `Color`; `.secondary` has none) in the
    /// terminal; the lines are not widened to the view's frame.
    public func background<S: ShapeStyle>(_ style: S) -> ModifiedView<Self> {
        modifier(StyleModifier(.background(.of(style))))
    }

    /// Accepted and ignored: a terminal draws controls in its own colours.
    public func tint<S: ShapeStyle>(_ tint: S?) -> Self { self }
    /// Accepted and ignored, as `tint(_:)` with a style.
    public func tint(_ tint: Color?) -> Self { self }
    /// Accepted and ignored: a terminal draws controls in its own colours.
    public func accentColor(_ color: Color?) -> Self { self }
    /// Accepted and ignored: a terminal has no pointer to hover with.
    public func help(_ text: String) -> Self { self }
    /// Accepted and ignored: the terminal's screen reader reads the drawn text.
    public func accessibilityLabel(_ label: String) -> Self { self }
    /// Accepted and ignored, as `accessibilityLabel(_:)`.
    public func accessibilityHint(_ hint: String) -> Self { self }
    /// Accepted and ignored, as `accessibilityLabel(_:)`.
    public func accessibilityValue(_ value: String) -> Self { self }
    /// Accepted and ignored: UI tests here find controls by their titles (see the test driver).
    public func accessibilityIdentifier(_ identifier: String) -> Self { self }
    /// Accepted and ignored: a terminal draws no corners.
    public func cornerRadius(_ radius: Double, antialiased: Bool = true) -> Self { self }
    /// Accepted and ignored: a terminal draws no shadows.
    public func shadow(color: Color = .primary, radius: Double, x: Double = 0, y: Double = 0) -> Self { self }
    /// Accepted and ignored: a view here is always drawn at its ideal size.
    public func fixedSize() -> Self { self }
    /// Accepted and ignored, as `fixedSize()`.
    public func fixedSize(horizontal: Bool, vertical: Bool) -> Self { self }
    /// Accepted and ignored: stacks here give every child its ideal size.
    public func layoutPriority(_ priority: Double) -> Self { self }
    /// Accepted and ignored: the keyboard reaches what the focus is on.
    public func allowsHitTesting(_ enabled: Bool) -> Self { self }
    /// Accepted and ignored: a terminal's own selection copies any text on screen.
    public func textSelection<S: TextSelectability>(_ selectability: S) -> Self { self }
    /// Accepted and ignored: text breaks only at its line breaks here, each line drawn from
    /// the left.
    public func multilineTextAlignment(_ alignment: TextAlignment) -> Self { self }
    /// Accepted and ignored: `.lineLimit(_:)` cuts at the end of the last line kept.
    public func truncationMode(_ mode: Text.TruncationMode) -> Self { self }
    /// Accepted and ignored: a terminal spaces its letters itself.
    public func kerning(_ kerning: Double) -> Self { self }
    /// Accepted and ignored, as `kerning(_:)`.
    public func tracking(_ tracking: Double) -> Self { self }
    /// Accepted and ignored: a terminal puts its lines one below the other, with no room to
    /// space them out.
    public func lineSpacing(_ lineSpacing: Double) -> Self { self }
    /// Accepted and ignored: a terminal draws text in one size only, so it never shrinks text
    /// to fit; a `.frame` narrower than the text cuts it with `…`.
    public func minimumScaleFactor(_ factor: Double) -> Self { self }
    /// Accepted and ignored: rows are drawn without separators.
    public func listRowSeparator(_ visibility: Visibility) -> Self { self }
    /// Accepted and ignored: a terminal draws no backgrounds.
    public func scrollContentBackground(_ visibility: Visibility) -> Self { self }
    /// Accepted and ignored: a terminal draws a list's rows on the screen's own background
    /// (`.background(_:)` with a `Color` colours a row's text).
    public func listRowBackground<V: View>(_ view: V?) -> Self { self }
    /// Accepted and ignored: a list indents its rows itself, by whole columns.
    public func listRowInsets(_ insets: EdgeInsets?) -> Self { self }
}

/// `.opacity(_:)`: dimmed below 1, blank at 0.
struct OpacityModifier: AttachedModifier {
    let opacity: Double

    func renderLines(_ lines: [String]) -> [String] {
        if opacity >= 1 { return lines }
        if opacity <= 0 {
            return lines.map { String(repeating: " ", count: DisplayWidth.of(TextStyle.stripped($0))) }
        }
        return StyleModifier(.foreground(.secondary)).renderLines(lines)
    }
}

/// `.badge`: a count or a short text after the view's first line, in parentheses (`Inbox
/// (3)`), as a list row's badge. A count of 0 and a nil text show no badge, as in SwiftUI.
struct BadgeModifier: AttachedModifier {
    let text: String?

    func renderLines(_ lines: [String]) -> [String] {
        guard let text, !text.isEmpty, let first = lines.first else { return lines }
        return [first + " (" + text + ")"] + lines.dropFirst()
    }
}

extension View {
    /// A count after the view's first line; none for 0 (see `BadgeModifier`).
    public func badge(_ count: Int) -> ModifiedView<Self> {
        modifier(BadgeModifier(text: count == 0 ? nil : String(count)))
    }

    /// A short text after the view's first line; none for nil.
    public func badge(_ label: Text?) -> ModifiedView<Self> {
        modifier(BadgeModifier(text: label?.content))
    }

    /// A short text after the view's first line, from a string literal; none for nil.
    public func badge(_ key: LocalizedStringKey?) -> ModifiedView<Self> {
        badge(key.map { Text($0) })
    }

    /// A short text after the view's first line, from any string.
    @_disfavoredOverload
    public func badge<S: StringProtocol>(_ label: S?) -> ModifiedView<Self> {
        modifier(BadgeModifier(text: label.map { String($0) }))
    }
}

extension Text {
    /// A case to write text in, as in SwiftUI's `.textCase(.uppercase)`.
    public enum Case: Sendable, Hashable { case uppercase, lowercase }
}

/// `.textCase`: the view's text in upper or lower case, or as written for nil (the style
/// sequences it carries are left as they are).
struct TextCaseModifier: AttachedModifier {
    let textCase: Text.Case?

    func renderLines(_ lines: [String]) -> [String] { textCase == nil ? lines : lines.map(convert) }

    private func convert(_ line: String) -> String {
        var result = ""
        var rest = Substring(line)
        // Escape sequences (`ESC [ … m`) are copied; the text between them is converted.
        while let escape = rest.firstIndex(of: "\u{1B}") {
            result += cased(rest[..<escape])
            let sequence = rest[escape...]
            let end = sequence.dropFirst(2).firstIndex { $0.isLetter } ?? sequence.endIndex
            let stop = end == sequence.endIndex ? end : sequence.index(after: end)
            result += sequence[..<stop]
            rest = sequence[stop...]
        }
        return result + cased(rest)
    }

    private func cased(_ text: Substring) -> String {
        textCase == .uppercase ? text.uppercased() : text.lowercased()
    }
}

extension View {
    /// The view's text in `textCase` (nil: as written).
    public func textCase(_ textCase: Text.Case?) -> ModifiedView<Self> {
        modifier(TextCaseModifier(textCase: textCase))
    }
}
