/// A label that shows or hides its content, as in SwiftUI.
///
/// ```swift
/// DisclosureGroup("Advanced") {
///     Toggle("Verbose", isOn: $verbose)
/// }
/// DisclosureGroup("Filters", isExpanded: $showFilters) { … }
/// ```
///
/// Renders `▸ Advanced` when collapsed and `▾ Advanced` with the content below, indented two
/// columns, when expanded. The header is a button (the driver's `host.button("Advanced")`,
/// Enter in the terminal) that flips it. Without an `isExpanded` binding the group keeps
/// whether it is open in a `@State` of its own, so it is stored, and open after a restart as
/// it was left (`…/DisclosureGroup/DisclosureState[else]/isExpanded`). Hidden content is not
/// mounted: its state ends when the group closes, as in SwiftUI.
public struct DisclosureGroup<Label: View, Content: View>: View {
    private let isExpanded: Binding<Bool>?
    private let label: Label
    private let content: Content

    /// A group that keeps whether it is open itself, starting closed.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        isExpanded = nil
        self.content = content()
        self.label = label()
    }

    /// A group open while `isExpanded` is true.
    public init(isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.isExpanded = isExpanded
        self.content = content()
        self.label = label()
    }

    public var body: some View {
        if let isExpanded {
            DisclosureBody(isExpanded: isExpanded, label: label, content: content)
        } else {
            DisclosureState(label: label, content: content)
        }
    }
}

extension DisclosureGroup where Label == Text {
    /// A group titled `title` that keeps whether it is open itself, starting closed.
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(String(title)) }
    }

    /// A group titled `title`, open while `isExpanded` is true.
    public init<S: StringProtocol>(_ title: S, isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content) {
        self.init(isExpanded: isExpanded, content: content) { Text(String(title)) }
    }
}

/// A `DisclosureGroup` without a binding: whether it is open, kept as its own stored state.
struct DisclosureState<Label: View, Content: View>: View {
    @State private var isExpanded = false
    let label: Label
    let content: Content

    var body: some View {
        DisclosureBody(isExpanded: $isExpanded, label: label, content: content)
    }
}

/// The header, and the content below it while open.
struct DisclosureBody<Label: View, Content: View>: View {
    let isExpanded: Binding<Bool>
    let label: Label
    let content: Content

    var body: some View {
        let isExpanded = self.isExpanded
        VStack {
            ExpansionHeader(isExpanded: isExpanded.wrappedValue, markerLeads: true, flip: { isExpanded.wrappedValue.toggle() }) { label }
            if isExpanded.wrappedValue {
                content.padding(.leading, 16)
            }
        }
    }
}

/// The header of a disclosure group (`▸ Title`, `▾ Title`) or a menu (`Title ▸`, `Title ▾`):
/// a button that opens or closes what is below it. Later lines of the label are indented under
/// the first when the marker leads.
struct ExpansionHeader<Label: View>: View, PrimitiveView, ActivatableView {
    typealias Body = Never
    let isExpanded: Bool
    /// The marker goes before the label (a disclosure group), else after it (a menu).
    let markerLeads: Bool
    let flip: () -> Void
    let label: Label

    init(isExpanded: Bool, markerLeads: Bool, flip: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.isExpanded = isExpanded
        self.markerLeads = markerLeads
        self.flip = flip
        self.label = label()
    }

    func activate(node: ViewNode) { flip() }

    func addChildren(to list: inout ChildList) { list.addBlock(label) }

    nonisolated static var contentBlocks: [ContentBlock] { [.block(Label.self)] }

    func renderLines(children: [[String]]) -> [String] {
        let marker = isExpanded ? "▾" : "▸"
        let lines = children.flatMap { $0 }
        guard let first = lines.first else { return [marker] }
        guard markerLeads else { return [first + " " + marker] + lines.dropFirst() }
        return [marker + " " + first] + lines.dropFirst().map { $0.isEmpty ? $0 : "  " + $0 }
    }
}
