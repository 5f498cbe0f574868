/// A titled box around related views, as in SwiftUI: `GroupBox("Sync") { … }`.
///
/// Renders the label's lines (bold in the terminal), then the content indented two columns;
/// a terminal draws no box. For identity it is a container like `VStack`: a `GroupBox` segment,
/// the content numbered with the body around it; the label a block of its own under
/// `GroupBox/GroupBoxLabel`.
public struct GroupBox<Label: View, Content: View>: View, PrimitiveView {
    public typealias Body = Never
    public let label: Label
    public let content: Content

    /// A box with a label view.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content()
        self.label = label()
    }

    func addChildren(to list: inout ChildList) {
        // The content first: its block is the one numbered with the parent's (`.container`).
        list.addBlock(content)
        list.addBlock(GroupBoxLabel(content: label))
    }

    nonisolated static var contentBlocks: [ContentBlock] { [.container(Content.self), .block(GroupBoxLabel<Label>.self)] }

    func renderLines(children: [[String]]) -> [String] {
        guard let label = children.last else { return [] }
        let rows = children.dropLast().flatMap { $0 }
        return TextStyle.wrap(label, on: TextRun.Style.bold.on, off: TextRun.Style.bold.off) + rows.map { $0.isEmpty ? $0 : "  " + $0 }
    }
}

extension GroupBox where Label == EmptyView {
    /// A box without a label.
    public init(@ViewBuilder content: () -> Content) {
        self.init(content: content) { EmptyView() }
    }
}

extension GroupBox where Label == Text {
    /// A box titled `title`.
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(String(title)) }
    }
}

extension GroupBox {
    /// A box with a label given as a view: `GroupBox(label: Text("Sync")) { … }` (SwiftUI's
    /// older spelling).
    public init(label: Label, @ViewBuilder content: () -> Content) {
        self.init(content: content) { label }
    }
}

/// A `GroupBox`'s label: a block of its own (`GroupBox/GroupBoxLabel/Text`).
public struct GroupBoxLabel<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    public let content: Content

    func addChildren(to list: inout ChildList) { list.addBlock(content) }

    nonisolated static var contentBlocks: [ContentBlock] { [.block(Content.self)] }

    func renderLines(children: [[String]]) -> [String] { children.flatMap { $0 } }
}
