import StateDB

/// One item: its done toggle, a button to show its details, and a remove button.
///
/// `isExpanded` and `isArmed` are per-row `@State`: each row keeps its own, under the row's
/// identity (`…/TodoRow[id: 3]/isExpanded`), and it ends when the item is removed. A hidden
/// row stays mounted and renders nothing, so hiding done items does not end their state.
struct TodoRow: View {
    @Binding var item: TodoItem
    let number: Int
    let isHidden: Bool
    let confirmsRemoval: Bool
    let remove: () -> Void

    @State var isExpanded = false
    /// Set by the first press of "remove" when removal needs confirming.
    @State var isArmed = false

    var body: some View {
        if !isHidden {
            VStack {
                HStack {
                    Toggle("\(number). \(item.title)", isOn: $item.isDone)
                    Button(isExpanded ? "less" : "more") { isExpanded.toggle() }
                    Button(isArmed ? "really remove?" : "remove") {
                        if confirmsRemoval && !isArmed {
                            isArmed = true
                        } else {
                            remove()
                        }
                    }
                }
                if isExpanded {
                    HStack {
                        Text("  ")
                        VStack {
                            TextField("Title", text: $item.title)
                            TextField("Note", text: $item.note)
                            Text("added \(item.added.shortText)")
                        }
                    }
                }
            }
        }
    }
}
