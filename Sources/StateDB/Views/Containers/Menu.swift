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
            ExpansionHeader(isExpanded: isOpen.wrappedValue, markerLeads: false, flip: { isOpen.wrappedValue.toggle() }) { label }
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

/// An open menu's buttons, one below the other: choosing one closes the menu.
struct MenuItems<Content: View>: View, ContainerView, ModalPresentation {
    typealias Body = Never
    let content: Content
    let closeMenu: () -> Void

    var isModal: Bool { false }
    var closesAfterAnyButton: Bool { true }

    func close() { closeMenu() }
}
