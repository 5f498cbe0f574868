/// An editable line of text bound to a `String`. Renders as `Title: [text]`.
public struct TextField: View, TextInputView {
    public typealias Body = Never
    public let title: String
    /// The text the field shows and edits.
    public let text: Binding<String>

    public init(_ title: String, text: Binding<String>) {
        self.title = title
        self.text = text
    }

    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        self.init(String(title), text: text)
    }

    /// A field with a `prompt`, SwiftUI's placeholder for an empty field. The prompt is
    /// accepted and **not drawn**: between the brackets it would read as typed text.
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text?) {
        self.init(String(title), text: text)
    }

    static func shown(_ text: String) -> String { text }
}
