import StateDB
import StateDBTerminal
import Testing

// SwiftUI's built-in environment values that ordinary screens read: `\.dismiss`,
// `\.scenePhase`, `\.colorScheme`.

private struct Sheet: View {
    @Environment(\.dismiss) private var dismiss
    @Environment(\.scenePhase) private var phase
    @Environment(\.colorScheme) private var scheme
    var body: some View {
        Text("\(phase == .active ? "active" : "not active") \(scheme == .dark ? "dark" : "light")")
        Button("Close") { dismiss() }
    }
}

private struct Screen: View {
    var body: some View {
        VStack {
            Sheet()
            Sheet().environment(\.colorScheme, .light).environment(\.scenePhase, .background)
        }
        .preferredColorScheme(.light)
    }
}

@MainActor
struct BuiltInEnvironmentTests {
    @Test func scenePhaseIsActiveAndTheSchemeDarkUnlessSet() {
        let host = ViewHost(root: Screen(), store: .inMemory())
        #expect(Array(host.texts.filter { $0.contains(" ") }) == ["active dark", "not active light"])
    }

    @Test func dismissCallsTheHostsHandler() throws {
        let host = ViewHost(root: Sheet(), store: .inMemory())
        try host.button("Close").tap()  // no handler: nothing happens
        var dismissals = 0
        host.onDismiss = { dismissals += 1 }
        try host.button("Close").tap()
        #expect(dismissals == 1)
    }

    @Test func dismissEndsTheTerminalSession() {
        let host = ViewHost(root: Sheet(), store: .inMemory())
        var before = 0
        host.onDismiss = { before += 1 }
        let session = TerminalSession(host: host)
        #expect(session.handle(.tab) == .keepRunning)
        #expect(!session.isDismissed)
        #expect(session.handle(.enter) == .quit, "Enter pressed Close")
        #expect(session.isDismissed)
        #expect(before == 1, "the app's own handler ran too")
    }

    /// An app that sets its handler once the session runs adds to the session's end rather
    /// than replacing it.
    @Test func aHandlerSetAfterTheSessionBeganDoesNotKeepItRunning() {
        let host = ViewHost(root: Sheet(), store: .inMemory())
        let session = TerminalSession(host: host)
        var later = 0
        host.onDismiss = { later += 1 }
        #expect(session.handle(.tab) == .keepRunning)
        #expect(session.handle(.enter) == .quit, "Enter pressed Close")
        #expect(session.isDismissed && later == 1)
    }
}
