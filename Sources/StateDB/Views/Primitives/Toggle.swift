/// A switch bound to a `Bool`. Renders as `[x] Title` or `[ ] Title`.
///
/// ```swift
/// Toggle("Wi-Fi", isOn: $wifi)
/// Toggle(isOn: $alerts) {
///     Text("Alerts")
///     Text("Daily summary")     // [ ] Alerts
/// }                             //     Daily summary
/// ```
///
/// A `Text` label is drawn in place (it adds no view to the tree, as a title does); any other
/// label is a block of its own (`Toggle/VStack/Text`), its lines after the box, the later ones
/// indented under the first.
public struct Toggle<Label: View>: View, PrimitiveView {
    public typealias Body = Never
    /// The text of a `Text` label (a title); empty for other labels, which the test driver
    /// finds by their rendered text instead.
    public let title: String
    /// The value the toggle shows and changes.
    public let isOn: Binding<Bool>
    /// The view that says what the toggle is for.
    public let label: Label

    /// A toggle labelled by any view, as in `Toggle(isOn: $wifi) { Label("Wi-Fi",
    /// systemImage: "wifi") }`.
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.isOn = isOn
        self.label = label()
        title = (self.label as? Text)?.content ?? ""
    }

    private static var labelIsText: Bool { Label.self == Text.self }

    func addChildren(to list: inout ChildList) {
        if !Self.labelIsText { list.addBlock(label) }
    }

    nonisolated static var contentBlocks: [ContentBlock] { Label.self == Text.self ? [] : [.block(Label.self)] }

    func renderLines(children: [[String]]) -> [String] {
        let box = isOn.wrappedValue ? "[x] " : "[ ] "
        let lines = (label as? Text)?.renderLines(children: []) ?? children.flatMap { $0 }
        guard let first = lines.first else { return [box] }
        return [box + first] + lines.dropFirst().map { $0.isEmpty ? $0 : "    " + $0 }
    }
}

extension Toggle where Label == Text {
    /// A toggle titled `title`.
    public init(_ title: String, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(title) }
    }

    /// A toggle titled with any string-like value.
    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {
        self.init(String(title), isOn: isOn)
    }
}

extension Toggle where Label == StateDB.Label<Text, EmptyView> {
    /// A toggle titled `title` with the SF Symbol `systemImage`, which is not drawn (see
    /// `Label(_:systemImage:)`).
    public init<S: StringProtocol>(_ title: S, systemImage: String, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { StateDB.Label(title, systemImage: systemImage) }
    }
}

/// A `Toggle` of any label, for the driver.
@MainActor
protocol ToggleControl {
    var title: String { get }
    var isOn: Binding<Bool> { get }
    /// Whether the title is the label's text; else the label's rendered lines are.
    var hasTextLabel: Bool { get }
}

extension Toggle: ToggleControl {
    var hasTextLabel: Bool { Self.labelIsText }
}
