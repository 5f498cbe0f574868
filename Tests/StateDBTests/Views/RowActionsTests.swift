import StateDB
import Testing

// `.swipeActions` and `.contextMenu`: a terminal cannot swipe or right-click, so a row's
// actions are drawn after it and used as any buttons; `EditButton` draws nothing.

private struct Inbox: View {
    @State var mails = ["hello", "offer"]
    @State var flagged: [String] = []
    var body: some View {
        List {
            EditButton()
            ForEach(mails, id: \.self) { mail in
                Text(mail)
                    .swipeActions(edge: .trailing) {
                        Button("Delete", role: .destructive) { mails.removeAll { $0 == mail } }
                        Button("Flag") { flagged.append(mail) }
                    }
                    .contextMenu { Button("Copy \(mail)") { flagged.append("copied " + mail) } }
            }
            Text("flagged: \(flagged.joined(separator: ", "))")
        }
    }
}

/// Row actions and toolbar items made by a `ForEach`.
private struct Labels: View {
    @State var applied: [String] = []
    let labels = ["red", "green"]
    var body: some View {
        List {
            Text("mail")
                .swipeActions {
                    ForEach(labels, id: \.self) { label in Button(label) { applied.append(label) } }
                }
            Text("applied: \(applied.joined(separator: ", "))")
        }
        .toolbar {
            ForEach(labels, id: \.self) { label in Button("All \(label)") { applied.append("all " + label) } }
            ToolbarItem {
                ForEach(labels, id: \.self) { label in Button("None \(label)") { applied.removeAll { $0.hasSuffix(label) } } }
            }
        }
    }
}

@MainActor
struct RowActionsTests {
    @Test func aRowsSwipeActionsAreButtonsAfterIt() throws {
        let host = ViewHost(root: Inbox(), store: .inMemory())
        #expect(host.render() == """
            hello
              [ ! Delete ]  [ Flag ]
            … ▸
            offer
              [ ! Delete ]  [ Flag ]
            … ▸
            flagged:
            """)
        try host.buttons("Flag")[1].tap()
        try host.buttons("Delete")[0].tap()
        #expect(host.render() == "offer\n  [ ! Delete ]  [ Flag ]\n… ▸\nflagged: offer")
        try host.button("…").tap()
        try host.button("Copy offer").tap()
        #expect(host.render().hasSuffix("… ▸\nflagged: offer, copied offer"), "the context menu ran its item and closed")
        #expect(host.identities.contains(#"Inbox/List/ForEach/Text[id: "offer"]"#), "the row keeps its key")
        #expect(host.identities.contains(#"Inbox/List/ForEach/SwipeActions[id: "offer"]/Button"#))
    }

    @Test func buttonsAForEachMakesAreSideBySideInSwipeActionsAndToolbars() throws {
        let host = ViewHost(root: Labels(), store: .inMemory())
        #expect(host.render() == """
            mail
              [ red ]  [ green ]
            applied:
            [ All red ]  [ All green ]  [ None red ]  [ None green ]
            """, "a ForEach's buttons laid out in the row, as an HStack lays them out, in a ToolbarItem too")
        try host.button("green").tap()
        try host.button("All red").tap()
        #expect(host.render().contains("applied: green, all red"))
    }
}
