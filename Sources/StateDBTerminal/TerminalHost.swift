#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation
import StateDB

/// Runs a `ViewHost` in the terminal until the user quits.
///
/// ```swift
/// let host = ViewHost(root: ContentView(), store: try StateStore(path: path))
/// try TerminalHost(host: host).run()   // returns when the user quits
/// try host.store.flush()
/// ```
///
/// `run()` switches the terminal to raw mode on the alternate screen with the cursor hidden,
/// draws the host, and then reacts to keys (see `TerminalSession`), to window resizes, and to
/// changes other processes commit to the store (checked every half second, so a value set
/// with the `statedb` CLI shows up while the app runs). The terminal is restored when `run()`
/// returns, throws, or the process exits or dies of a signal (see `RawTerminal`).
///
/// Between keys the loop runs the main actor's pending work, so the views' `.task`s (and tasks
/// that actions start) run (see `runMainActorWork`); what they write is drawn like any other
/// change.
///
/// While it runs, the store's diagnostics (a bad hand edit, a failed commit) appear on the
/// screen's message line instead of being printed over it; when `run()` returns, each is
/// also handed to the `diagnosticHandler` the store had, so an app that prints or logs them
/// still does, after the screen is given back.
@MainActor
public final class TerminalHost {
    public let host: ViewHost

    public init(host: ViewHost) {
        self.host = host
    }

    /// Whether standard input and output are both terminals, which `run()` needs.
    public nonisolated static var isAvailable: Bool {
        isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    }

    /// Draws the host and handles input until the user quits (`q`, Ctrl-C), a view calls its
    /// `@Environment(\.dismiss)` action, or a SIGINT, SIGTERM or SIGHUP arrives.
    ///
    /// - Throws: `TerminalError` when standard input or output is not a terminal, or the
    ///   terminal refuses raw mode; the terminal is left as it was.
    public func run() throws(TerminalError) {
        guard Self.isAvailable else { throw .notATerminal }
        let wake = try WakePipe()
        let previousHandler = host.onNeedsUpdate
        host.onNeedsUpdate = { wake.wake() }
        defer { host.onNeedsUpdate = previousHandler }
        let inbox = DiagnosticInbox()
        let store = host.store
        let previousDiagnosticHandler = store.diagnosticHandler
        store.diagnosticHandler = { diagnostic in
            inbox.receive(diagnostic)
            wake.wake()
        }
        defer {
            store.diagnosticHandler = previousDiagnosticHandler
            for diagnostic in inbox.takeAll() { previousDiagnosticHandler(diagnostic) }
        }
        try RawTerminal.enter(wake: wake.writeEnd)
        defer { RawTerminal.leave() }

        let session = TerminalSession(host: host)
        var decoder = KeyDecoder()
        var size = currentScreenSize()
        var drawn: Frame?
        var input = [UInt8](repeating: 0, count: 4096)
        let clock = ContinuousClock()
        var lastCheck = clock.now
        // Most turns of the loop (every `mainActorTurn`) change nothing: no frame to build.
        var mayHaveChanged = true

        // A view's `dismiss()` ends the session; a task's, after the update that ran it.
        while !RawTerminal.quitRequested && !session.isDismissed {
            for diagnostic in inbox.takeUnshown() {
                session.show(Self.messageLine(for: diagnostic))
                mayHaveChanged = true
            }
            if runMainActorWork() {
                host.update()
                session.refresh()
                mayHaveChanged = true
            }
            if mayHaveChanged {
                let frame = session.frame(size: size)
                if frame != drawn {
                    writeAll(STDOUT_FILENO, frame.ansi)
                    drawn = frame
                }
                mayHaveChanged = false
            }
            var descriptors = [
                pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0),
            ]
            // Wake often enough to let main-actor work resume (see `runMainActorWork`).
            let ready = poll(&descriptors, 2, Self.mainActorTurn)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if descriptors[1].revents != 0, wake.drain().contains(UInt8(ascii: "r")) {
                size = currentScreenSize()
                writeAll(STDOUT_FILENO, "\u{1B}[2J")
                drawn = nil
            }
            if ready > 0 { mayHaveChanged = true }
            if descriptors[0].revents != 0 {
                let count = read(STDIN_FILENO, &input, input.count)
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                if count <= 0 { return }  // the terminal went away
                if session.handle(decoder.decode(input[..<count])) == .quit { return }
            } else if ready > 0 || clock.now - lastCheck >= .milliseconds(500) {
                // Woken, or half a second went by: pick up changes from other threads and
                // processes.
                lastCheck = clock.now
                host.update()
                session.refresh()
                mayHaveChanged = true
            }
        }
    }

    /// How long the loop waits for a key (in ms) before running the main actor's work again.
    static let mainActorTurn: Int32 = 20

    /// Runs the main actor's pending work — the views' `.task`s, a `Task { }` an action
    /// started — which cannot run while this loop holds the main thread in `poll`; true when
    /// the host then has changes to show. Work resuming from a wait off the main actor (a
    /// sleep, a download) enqueues itself without waking `poll`, so the loop comes back every
    /// `mainActorTurn` ms (other processes' changes are still looked for every half second).
    ///
    /// This needs `run()` to be called from synchronous code on the main thread (top-level
    /// code in `main.swift`, as the examples do): called from an `async` context, the main
    /// actor's work waits for `run()` to return.
    private func runMainActorWork() -> Bool {
        _ = RunLoop.main.run(mode: .default, before: Date())
        return host.needsUpdate
    }

    /// A diagnostic as one line for the message line (its description, line breaks made spaces).
    static func messageLine(for diagnostic: StateDiagnostic) -> String {
        diagnostic.description.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
