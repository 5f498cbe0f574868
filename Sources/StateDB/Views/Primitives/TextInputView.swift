/// What `TextField` and `SecureField` share: a title and the `String` they edit, drawn as
/// `Title: [text]` and typed into through the same driver handle (`TextFieldHandle`). They
/// differ only in how the text is shown.
@MainActor
protocol TextInputView: PrimitiveView {
    var title: String { get }
    /// The text the field edits.
    var text: Binding<String> { get }
    /// The text as drawn between the brackets.
    static func shown(_ text: String) -> String
}

extension TextInputView {
    func renderLines(children: [[String]]) -> [String] {
        [title + ": [" + Self.shown(text.wrappedValue) + "]"]
    }
}
