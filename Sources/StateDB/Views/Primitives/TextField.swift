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

    /// A field that SwiftUI grows along `axis` as the text gets longer. A terminal's field is
    /// one line, whatever the axis: the text is edited and drawn as in `init(_:text:)`.
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, axis: Axis) {
        self.init(String(title), text: text)
    }

    /// The same with a prompt, which is not drawn (see `init(_:text:prompt:)`).
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text?, axis: Axis) {
        self.init(String(title), text: text)
    }

    static func shown(_ text: String) -> String { text }
}
