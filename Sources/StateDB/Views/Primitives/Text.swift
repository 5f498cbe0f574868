/// A line of text. Renders as the text itself.
///
/// A `Text`'s own style modifiers (`.bold()`, `.foregroundColor(_:)`…) return a `Text`, as in
/// SwiftUI, so styled texts concatenate and each part keeps its style:
///
/// ```swift
/// Text("Total: ").foregroundStyle(.secondary) + Text("42").bold()
/// ```
public struct Text: View, PrimitiveView, Equatable {
    public typealias Body = Never
    /// The text shown, without its styles.
    public let content: String
    /// The parts with their styles; nil while the text has none (most texts: no array kept).
    let runs: [TextRun]?

    /// `content`, as it is. Disfavoured, so that a string literal is a `LocalizedStringKey`
    /// as in SwiftUI (whose interpolations take a `specifier:`, a `format:` or a styled
    /// `Text`); a `String` value comes here.
    @_disfavoredOverload
    public init(_ content: String) {
        self.content = content
        runs = nil
    }

    /// The string as it is (SwiftUI would otherwise look it up for localisation).
    public init(verbatim content: String) {
        self.content = content
        runs = nil
    }

    /// Text of any string-like value, as in `Text(name)`. Disfavoured, as SwiftUI's is, for
    /// the same reason as `init(_:)` of a `String`.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ content: S) {
        self.content = String(content)
        runs = nil
    }

    init(content: String, runs: [TextRun]?) {
        self.content = content
        self.runs = runs
    }

    /// The two texts as one, each part keeping its styles, as in `Text("Total: ") +
    /// Text(total).bold()`.
    public static func + (lhs: Text, rhs: Text) -> Text {
        if lhs.runs == nil && rhs.runs == nil { return Text(verbatim: lhs.content + rhs.content) }
        return Text(content: lhs.content + rhs.content, runs: lhs.styledRuns + rhs.styledRuns)
    }

    /// The parts, a plain text as one unstyled part.
    nonisolated var styledRuns: [TextRun] { runs ?? [TextRun(string: content, styles: [])] }

    /// This text with `style` around each of its parts (outside the styles they have).
    func adding(_ style: TextRun.Style) -> Text {
        guard !style.on.isEmpty else { return self }
        var runs = styledRuns
        for index in runs.indices { runs[index].styles.append(style) }
        return Text(content: content, runs: runs)
    }

    func renderLines(children: [[String]]) -> [String] {
        guard let runs else {
            return content.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        return TextRun.lines(of: runs)
    }
}
