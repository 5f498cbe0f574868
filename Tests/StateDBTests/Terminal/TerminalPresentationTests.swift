import StateDB
import StateDBTerminal
import Testing

private struct Inbox: View {
    @State var messages = ["hello", "offer"]
    @State var confirming = false
    var body: some View {
        VStack {
            ForEach(messages, id: \.self) { Text($0) }
            Button("Delete all") { confirming = true }
        }
        .alert("Delete every message?", isPresented: $confirming) {
            Button("Delete", role: .destructive) { messages = [] }
            Button("Cancel", role: .cancel) {}
        }
    }
}

/// The terminal and an alert: the cursor goes to the alert's buttons, Enter answers it, and
/// the screen behind it cannot be reached meanwhile.
@MainActor
@Suite("Terminal presentations")
struct TerminalPresentationTests {
    @Test func enterAnswersTheAlertAndTabStaysInIt() {
        let host = ViewHost(root: Inbox(), store: .inMemory())
        let session = TerminalSession(host: host)
        #expect(host.focusedControl?.title == "Delete all")
        session.handle(.enter)
        #expect(session.snapshot.lines.contains("▌ [ ! Delete ]  [ Cancel ]"))
        #expect(host.controls.map(\.title) == ["Delete", "Cancel"])
        #expect(host.focusedControl?.title == "Delete", "the cursor went to the alert")
        session.handle(.tab)
        #expect(host.focusedControl?.title == "Cancel")
        session.handle(.tab)
        #expect(host.focusedControl?.title == "Delete", "Tab goes round the alert's buttons only")
        session.handle(.enter)
        #expect(!session.snapshot.lines.contains { $0.hasPrefix("▌") }, "answered: the alert closed")
        #expect(!session.snapshot.lines.contains("hello"), "its action ran")
        #expect(host.focusedControl?.title == "Delete all")
    }

    @Test func escapeClosesTheAlertWithoutAnAnswer() {
        let host = ViewHost(root: Inbox(), store: .inMemory())
        let session = TerminalSession(host: host)
        session.handle(.enter)
        #expect(session.snapshot.lines.contains { $0.hasPrefix("▌") })
        session.handle(.escape)
        #expect(!session.snapshot.lines.contains { $0.hasPrefix("▌") }, "closed")
        #expect(session.snapshot.lines.contains("hello"), "no button's action ran")
        #expect(session.handle(.escape) == .keepRunning, "with nothing to close, Escape does nothing")
    }
}
