/// A control that pushes a destination on the enclosing `NavigationStack`, as in SwiftUI.
/// Renders as its label followed by ` >`; activating it (the terminal's Enter, `tap()` on the
/// driver's button handle, found by the label's text) shows the destination.
///
/// ```swift
/// NavigationLink("Details") { DetailView(item: item) }
/// NavigationLink(destination: DetailView(item: item)) { Label(item.name, systemImage: "doc") }
/// ```
///
/// A link may push a value instead, drawn by the `.navigationDestination(for:)` registered
/// for its type inside the stack (see `NavigationStack`):
///
/// ```swift
/// NavigationLink(note.title, value: note.id)
/// ```
///
/// Outside a `NavigationStack` it does nothing when activated; a nil value neither.
public struct NavigationLink<Label: View, Destination: View>: View, NavigationLinkMarker {
    @Environment(NavigationModel.self) private var stack: NavigationModel?
    private let label: Label
    /// Nil for a link that pushes a value.
    private let destination: Destination?
    /// What a link without a destination pushes (nil: nothing).
    private let value: AnyHashable?

    /// A link whose destination and label are views built by the closures.
    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
        self.init(destination: destination(), label: label)
    }

    /// A link to `destination` labelled by the view `label` builds (SwiftUI's older spelling).
    public init(destination: Destination, @ViewBuilder label: () -> Label) {
        self.destination = destination
        self.label = label()
        value = nil
    }

    public var body: some View {
        NavigationLinkControl(push: pushAction()) { label }
    }

    /// What activating the link does, given its identity relative to its stack.
    private func pushAction() -> (String) -> Void {
        let stack = self.stack
        if let destination {
            return { link in stack?.push(AnyView(destination), link: link) }
        }
        let value = self.value
        return { _ in if let value { stack?.push(value: value) } }
    }
}

extension NavigationLink where Destination == Never {
    /// A link that pushes `value` on the stack's path, labelled by the view `label` builds.
    public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.value = value.map { AnyHashable($0) }
        destination = nil
    }
}

extension NavigationLink where Label == Text, Destination == Never {
    /// A link titled `title` that pushes `value` on the stack's path.
    public init<S: StringProtocol, P: Hashable>(_ title: S, value: P?) {
        self.init(value: value) { Text(String(title)) }
    }
}

extension NavigationLink where Label == Text {
    /// A link titled `title` to the view `destination` builds.
    public init<S: StringProtocol>(_ title: S, @ViewBuilder destination: () -> Destination) {
        self.init(destination: destination) { Text(String(title)) }
    }

    /// A link titled `title` to `destination` (SwiftUI's older spelling).
    public init<S: StringProtocol>(_ title: S, destination: Destination) {
        self.init(destination: destination) { Text(String(title)) }
    }
}

/// Marks a `NavigationLink`: a row of a selectable list that is one selects through its link.
protocol NavigationLinkMarker {}

/// The control a `NavigationLink` draws: its label and ` >`. A block of its own under the
/// link (`NavigationLink/NavigationLinkControl`), the label under it.
struct NavigationLinkControl<Label: View>: View, PrimitiveView, ActivatableView {
    typealias Body = Never
    /// Pushes the destination, given the link's identity relative to its stack.
    let push: (String) -> Void
    let label: Label

    init(push: @escaping (String) -> Void, @ViewBuilder label: () -> Label) {
        self.push = push
        self.label = label()
    }

    func activate(node: ViewNode) {
        // The link's node (this control's parent), named from the stack's down, its segments
        // joined by " › ": as a quoted id a `/` would read `\u002F`. (An id's own `/` is
        // already escaped, so the join names one link only.)
        // A node no longer in the tree (a handle kept across updates) has no stack to push on,
        // and its ancestors may be gone.
        guard node.isMounted, let link = node.parent else { return }
        // A row of a selectable list selects its row, as in SwiftUI's sidebars, where the
        // selection drives the detail column.
        if let select = link.listSelectionAction { return select() }
        var stack = link.parent
        while let current = stack, !(current.view is any NavigationStackMarker) { stack = current.parent }
        guard let stack else { return }  // no stack around: nothing to push on
        let path = link.identity.dropFirst(stack.identity.count + 1)
        push(path.split(separator: "/").joined(separator: " › "))
    }

    func addChildren(to list: inout ChildList) { list.addBlock(label) }

    nonisolated static var contentBlocks: [ContentBlock] { [.block(Label.self)] }

    func renderLines(children: [[String]]) -> [String] {
        let lines = children.flatMap { $0 }
        guard let first = lines.first else { return [">"] }
        return [first + " >"] + lines.dropFirst()
    }
}
