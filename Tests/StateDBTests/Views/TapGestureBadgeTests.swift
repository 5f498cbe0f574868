import StateDB
import StateDBTerminal
import Testing

// `.onTapGesture` makes a view a control the driver and the terminal can activate; `.badge`
// draws a count after the first line.

private struct Mailboxes: View {
    @State var selected = "none"
    @State var unread = 3
    var body: some View {
        VStack {
            Text("Inbox").badge(unread).onTapGesture { selected = "Inbox"; unread = 0 }
            Text("Archive").badge("old").onTapGesture(count: 2) { selected = "Archive" }
            Text("Selected: \(selected)")
        }
    }
}

@MainActor
struct TapGestureBadgeTests {
    @Test func aTappableViewIsAButtonTitledWithItsText() throws {
        let host = ViewHost(root: Mailboxes(), store: .inMemory())
        #expect(host.render() == "Inbox (3)\nArchive (old)\nSelected: none")
        #expect(host.controls.map(\.title) == ["Inbox (3)", "Archive (old)"])
        try host.button("Inbox (3)").tap()
        #expect(host.render() == "Inbox\nArchive (old)\nSelected: Inbox", "a badge of 0 is not drawn")
        #expect(host.identities.contains("Mailboxes/VStack/Text"), "no segment added")
    }

    @Test func enterInTheTerminalActivatesIt() {
        let host = ViewHost(root: Mailboxes(), store: .inMemory())
        let session = TerminalSession(host: host)
        session.handle(.tab)
        #expect(host.focusedControl?.title == "Archive (old)")
        session.handle(.enter)
        #expect(session.snapshot.lines.contains("Selected: Archive"))
    }
}
