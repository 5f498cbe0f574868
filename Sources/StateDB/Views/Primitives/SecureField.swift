/// A text field whose text is not shown, as in SwiftUI: bound to a `String`, rendered as
/// `Title: [••••]` (one bullet per character), in `render()` and on the terminal alike.
public struct SecureField: View, TextInputView {
    public typealias Body = Never
    public let title: String
    /// The text the field edits.
    public let text: Binding<String>

    public init(_ title: String, text: Binding<String>) {
        self.title = title
        self.text = text
    }

    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        self.init(String(title), text: text)
    }

    /// One bullet per character: the text itself is never drawn.
    static func shown(_ text: String) -> String { String(repeating: "•", count: text.count) }
}
