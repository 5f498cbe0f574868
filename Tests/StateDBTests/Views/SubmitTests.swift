import StateDB
import StateDBTerminal
import Testing

// `.onSubmit` as SwiftUI code uses it: Enter in a field (the terminal) or `submit()` on its
// handle (a test) runs the actions around the field.

private struct Groceries: View {
    @State var draft = ""
    @State var items: [String] = []
    @State var note = ""
    @State var log: [String] = []
    @State var locked = false
    var body: some View {
        VStack {
            TextField("New item", text: $draft)
                .onSubmit { items.append(draft); draft = "" }
                .disabled(locked)
            ForEach(items, id: \.self) { Text("- " + $0) }
            VStack {
                TextField("Note", text: $note)
                    .onSubmit { log.append("inner") }
                    .submitScope()
                    .onSubmit { log.append("blocked") }
                TextField("Other", text: $note)
            }
            .onSubmit(of: .search) { log.append("search") }
            .onSubmit { log.append("outer") }
            TextField("Plain", text: $note)
            Toggle("Locked", isOn: $locked)
            Text("log: " + log.joined(separator: ","))
        }
        .onSubmit { log.append("outermost") }
    }
}

@MainActor
struct SubmitTests {
    @Test func submittingAFieldRunsItsActions() throws {
        let host = ViewHost(root: Groceries(), store: .inMemory())
        try host.textField("New item").type("milk")
        try host.textField("New item").submit()
        #expect(host.texts.contains("- milk"))
        try #expect(host.textField("New item").text == "", "the action's writes are applied in the update")
        try #expect(host.textField("New item").hasSubmitAction)
    }

    @Test func actionsAddUpInnermostFirstUpToAScope() throws {
        let host = ViewHost(root: Groceries(), store: .inMemory())
        try host.textField("Note").submit()
        #expect(host.texts.contains("log: inner"), "the scope keeps the outer actions out; .search never triggers")
        try host.textField("Plain").submit()
        #expect(host.texts.contains("log: inner,outermost"))
        try host.textField("Other").submit()
        #expect(host.texts.contains("log: inner,outermost,outer,outermost"), "innermost first")
        // "New item" has its own and the outermost action.
        try host.textField("New item").submit()
        #expect(host.texts.contains("log: inner,outermost,outer,outermost,outermost"))
    }

    @Test func aDisabledFieldIsNotSubmitted() throws {
        let host = ViewHost(root: Groceries(), store: .inMemory())
        try host.textField("New item").type("milk")
        try host.toggle("Locked").toggle()
        #expect(throws: DriverError.self) { try host.textField("New item").submit() }
        #expect(!host.texts.contains("- milk"))
    }

    @Test func enterInTheTerminalSubmitsAndKeepsTheFocus() throws {
        let host = ViewHost(root: Groceries(), store: .inMemory())
        let session = TerminalSession(host: host)
        var decoder = KeyDecoder()
        session.handle(decoder.decode(Array("milk\reggs\r".utf8)))
        #expect(host.texts.contains("- milk") && host.texts.contains("- eggs"))
        #expect(host.focusedControl?.title == "New item", "a field with an action keeps the focus")
        #expect(session.editor?.text == "")
    }

    @Test func enterInAFieldWithoutActionsMovesOn() throws {
        struct Bare: View {
            @State var a = ""
            @State var b = ""
            var body: some View {
                TextField("A", text: $a)
                TextField("B", text: $b)
            }
        }
        let host = ViewHost(root: Bare(), store: .inMemory())
        let session = TerminalSession(host: host)
        session.handle(.enter)
        #expect(host.focusedControl?.title == "B")
    }
}
