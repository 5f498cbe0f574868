/// A title with an icon, as in SwiftUI. Text has no images, so `Label("Inbox", systemImage:
/// "tray")` renders as its title alone (`Inbox`); the image name is kept in `systemImage` and
/// not drawn. `Label { Text("Inbox") } icon: { Text("📥") }` renders the icon's lines and the
/// title's side by side, one space apart.
public struct Label<Title: View, Icon: View>: View, PrimitiveView {
    public typealias Body = Never
    public let title: Title
    public let icon: Icon
    /// The SF Symbol name given to `init(_:systemImage:)`, not drawn.
    public let systemImage: String?

    /// A label whose title and icon are any views.
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title()
        self.icon = icon()
        self.systemImage = nil
    }

    func addChildren(to list: inout ChildList) {
        list.addBlock(title)
        list.addBlock(LabelIcon(content: icon))
    }

    nonisolated static var contentBlocks: [ContentBlock] { [.block(Title.self), .block(LabelIcon<Icon>.self)] }

    func renderLines(children: [[String]]) -> [String] {
        guard let iconLines = children.last else { return [] }
        let title = children.dropLast().flatMap { $0 }
        guard let icon = iconLines.first, !icon.isEmpty else { return title }
        guard let first = title.first else { return [icon] }
        return [icon + " " + first] + title.dropFirst()
    }
}

extension Label where Title == Text, Icon == EmptyView {
    /// A label titled `title` with the SF Symbol `systemImage`, which is not drawn.
    public init(_ title: String, systemImage: String) {
        self.title = Text(title)
        self.icon = EmptyView()
        self.systemImage = systemImage
    }

    /// A label titled with any string-like value.
    public init<S: StringProtocol>(_ title: S, systemImage: String) {
        self.init(String(title), systemImage: systemImage)
    }
}

/// A `Label`'s icon: a block of its own (`Label/LabelIcon/Text`).
public struct LabelIcon<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    public let content: Content

    func addChildren(to list: inout ChildList) { list.addBlock(content) }

    nonisolated static var contentBlocks: [ContentBlock] { [.block(Content.self)] }

    func renderLines(children: [[String]]) -> [String] { children.flatMap { $0 } }
}
