/// What a screen shows when it has nothing to show, as in SwiftUI:
/// `ContentUnavailableView("No notes", systemImage: "note", description: Text("Add one"))`.
/// Renders the title bold, then the description and the actions below it (the image is not
/// drawn). Identity: `ContentUnavailableView`; the label, description and actions blocks of
/// their own under it.
public struct ContentUnavailableView<Label: View, Description: View, Actions: View>: View, PrimitiveView {
    public typealias Body = Never
    public let label: Label
    public let description: Description
    public let actions: Actions

    /// A view built from a label, a description and actions (buttons).
    public init(@ViewBuilder label: () -> Label, @ViewBuilder description: () -> Description = { EmptyView() },
                @ViewBuilder actions: () -> Actions = { EmptyView() }) {
        self.label = label()
        self.description = description()
        self.actions = actions()
    }

    func addChildren(to list: inout ChildList) {
        list.addBlock(label)
        list.addBlock(ContentUnavailableDescription(content: description))
        list.addBlock(ContentUnavailableActions(content: actions))
    }

    nonisolated static var contentBlocks: [ContentBlock] {
        [.block(Label.self), .block(ContentUnavailableDescription<Description>.self), .block(ContentUnavailableActions<Actions>.self)]
    }

    func renderLines(children: [[String]]) -> [String] {
        guard children.count >= 2 else { return children.flatMap { $0 } }
        let title = children.dropLast(2).flatMap { $0 }
        return TextStyle.wrap(title, on: TextRun.Style.bold.on, off: TextRun.Style.bold.off) + children.suffix(2).flatMap { $0 }
    }
}

extension ContentUnavailableView where Label == StateDB.Label<Text, EmptyView>, Description == Text?, Actions == EmptyView {
    /// Titled `title`, with the SF Symbol `systemImage` (not drawn) and an optional description.
    public init<S: StringProtocol>(_ title: S, systemImage name: String, description: Text? = nil) {
        self.init(label: { StateDB.Label(title, systemImage: name) }, description: { description })
    }
}

extension ContentUnavailableView where Label == StateDB.Label<Text, EmptyView>, Description == Text?, Actions == EmptyView {
    /// SwiftUI's view for a search that found nothing: `No Results`, and a hint to check the
    /// spelling.
    public static var search: Self {
        ContentUnavailableView("No Results", systemImage: "magnifyingglass", description: Text("Check the spelling or try a new search."))
    }

    /// The same, naming what was searched for.
    public static func search(text: String) -> Self {
        ContentUnavailableView("No Results for “\(text)”", systemImage: "magnifyingglass", description: Text("Check the spelling or try a new search."))
    }
}

/// A `ContentUnavailableView`'s description: a block of its own.
public struct ContentUnavailableDescription<Content: View>: View, ContainerView {
    public typealias Body = Never
    public let content: Content
}

/// A `ContentUnavailableView`'s actions: a block of its own.
public struct ContentUnavailableActions<Content: View>: View, ContainerView {
    public typealias Body = Never
    public let content: Content
}
