/// A control that pushes a destination on the enclosing `NavigationStack`, as in SwiftUI.
/// Renders as its label followed by ` >`; activating it (the terminal's Enter, `tap()` on the
/// driver's button handle, found by the label's text) shows the destination.
///
/// ```swift
/// NavigationLink("Details") { DetailView(item: item) }
/// NavigationLink(destination: DetailView(item: item)) { Label(item.name, systemImage: "doc") }
/// ```
///
/// Outside a `NavigationStack` it does nothing when activated. `NavigationLink(value:)` with
/// `.navigationDestination(for:)` is not supported.
public struct NavigationLink<Label: View, Destination: View>: View {
    @Environment(NavigationModel.self) private var stack: NavigationModel?
    private let label: Label
    private let destination: Destination

    /// A link whose destination and label are views built by the closures.
    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
        self.destination = destination()
        self.label = label()
    }

    /// A link to `destination` labelled by the view `label` builds (SwiftUI's older spelling).
    public init(destination: Destination, @ViewBuilder label: () -> Label) {
        self.destination = destination
        self.label = label()
    }

    public var body: some View {
        let stack = self.stack
        let destination = self.destination
        NavigationLinkControl(push: { link in stack?.push(AnyView(destination), link: link) }) { label }
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
