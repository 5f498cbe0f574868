/// Tabs, as in SwiftUI: each view of the content is a tab, titled by its `.tabItem`, chosen by
/// its `.tag` (or by its position when the `TabView` has no selection).
///
/// ```swift
/// TabView(selection: $tab) {
///     InboxView().tabItem { Label("Inbox", systemImage: "tray") }.tag(Tab.inbox)
///     SettingsView().tabItem { Text("Settings") }.tag(Tab.settings)
/// }
/// ```
///
/// Renders a picker of the tabs (`Tab: < Inbox >`: the driver's `host.picker("Tab")`, ←/→ in
/// the terminal), then the selected tab. The other tabs stay mounted, hidden, their state kept,
/// as SwiftUI keeps them. Without a selection, which tab is chosen is the `TabView`'s own
/// `@State`, stored like any other (`…/TabView/TabViewState[else]/selectedIndex`).
///
/// Identity: `TabView`, then the tabs numbered as in a `VStack` under `TabViewBody[then]` with a
/// selection (`Screen/TabView/TabViewBody[then]/InboxView`), under
/// `TabViewState[else]/TabViewBody` without; the picker beside them (`…/TabViewBody/Picker`).
public struct TabView<SelectionValue: Hashable, Content: View>: View {
    private let selection: Binding<SelectionValue>?
    private let content: Content

    /// Tabs chosen by `selection`, which holds the selected tab's `.tag`.
    public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.selection = selection
        self.content = content()
    }

    public var body: some View {
        if let selection {
            TabViewBody(selection: Binding(get: { AnyHashable(selection.wrappedValue) },
                                           set: { if let value = $0.base as? SelectionValue { selection.wrappedValue = value } }),
                        tagsArePositions: false, content: content)
        } else {
            TabViewState(content: content)
        }
    }
}

extension TabView where SelectionValue == Int {
    /// Tabs chosen by position; the first is selected at first.
    public init(@ViewBuilder content: () -> Content) {
        selection = nil
        self.content = content()
    }
}

/// A `TabView` without a selection: the selected tab's position, kept as its own stored state.
struct TabViewState<Content: View>: View {
    @State private var selectedIndex = 0
    let content: Content

    var body: some View {
        let selectedIndex = $selectedIndex
        TabViewBody(selection: Binding(get: { AnyHashable(selectedIndex.wrappedValue) },
                                       set: { if let value = $0.base as? Int { selectedIndex.wrappedValue = value } }),
                    tagsArePositions: true, content: content)
    }
}

/// The tabs, each covered unless selected, and the picker that chooses among them.
struct TabViewBody<Content: View>: View, PrimitiveView {
    typealias Body = Never
    let selection: Binding<AnyHashable>
    /// The tabs' tags are their positions (a `TabView` without a selection), not their `.tag`s.
    let tagsArePositions: Bool
    let content: Content

    func addChildren(to list: inout ChildList) {
        let first = list.elements.count
        list.addBlock(content)
        let selected = selection.wrappedValue  // read here: the tabs are covered anew when it changes
        var tabs: [(tag: AnyHashable, title: String)] = []
        // Whether each element shows: a tab when selected; a tab's presentation (its search
        // field before it, its toolbar or alert after it) with its tab, and never as a tab.
        var shows: [Bool?] = []
        for index in first..<list.elements.count {
            if list.isPresentation(at: index) {
                shows.append(nil)
                continue
            }
            let position = tabs.count
            let modifiers = list.modifiers(at: index)?.render ?? []
            let tag = tagsArePositions ? AnyHashable(position)
                : modifiers.lazy.compactMap { ($0 as? TagModifier)?.tag }.last ?? AnyHashable(position)
            let title = modifiers.lazy.compactMap { ($0 as? TabItemModifier)?.title }.last ?? "Tab \(position + 1)"
            tabs.append((tag, title))
            shows.append(tag == selected)
        }
        for (offset, shown) in shows.enumerated() {
            let index = first + offset
            let owner = shown ?? (list.elements[index].view is any LeadsContent
                ? shows[offset...].lazy.compactMap { $0 }.first
                : shows[..<offset].lazy.compactMap { $0 }.last)
            if owner != true { list.attach(.render(CoveredModifier(hides: true)), toElement: index) }
        }
        list.addBlock(Picker("Tab", selection: selection) {
            ForEach(tabs.indices, id: \.self) { index in Text(tabs[index].title).tag(tabs[index].tag) }
        })
    }

    nonisolated static var contentBlocks: [ContentBlock] {
        [.container(Content.self), .block(Picker<Text, AnyHashable, ForEach<Range<Int>, Int, ModifiedView<Text>>>.self)]
    }

    /// The picker's line, then the selected tab's lines (the covered ones draw nothing).
    func renderLines(children: [[String]]) -> [String] {
        guard let picker = children.last else { return [] }
        return picker + children.dropLast().flatMap { $0 }
    }
}

/// `.tabItem`: the title of a tab of a `TabView`, from the label's text (a `Text`, a
/// `Label`'s title, or the first of several views that has one).
struct TabItemModifier: AttachedModifier {
    let title: String?
}

extension View {
    /// This view's title as a tab of a `TabView` (see `TabItemModifier`); images are not drawn.
    public func tabItem<Label: View>(@ViewBuilder _ label: () -> Label) -> ModifiedView<Self> {
        modifier(TabItemModifier(title: titleText(of: label())))
    }
}

/// The text a label view shows, if it is one that has a title: a `Text`, a `Label`'s title,
/// or in a group of views, the first such.
@MainActor
func titleText(of view: any View) -> String? {
    switch view {
    case let text as Text: text.content
    case let titled as any TitledView: titled.titleText
    default: nil
    }
}

/// A view whose title `titleText(of:)` can read.
@MainActor
protocol TitledView {
    var titleText: String? { get }
}

extension Label: TitledView {
    var titleText: String? { StateDB.titleText(of: title) }
}

extension TupleView: TitledView {
    var titleText: String? { children.lazy.compactMap { StateDB.titleText(of: $0) }.first }
}
