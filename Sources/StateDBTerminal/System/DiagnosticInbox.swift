import Foundation
import StateDB

/// Store diagnostics that arrive (on any thread) while the host owns the screen: printing
/// them would scribble over the full-screen UI, so they are kept for the message line, and
/// handed to the store's own handler once the terminal is given back.
final class DiagnosticInbox: @unchecked Sendable {
    private let lock = NSLock()
    /// (`lock`) Not yet shown on the message line.
    private var unshown: [StateDiagnostic] = []
    /// (`lock`) Every diagnostic received, for the previous handler afterwards.
    private var all: [StateDiagnostic] = []

    func receive(_ diagnostic: StateDiagnostic) {
        lock.withLock {
            unshown.append(diagnostic)
            all.append(diagnostic)
        }
    }

    /// The diagnostics received since the last call.
    func takeUnshown() -> [StateDiagnostic] {
        lock.withLock {
            defer { unshown = [] }
            return unshown
        }
    }

    /// Every diagnostic received.
    func takeAll() -> [StateDiagnostic] {
        lock.withLock {
            defer { all = []; unshown = [] }
            return all
        }
    }
}
