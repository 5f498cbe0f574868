import StateDB
import Testing

// `.alert`, `.confirmationDialog` and `.sheet`: drawn with the view they are attached to,
// modal while shown, closed by their buttons (alerts) or `dismiss()` (sheets), and adding one
// keeps the view's keys.

private struct Item: Identifiable, Codable, Equatable {
    var id: Int
    var name: String
}

private struct Shopping: View {
    @State var items = [Item(id: 1, name: "Milk"), Item(id: 2, name: "Eggs")]
    @State var confirmingClear = false
    @State var saved = false
    @State var editing: Item?
    @State var note = ""
    var body: some View {
        VStack {
            TextField("Note", text: $note)
            ForEach(items) { item in
                Button(item.name) { editing = item }
            }
            Button("Clear") { confirmingClear = true }
            Button("Save") { saved = true }
        }
        .alert("Clear the list?", isPresented: $confirmingClear) {
            Button("Clear", role: .destructive) { items = [] }
            Button("Cancel", role: .cancel) {}
        } message: {
            Text("This cannot be undone.")
        }
        .alert("Saved", isPresented: $saved) {}
        .sheet(item: $editing) { item in
            ItemEditor(item: item)
        }
    }
}

private struct ItemEditor: View {
    let item: Item
    @State var quantity = 1
    @Environment(\.dismiss) private var dismiss
    var body: some View {
        VStack {
            Text("\(item.name) × \(quantity)")
            Button("More") { quantity += 1 }
            Button("Done") { dismiss() }
        }
    }
}

@MainActor
struct PresentationTests {
    @Test func anAlertShowsBelowItsViewAndOnlyItsButtonsCanBeUsed() throws {
        let host = ViewHost(root: Shopping(), store: .inMemory())
        let before = host.identities
        try host.button("Clear").tap()
        #expect(host.render() == """
            Note: []
            [ Milk ]
            [ Eggs ]
            [ Clear ]
            [ Save ]
            ▌ Clear the list?
            ▌ This cannot be undone.
            ▌ [ ! Clear ]  [ Cancel ]
            """)
        #expect(host.controls.map(\.title) == ["Clear", "Cancel"], "the screen behind the alert cannot be used")
        #expect(before.allSatisfy(host.identities.contains), "the view's keys did not change")
        try host.button("Cancel").tap()
        #expect(!host.render().contains("▌"), "a button closes the alert")
        try host.button("Clear").tap()
        try host.button("Clear").tap()
        #expect(host.render() == "Note: []\n[ Clear ]\n[ Save ]", "the action ran, then the alert closed")
    }

    @Test func anAlertWithoutButtonsHasOK() throws {
        let host = ViewHost(root: Shopping(), store: .inMemory())
        try host.button("Save").tap()
        #expect(host.render().hasSuffix("▌ Saved\n▌ [ OK ]"))
        try host.button("OK").tap()
        #expect(!host.render().contains("Saved"))
    }

    @Test func aSheetCoversItsViewKeepsItsStateAndDismissCloses() throws {
        let host = ViewHost(root: Shopping(), store: .inMemory())
        try host.textField("Note").type("weekly")
        try host.button("Milk").tap()
        #expect(host.render() == "Milk × 1\n[ More ]\n[ Done ]")
        #expect(host.controls.map(\.title) == ["More", "Done"])
        #expect(host.identities.contains("Shopping/PresentedSheet/SheetContent/ItemEditor[.id: 1]/VStack/Button"))
        #expect(host.identities.contains("Shopping/VStack/TextField"), "the covered view is still mounted")
        try host.button("More").tap()
        #expect(host.render().hasPrefix("Milk × 2"))
        try host.button("Done").tap()
        #expect(host.render().hasPrefix("Note: [weekly]"), "the covered view kept its state")
        try host.button("Eggs").tap()
        #expect(host.render().hasPrefix("Eggs × 1"), "another item's sheet starts afresh")
    }

    @Test func aSheetsOnDismissRunsHoweverItCloses() throws {
        struct Sheeted: View {
            @State var shown = false
            @State var closings = 0
            var body: some View {
                VStack {
                    Text("closed \(closings)")
                    Button("Open") { shown = true }
                }
                .sheet(isPresented: $shown, onDismiss: { closings += 1 }) {
                    SheetBody()
                }
            }
        }
        struct SheetBody: View {
            @Environment(\.dismiss) private var dismiss
            var body: some View { Button("Close") { dismiss() } }
        }
        let host = ViewHost(root: Sheeted(), store: .inMemory())
        var hostDismissed = false
        host.onDismiss = { hostDismissed = true }
        try host.button("Open").tap()
        #expect(host.render() == "[ Close ]")
        try host.button("Close").tap()
        #expect(host.render().hasPrefix("closed 1"))
        #expect(!hostDismissed, "dismiss() closed the sheet, not the host's screen")
        try host.button("Open").tap()
        let shown = try host.store.binding(for: "Sheeted/shown", default: false)
        shown.wrappedValue = false
        host.update()
        #expect(host.render().hasPrefix("closed 2"), "closed by the binding: onDismiss ran too")
    }

    @Test func aFullScreenCoverAndAPopoverShowAsSheets() throws {
        struct Pick: Identifiable { let id: Int }
        struct Covered: View {
            @State var covering = false
            @State var closings = 0
            @State var picked: Pick?
            var body: some View {
                VStack {
                    Text("closed \(closings)")
                    Button("Cover") { covering = true }
                    Button("Pick") { picked = Pick(id: 7) }
                }
                .fullScreenCover(isPresented: $covering, onDismiss: { closings += 1 }) { CloseButton() }
                .popover(item: $picked, arrowEdge: .top) { pick in Text("picked \(pick.id)") }
            }
        }
        struct CloseButton: View {
            @Environment(\.dismiss) private var dismiss
            var body: some View { Button("Close") { dismiss() } }
        }
        let host = ViewHost(root: Covered(), store: .inMemory())
        try host.button("Cover").tap()
        #expect(host.render() == "[ Close ]", "the cover is drawn in place of the view")
        try host.button("Close").tap()
        #expect(host.render().hasPrefix("closed 1"), "dismiss() closed it and onDismiss ran")
        try host.button("Pick").tap()
        #expect(host.render() == "picked 7")
        #expect(host.controls.isEmpty, "modal: the covered view's buttons cannot be used")
    }

    @Test func aHandleKeptAfterItsButtonLeftTheTreeStillTapsSafely() throws {
        struct Vanishing: View {
            @State var shown = true
            @State var taps = 0
            var body: some View {
                VStack {
                    Text("taps \(taps)")
                    if shown {
                        VStack { Button("Hide") { taps += 1; shown = false } }
                    }
                }
            }
        }
        let host = ViewHost(root: Vanishing(), store: .inMemory())
        let kept = try host.button("Hide")
        try kept.tap()
        #expect(host.render() == "taps 1")
        try kept.tap()  // its node and the stack around it are gone: the action runs, nothing else
        #expect(host.render() == "taps 2")
    }

    @Test func drawingModifiersAroundAPresentingViewLeaveThePresentationAlone() throws {
        struct Titled: View {
            @State var asking = true
            @State var editing = false
            var body: some View {
                VStack {
                    Text("list")
                    Button("Edit") { editing = true }
                }
                .alert("Sure?", isPresented: $asking) { Button("Yes") {} }
                .sheet(isPresented: $editing) { Text("editor") }
                .navigationTitle("Notes")
                .padding(.leading, 16)
            }
        }
        let host = ViewHost(root: Titled(), store: .inMemory())
        #expect(host.render() == "  Notes\n  list\n  [ Edit ]\n▌ Sure?\n▌ [ Yes ]", "one title; the alert neither titled nor padded")
        try host.button("Yes").tap()
        try host.button("Edit").tap()
        #expect(host.render() == "editor", "the covered view draws nothing, its title included")
    }

    @Test func aConfirmationDialogWorksAsAnAlert() throws {
        struct Dialog: View {
            @State var asking = false
            @State var answer = "none"
            var body: some View {
                Button("Ask: \(answer)") { asking = true }
                    .confirmationDialog("Pick one", isPresented: $asking, titleVisibility: .visible) {
                        Button("Red") { answer = "red" }
                        Button("Blue") { answer = "blue" }
                    }
            }
        }
        let host = ViewHost(root: Dialog(), store: .inMemory())
        try host.button("Ask: none").tap()
        #expect(host.render() == "[ Ask: none ]\n▌ Pick one\n▌ [ Red ]  [ Blue ]")
        try host.button("Blue").tap()
        #expect(host.render() == "[ Ask: blue ]")
        #expect(host.identities.contains("Dialog/Button"))
    }
}
