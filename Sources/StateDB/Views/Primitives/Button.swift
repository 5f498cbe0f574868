/// A control that runs an action when activated. Renders as `[ Title ]`.
///
/// ```swift
/// Button("Tap: \(count)") { count += 1 }
/// Button { load() } label: { Text("Load") }
/// ```
public struct Button<Label: View>: View, PrimitiveView {
    public typealias Body = Never
    public let label: Label
    let action: () -> Void

    /// A button whose label is any view.
    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.action = action
        self.label = label()
    }

    func addChildren(to list: inout ChildList) {
        list.addBlock(label)
    }

    nonisolated static var contentBlocks: [ContentBlock] { [.block(Label.self)] }

    func renderLines(children: [[String]]) -> [String] {
        ["[ " + children.flatMap { $0 }.joined(separator: " ") + " ]"]
    }
}

extension Button where Label == Text {
    /// A button with a text title.
    public init(_ title: String, action: @escaping () -> Void) {
        self.init(action: action) { Text(title) }
    }

    /// A button with a text title of any string-like value.
    public init<S: StringProtocol>(_ title: S, action: @escaping () -> Void) {
        self.init(String(title), action: action)
    }
}
