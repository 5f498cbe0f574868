/// A choice among options, as in SwiftUI: the views of `content`, each marked with
/// `.tag(_:)`, and a `Binding` to the selected tag.
///
/// ```swift
/// Picker("Sort", selection: $order) {
///     Text("Newest").tag(Order.newest)
///     Text("Oldest").tag(Order.oldest)
/// }
/// ```
///
/// Renders as `Sort: < Newest >`: the title and the label of the option whose tag equals the
/// selection (`< – >` when none does). Options are the views with a `.tag(_:)` inside it,
/// and the views a `ForEach` makes, tagged with their element's id as in SwiftUI. The
/// driver's `select(_:)` and the terminal's ←/→ (or Enter/Space, which moves to the next)
/// choose one.
///
/// Identity: a `Picker` segment, its options a block of its own (`Picker/Text`,
/// `Picker/ForEach/Text[id: 1]`), the label another (`Picker/PickerLabel/Text`).
public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View, PrimitiveView {
    public typealias Body = Never
    public let label: Label
    public let selection: Binding<SelectionValue>
    public let content: Content

    /// A picker whose label is any view.
    public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.selection = selection
        self.content = content()
        self.label = label()
    }

    /// A picker whose label is given first: SwiftUI's older spelling
    /// (`Picker(selection: $flavor, label: Text("Flavor")) { … }`), deprecated there, which
    /// code written for earlier releases uses.
    public init(selection: Binding<SelectionValue>, label: Label, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content) { label }
    }

    func addChildren(to list: inout ChildList) {
        list.addBlock(content)
        list.addBlock(PickerLabel(content: label))
    }

    nonisolated static var contentBlocks: [ContentBlock] { [.block(Content.self), .block(PickerLabel<Label>.self)] }

    func renderLines(children: [[String]]) -> [String] { children.flatMap { $0 } }
}

extension Picker where Label == Text {
    /// A picker titled `title`.
    public init(_ title: String, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content) { Text(title) }
    }

    /// A picker titled with any string-like value.
    public init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(String(title), selection: selection, content: content)
    }
}

/// A `Picker`'s label: a block of its own (`Picker/PickerLabel/Text`).
public struct PickerLabel<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    public let content: Content

    func addChildren(to list: inout ChildList) { list.addBlock(content) }

    nonisolated static var contentBlocks: [ContentBlock] { [.block(Content.self)] }

    func renderLines(children: [[String]]) -> [String] { children.flatMap { $0 } }
}

/// One option of a mounted picker.
@MainActor
struct PickerOption {
    let tag: AnyHashable
    /// The option view's rendered lines, joined by spaces.
    let label: String
}

/// What the driver and the rendering need of any `Picker`.
@MainActor
protocol PickerControl {
    var selectedTag: AnyHashable { get }
    /// Sets the selection to `tag`; false when `tag` is not of the selection's type.
    func select(_ tag: AnyHashable) -> Bool
}

extension Picker: PickerControl {
    var selectedTag: AnyHashable { AnyHashable(selection.wrappedValue) }

    func select(_ tag: AnyHashable) -> Bool {
        guard let value = tag.base as? SelectionValue else { return false }
        selection.wrappedValue = value
        return true
    }
}

extension Picker: NodeRenderedView {
    func renderLines(of node: ViewNode, in host: ViewHost) -> [String] {
        let title = node.children.last.map { host.renderLines(of: $0).joined(separator: " ") } ?? ""
        let options = host.pickerOptions(of: node)
        let selected = selectedTag
        let shown = options.first { $0.tag == selected }?.label ?? "–"
        return [(title.isEmpty ? "" : title + ": ") + "< " + shown + " >"]
    }
}

extension ViewHost {
    /// The options of a mounted picker, in tree order: the topmost tagged views of its
    /// content (a tagged view's own content is its label, not more options). A view a
    /// `ForEach` made for an element is tagged with the element's id unless `.tag(_:)` gives
    /// it another, as in SwiftUI (an id of another type than the selection's is an option
    /// that cannot be chosen).
    func pickerOptions(of node: ViewNode) -> [PickerOption] {
        var options: [PickerOption] = []
        func collect(_ node: ViewNode, elementIDs ids: [String: AnyHashable]?) {
            if let tag = node.listTag(elementIDs: ids) {
                let label = renderLines(of: node).map(TextStyle.stripped).joined(separator: " ")
                options.append(PickerOption(tag: tag, label: label))
                return
            }
            let childIDs = (node.view as? any ElementIDListing)?.elementIDsByQualifier()
            node.children.forEach { collect($0, elementIDs: childIDs) }
        }
        node.children.dropLast().forEach { collect($0, elementIDs: nil) }
        return options
    }
}
