import Foundation
import Testing

/// Kills a child process (SIGKILL) that still runs after `seconds`, so that a child that hangs
/// fails its test instead of stalling the whole run until CI's time limit ends it with no
/// result. SIGKILL, not SIGTERM: a child started from a Dispatch thread inherits its signal
/// mask, in which SIGTERM is blocked.
///
/// Start it right after `process.run()`; once `waitUntilExit()` returned, `finish()` says
/// whether it had to kill (and records an issue then).
///
/// Its state is guarded by an `NSLock`, not a `Mutex`: the thread sanitizer sees no futex.
final class Watchdog: @unchecked Sendable {
    /// Ten minutes: the longest command of the suite (a `recover` under the thread sanitizer)
    /// takes well under one.
    static let defaultLimit: Double = 600

    private enum State { case watching, finished, killed }
    private let lock = NSLock()
    private var state = State.watching
    private let seconds: Double

    init(_ process: Process, seconds: Double = Watchdog.defaultLimit) {
        self.seconds = seconds
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            // Under the lock, so that a child `finish()` saw end is never killed: its pid may
            // belong to another process by then.
            self.lock.withLock {
                guard self.state == .watching else { return }
                self.state = .killed
                kill(pid, SIGKILL)
            }
        }
    }

    /// Stops watching; true (with an issue recorded) when the child had to be killed.
    @discardableResult
    func finish(_ commandLine: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let killed = lock.withLock {
            defer { if state == .watching { state = .finished } }
            return state == .killed
        }
        if killed {
            Issue.record("\(commandLine()) still ran after \(Int(seconds)) s and was killed", sourceLocation: sourceLocation)
        }
        return killed
    }
}
