import Foundation
import StateDB

/// The root view: the list, a field to add items, and the settings.
///
/// Everything it owns is persisted under its identity (`TodoApp/…`): the items, the text
/// being typed, the settings (`@State`, handed to `SettingsPanel` as bindings), and
/// `lastOpened`, a `@NonState` that is written once on the way out and never refreshes a view.
struct TodoApp: View {
    /// Shown in the header, so it is plain where the state lives.
    let storePath: String
    /// When this run started; becomes `lastOpened` on the way out.
    let openedAt: Date

    @State var items: [TodoItem] = []
    @State var nextID = 1
    @State var newTitle = ""
    @State var showsDone = true
    @State var confirmsRemoval = false
    /// When the previous run started, nil on the first run.
    @NonState var lastOpened: Date? = nil

    var body: some View {
        VStack {
            Text(header)
            Text("stored in \(storePath)")
            Text("")
            HStack {
                TextField("New item", text: $newTitle)
                Button("Add") {
                    add(newTitle)
                    newTitle = ""
                }
            }
            Text("")
            if items.isEmpty {
                Text("Nothing to do. Add an item above.")
            }
            ForEach($items) { $item in
                TodoRow(
                    item: $item,
                    number: number(of: item.id),
                    isHidden: item.isDone && !showsDone,
                    confirmsRemoval: confirmsRemoval,
                    remove: { remove(id: item.id) }
                )
            }
            if hiddenCount > 0 {
                Text("(\(hiddenCount) done \(hiddenCount == 1 ? "item" : "items") hidden)")
            }
            Text("")
            SettingsPanel(showsDone: $showsDone, confirmsRemoval: $confirmsRemoval)
        }
    }

    private var header: String {
        let done = items.filter(\.isDone).count
        let count = "\(items.count) \(items.count == 1 ? "item" : "items")" + (done > 0 ? ", \(done) done" : "")
        let opened = lastOpened.map { "last opened \($0.shortText)" } ?? "first run"
        return "todo — \(count) · \(opened)"
    }

    private var hiddenCount: Int {
        showsDone ? 0 : items.filter(\.isDone).count
    }

    /// The 1-based position shown in front of an item and used by scripted commands.
    private func number(of id: Int) -> Int {
        (items.firstIndex { $0.id == id } ?? 0) + 1
    }

    // MARK: - Actions (the buttons and the scripted commands call these)

    /// Appends an item; blank titles are ignored.
    func add(_ title: String) {
        let title = title.trimmingCharacters(in: .whitespaces)
        guard !title.isEmpty else { return }
        items.append(TodoItem(id: nextID, title: title, added: Date()))
        nextID += 1
    }

    func remove(id: Int) {
        items.removeAll { $0.id == id }
    }

    /// Records this run as the last opening. A `@NonState` write: nothing is redrawn, the
    /// value is committed with the next flush.
    func recordOpening() {
        lastOpened = openedAt
    }
}
