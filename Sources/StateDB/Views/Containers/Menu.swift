/// A button that opens a list of actions, as in SwiftUI: `Menu("Sort") { Button("By name") { … } }`.
///
/// Renders `Sort ▸` when closed; activating it (the driver's `host.button("Sort")`, Enter)
/// opens it: `Sort ▾`, its buttons below, indented two columns. Choosing one runs its action
/// and closes the menu; activating the header again closes it without choosing. Whether it is
/// open is kept in memory, not stored. Identity: `Menu`, its buttons under
/// `Menu/VStack/MenuItems`.
public struct Menu<Label: View, Content: View>: View {
    @State private var isOpen: Bool
    private let label: Label
    private let content: Content

    /// A menu of the views `content` builds, labelled by the view `label` builds.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        _isOpen = State(inMemoryUnreported: false)
        self.content = content()
        self.label = label()
    }

    public var body: some View {
        let isOpen = $isOpen
        VStack {
            MenuHeader(isOpen: isOpen.wrappedValue, flip: { isOpen.wrappedValue.toggle() }) { label }
            if isOpen.wrappedValue {
                MenuItems(content: content, closeMenu: { isOpen.wrappedValue = false }).padding(.leading, 16)
            }
        }
    }
}

extension Menu where Label == Text {
    /// A menu titled `title`.
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(String(title)) }
    }
}

/// A menu's header: its label and `▸` (closed) or `▾` (open), a button that opens and closes it.
struct MenuHeader<Label: View>: View, PrimitiveView, ActivatableView {
    typealias Body = Never
    let isOpen: Bool
    let flip: () -> Void
    let label: Label

    init(isOpen: Bool, flip: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.isOpen = isOpen
        self.flip = flip
        self.label = label()
    }

    func activate(node: ViewNode) { flip() }

    func addChildren(to list: inout ChildList) { list.addBlock(label) }

    nonisolated static var contentBlocks: [ContentBlock] { [.block(Label.self)] }

    func renderLines(children: [[String]]) -> [String] {
        let lines = children.flatMap { $0 }
        let marker = isOpen ? " ▾" : " ▸"
        guard let first = lines.first else { return [marker] }
        return [first + marker] + lines.dropFirst()
    }
}

/// An open menu's buttons, one below the other: choosing one closes the menu.
struct MenuItems<Content: View>: View, ContainerView, ModalPresentation {
    typealias Body = Never
    let content: Content
    let closeMenu: () -> Void

    var isModal: Bool { false }
    var closesAfterAnyButton: Bool { true }

    func close() { closeMenu() }
}
