/// A switch bound to a `Bool`. Renders as `[x] Title` or `[ ] Title`.
public struct Toggle: View, PrimitiveView {
    public typealias Body = Never
    public let title: String
    /// The value the toggle shows and changes.
    public let isOn: Binding<Bool>

    public init(_ title: String, isOn: Binding<Bool>) {
        self.title = title
        self.isOn = isOn
    }

    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {
        self.init(String(title), isOn: isOn)
    }

    /// A toggle labelled by a `Text`, as in `Toggle(isOn: $wifi) { Text("Wi-Fi") }`: the text
    /// is its title.
    public init(isOn: Binding<Bool>, label: () -> Text) {
        self.init(label().content, isOn: isOn)
    }

    func renderLines(children: [[String]]) -> [String] {
        [(isOn.wrappedValue ? "[x] " : "[ ] ") + title]
    }
}
