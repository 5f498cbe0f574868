import Foundation
import StateDB

/// The root view: the list, a field to add items, and the settings.
///
/// What it owns is persisted under its identity (`TodoApp/…`): the list (an `@Observable`
/// model, `TodoList`, in `@State`), the text being typed and whether done items show
/// (`@State`), and `lastOpened`, a `@NonState` that is written once on the way out and never
/// refreshes a view. "Confirm before remove" is an app-wide setting, `@AppStorage`
/// (`AppStorage/confirmsRemoval`). The settings reach `SettingsPanel` as bindings.
///
/// `todo --layout 2` runs `LayoutTwo.TodoApp` instead: the same state under the same keys,
/// arranged the way a second version of the app would.
struct TodoApp: TodoRoot {
    /// Shown in the header, so it is plain where the state lives.
    let storePath: String
    /// When this run started; becomes `lastOpened` on the way out.
    let openedAt: Date

    @State var list = TodoList()
    @State var newTitle = ""
    @State var showsDone = true
    /// The new-item field has the focus: Add gives it back, so the next item can be typed.
    @FocusState var isAddingItem: Bool
    @AppStorage("confirmsRemoval") var confirmsRemoval = false
    /// When the previous run started, nil on the first run.
    @NonState var lastOpened: Date? = nil

    var body: some View {
        VStack {
            Text("todo — \(countText) · \(openedText)")
            Text("stored in \(storePath)")
            Text("")
            HStack {
                TextField("New item", text: $newTitle).focused($isAddingItem)
                Button("Add") {
                    addNewTitle()
                    isAddingItem = true
                }
            }
            Text("")
            if list.items.isEmpty {
                Text("Nothing to do. Add an item above.")
            }
            ForEach($list.items) { $item in
                row(for: $item)
            }
            if hiddenCount > 0 {
                Text(hiddenText)
            }
            Text("")
            SettingsPanel(showsDone: $showsDone, confirmsRemoval: $confirmsRemoval)
        }
    }
}

/// What the root view of either layout owns, and what is done with it: one implementation of
/// the actions and texts for both. Each layout declares the same properties (under the same
/// type name, `TodoApp`), so both read and write the same rows.
protocol TodoRoot: View {
    var storePath: String { get }
    var openedAt: Date { get }
    var list: TodoList { get }
    var newTitle: String { get nonmutating set }
    var showsDone: Bool { get nonmutating set }
    var confirmsRemoval: Bool { get nonmutating set }
    var lastOpened: Date? { get nonmutating set }
}

extension TodoRoot {
    var items: [TodoItem] { list.items }

    var doneCount: Int { items.filter(\.isDone).count }

    /// `3 items, 1 done`.
    var countText: String {
        "\(items.count) \(items.count == 1 ? "item" : "items")" + (doneCount > 0 ? ", \(doneCount) done" : "")
    }

    /// `last opened 2026-11-29 12:29`, or `first run`.
    var openedText: String {
        lastOpened.map { "last opened \($0.shortText)" } ?? "first run"
    }

    var hiddenCount: Int {
        showsDone ? 0 : doneCount
    }

    /// `(1 done item hidden)`.
    var hiddenText: String {
        "(\(hiddenCount) done \(hiddenCount == 1 ? "item" : "items") hidden)"
    }

    /// The 1-based position shown in front of an item and used by scripted commands.
    func number(of id: Int) -> Int {
        (items.firstIndex { $0.id == id } ?? 0) + 1
    }

    /// The row of one item, as both layouts show it.
    func row(for item: Binding<TodoItem>) -> TodoRow {
        let id = item.wrappedValue.id
        return TodoRow(
            item: item,
            number: number(of: id),
            isHidden: item.wrappedValue.isDone && !showsDone,
            confirmsRemoval: confirmsRemoval,
            remove: { remove(id: id) }
        )
    }

    // MARK: - Actions (the buttons and the scripted commands call these)

    /// Appends an item; blank titles are ignored.
    func add(_ title: String) {
        let title = title.trimmingCharacters(in: .whitespaces)
        guard !title.isEmpty else { return }
        list.items.append(TodoItem(id: list.nextID, title: title, added: Date()))
        list.nextID += 1
    }

    /// The "Add" button: adds what was typed and empties the field.
    func addNewTitle() {
        add(newTitle)
        newTitle = ""
    }

    func remove(id: Int) {
        list.items.removeAll { $0.id == id }
    }

    /// Records this run as the last opening. A `@NonState` write: nothing is redrawn, the
    /// value is committed with the next flush.
    func recordOpening() {
        lastOpened = openedAt
    }
}
