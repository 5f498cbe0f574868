import Foundation
import StateDB

/// `todo --layout 2`: the screen as a second version of the app would ship it — a header of its
/// own, the list in a container of its own with the field to add items below it, and the
/// settings panel wrapped in a group with a note.
///
/// The root keeps the type name `TodoApp` (the namespace is not part of a key), so its slots
/// (`TodoApp/list`, `TodoApp/showsDone`, …) are the same rows as layout 1's. The rows and the
/// panel sit under other containers than in layout 1, so their keys change
/// (`TodoApp/VStack/ForEach/TodoRow[id: 3]/isExpanded` becomes
/// `TodoApp/VStack/VStack[#2]/ForEach/TodoRow[id: 3]/isExpanded`); the store carries their state
/// over when the other layout mounts (`stateAdopted`), in both directions.
enum LayoutTwo {
    struct TodoApp: TodoRoot {
        let storePath: String
        let openedAt: Date

        @State var list = TodoList()
        @State var newTitle = ""
        @State var showsDone = true
        @AppStorage("confirmsRemoval") var confirmsRemoval = false
        @NonState var lastOpened: Date? = nil

        var body: some View {
            VStack {
                Header(itemCount: items.count, doneCount: doneCount, openedText: openedText, storePath: storePath)
                VStack {
                    if items.isEmpty {
                        Text("Nothing to do. Add an item below.")
                    }
                    ForEach($list.items) { $item in
                        row(for: $item)
                    }
                    if hiddenCount > 0 {
                        Text(hiddenText)
                    }
                }
                Text("")
                HStack {
                    TextField("New item", text: $newTitle)
                    Button("Add") { addNewTitle() }
                }
                Text("")
                Group {
                    SettingsPanel(showsDone: $showsDone, confirmsRemoval: $confirmsRemoval)
                    Text("(settings are saved as you change them)")
                }
            }
        }
    }

    /// The top of the screen: the counts, when the list was last opened, where it is stored.
    struct Header: View {
        let itemCount: Int
        let doneCount: Int
        let openedText: String
        let storePath: String

        var body: some View {
            VStack {
                Text("todo  ·  \(itemCount) \(itemCount == 1 ? "item" : "items")  ·  \(itemCount - doneCount) open  ·  \(doneCount) done")
                Text("\(openedText) · \(storePath)")
                Text(String(repeating: "─", count: 40))
            }
        }
    }
}
