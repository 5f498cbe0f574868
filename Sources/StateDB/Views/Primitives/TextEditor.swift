/// A multi-line text editor, as in SwiftUI: `TextEditor(text: $notes)`. A terminal's text
/// input is one line, so it is a text field titled `Text` (`Text: [notes]`, the driver's
/// `host.textField("Text")`): typing, pasting (line breaks become spaces) and the caret keys
/// work as in a `TextField`; Enter moves on instead of starting a line (and, as in a field,
/// runs the `.onSubmit` actions around it). Line breaks already in
/// the text are kept, and drawn as `↵`. Identity: `TextEditor`, the field under it.
public struct TextEditor: View {
    private let text: Binding<String>

    /// An editor of `text`.
    public init(text: Binding<String>) {
        self.text = text
    }

    public var body: some View {
        TextEditorField(title: "Text", text: text)
    }
}

/// A `TextEditor`'s field: a `TextField` that draws line breaks as `↵`.
struct TextEditorField: View, TextInputView {
    typealias Body = Never
    let title: String
    let text: Binding<String>

    static func shown(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "↵").replacingOccurrences(of: "\n", with: "↵")
    }
}
