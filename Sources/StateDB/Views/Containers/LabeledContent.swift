import Foundation

/// A value with a label, as in SwiftUI's forms: `LabeledContent("Version", value: "1.4")`.
/// Renders `Version: 1.4`; content of several lines goes on under the first, indented.
///
/// Identity: `LabeledContent`; the content a block of its own under it, the label under
/// `LabeledContent/LabeledContentLabel`.
public struct LabeledContent<Label: View, Content: View>: View, PrimitiveView {
    public typealias Body = Never
    public let label: Label
    public let content: Content

    /// A labelled view, both built by closures.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content()
        self.label = label()
    }

    func addChildren(to list: inout ChildList) {
        list.addBlock(content)
        list.addBlock(LabeledContentLabel(content: label))
    }

    nonisolated static var contentBlocks: [ContentBlock] { [.block(Content.self), .block(LabeledContentLabel<Label>.self)] }

    func renderLines(children: [[String]]) -> [String] {
        guard let labelLines = children.last else { return [] }
        let title = labelLines.joined(separator: " ")
        let value = children.dropLast().flatMap { $0 }
        guard let first = value.first else { return [title] }
        return [title + ": " + first] + value.dropFirst().map { $0.isEmpty ? $0 : "  " + $0 }
    }
}

extension LabeledContent where Label == Text {
    /// Content labelled `title`.
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(String(title)) }
    }
}

extension LabeledContent where Label == Text, Content == Text {
    /// A value shown as text (`LabeledContent("Items", value: "12")`).
    public init<S: StringProtocol, V: StringProtocol>(_ title: S, value: V) {
        self.init(title) { Text(String(value)) }
    }

    /// A value written with a format (`LabeledContent("Size", value: bytes, format: .number)`).
    public init<S: StringProtocol, F: FormatStyle>(_ title: S, value: F.FormatInput, format: F) where F.FormatOutput == String {
        self.init(title) { Text(format.format(value)) }
    }
}

/// A `LabeledContent`'s label: a block of its own (`LabeledContent/LabeledContentLabel/Text`).
public struct LabeledContentLabel<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    public let content: Content

    func addChildren(to list: inout ChildList) { list.addBlock(content) }

    nonisolated static var contentBlocks: [ContentBlock] { [.block(Content.self)] }

    func renderLines(children: [[String]]) -> [String] { children.flatMap { $0 } }
}
