/// A line of text. Renders as the text itself.
public struct Text: View, PrimitiveView, Equatable {
    public typealias Body = Never
    /// The text shown.
    public let content: String

    public init(_ content: String) {
        self.content = content
    }

    /// The string as it is (SwiftUI would otherwise look it up for localisation).
    public init(verbatim content: String) {
        self.content = content
    }

    /// Text of any string-like value, as in `Text(name)`.
    public init<S: StringProtocol>(_ content: S) {
        self.content = String(content)
    }

    /// The two texts as one, as in `Text("Total: ") + Text(total)`.
    public static func + (lhs: Text, rhs: Text) -> Text {
        Text(verbatim: lhs.content + rhs.content)
    }

    func renderLines(children: [[String]]) -> [String] {
        content.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
