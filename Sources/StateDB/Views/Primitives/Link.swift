import Foundation

/// A link to a URL, as in SwiftUI: `Link("Docs", destination: docsURL)`. A terminal cannot
/// be relied on to open a browser, so it is drawn as its label, underlined, and is not a
/// control; the URL is kept in `destination`.
///
/// Identity: `Link`, its label a block of its own under it.
public struct Link<Label: View>: View, PrimitiveView {
    public typealias Body = Never
    public let label: Label
    public let destination: URL

    /// A link labelled by any view.
    public init(destination: URL, @ViewBuilder label: () -> Label) {
        self.destination = destination
        self.label = label()
    }

    func addChildren(to list: inout ChildList) { list.addBlock(label) }

    nonisolated static var contentBlocks: [ContentBlock] { [.block(Label.self)] }

    func renderLines(children: [[String]]) -> [String] {
        TextStyle.wrap(children.flatMap { $0 }, on: TextRun.Style.underline.on, off: TextRun.Style.underline.off)
    }
}

extension Link where Label == Text {
    /// A link titled `title`.
    public init<S: StringProtocol>(_ title: S, destination: URL) {
        self.init(destination: destination) { Text(String(title)) }
    }
}
