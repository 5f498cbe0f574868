/// A titled group of rows in a `List` or `Form`, as in SwiftUI: `Section("Done") { … }`, or
/// `Section { … } header: { Text("Done") } footer: { Text("3 items") }`.
///
/// Renders the header's lines, the content indented by two spaces, then the footer's lines
/// indented the same; the header is bold and the footer dimmed in the terminal. For identity
/// it is a container like `VStack`: a `Section` segment, the content numbered with the body
/// around it (`Screen/List/Section/Row`, the second section's `Section[#2]/Row[#2]`). The
/// header and the footer are blocks of their own, numbered on their own, under
/// `Section/SectionHeader` and `Section/SectionFooter`.
public struct Section<Parent: View, Content: View, Footer: View>: View, PrimitiveView, SectionMarker {
    public typealias Body = Never
    public let header: Parent
    public let content: Content
    public let footer: Footer

    /// A section with a header and a footer view.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer) {
        self.content = content()
        self.header = header()
        self.footer = footer()
    }

    func addChildren(to list: inout ChildList) {
        // The content first: its block is the one numbered with the parent's (`.container`).
        list.addBlock(content)
        list.addBlock(SectionHeader(content: header))
        list.addBlock(SectionFooter(content: footer))
    }

    nonisolated static var contentBlocks: [ContentBlock] {
        [.container(Content.self), .block(SectionHeader<Parent>.self), .block(SectionFooter<Footer>.self)]
    }

    func renderLines(children: [[String]]) -> [String] {
        // The last two children are always the header and the footer.
        guard children.count >= 2 else { return children.flatMap { $0 } }
        let header = children[children.count - 2]
        let footer = children[children.count - 1]
        let rows = children.dropLast(2).flatMap { $0 }
        return header + rows.map(Self.indented) + TextStyle.wrap(footer.map(Self.indented), on: "\u{1B}[2m", off: "\u{1B}[22m")
    }

    private static func indented(_ line: String) -> String { line.isEmpty ? line : "  " + line }
}

extension Section where Parent == EmptyView, Footer == EmptyView {
    /// A section without a header.
    public init(@ViewBuilder content: () -> Content) {
        self.init(content: content, header: { EmptyView() }, footer: { EmptyView() })
    }
}

extension Section where Footer == EmptyView {
    /// A section with a header view.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
        self.init(content: content, header: header, footer: { EmptyView() })
    }
}

extension Section where Parent == EmptyView {
    /// A section with a footer view.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) {
        self.init(content: content, header: { EmptyView() }, footer: footer)
    }
}

extension Section {
    /// A section with a header and a footer given as views, as in
    /// `Section(header: Text("Wi-Fi"), footer: Text("Off")) { … }` (SwiftUI's older spelling).
    public init(header: Parent, footer: Footer, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { header }, footer: { footer })
    }
}

extension Section where Footer == EmptyView {
    /// A section with a header given as a view: `Section(header: Text("Wi-Fi")) { … }`.
    public init(header: Parent, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { header }, footer: { EmptyView() })
    }
}

extension Section where Parent == EmptyView {
    /// A section with a footer given as a view.
    public init(footer: Footer, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { EmptyView() }, footer: { footer })
    }
}

extension Section where Parent == Text, Footer == EmptyView {
    /// A section titled `title`.
    public init(_ title: String, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { Text(title) }, footer: { EmptyView() })
    }

    /// A section titled with any string-like value.
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(String(title), content: content)
    }
}

/// A `Section`'s header: a block of its own below the section (`Section/SectionHeader/Text`),
/// drawn bold in the terminal.
public struct SectionHeader<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    public let content: Content

    func addChildren(to list: inout ChildList) { list.addBlock(content) }

    nonisolated static var contentBlocks: [ContentBlock] { [.block(Content.self)] }

    func renderLines(children: [[String]]) -> [String] {
        TextStyle.wrap(children.flatMap { $0 }, on: "\u{1B}[1m", off: "\u{1B}[22m")
    }
}

/// A `Section`'s footer: a block of its own below the section (`Section/SectionFooter/Text`).
public struct SectionFooter<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    public let content: Content

    func addChildren(to list: inout ChildList) { list.addBlock(content) }

    nonisolated static var contentBlocks: [ContentBlock] { [.block(Content.self)] }

    func renderLines(children: [[String]]) -> [String] { children.flatMap { $0 } }
}
