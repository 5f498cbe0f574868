import Foundation
import Observation

/// What one evaluation of a view's body read of observable models (`@Observable` classes),
/// as Observation tracks it: the token fires, once, when one of those properties is about to
/// change (Observation calls it in `willSet`, on the writer's thread).
///
/// A view's latest evaluation is the only one that counts: each evaluation retires the token
/// of the one before (the properties it read may differ), so a retired token firing later
/// invalidates nothing. Observation offers no way to cancel a registration before it fires,
/// so a retired one stays with its model until that property changes or the model goes.
final class ObservedReadToken: @unchecked Sendable {
    /// The view that read. Main actor only; weak, so a registration left with a model keeps
    /// no view alive.
    weak var node: ViewNode?
    /// (`ObservedChanges.lock`) Made by the view's latest evaluation, and not fired yet.
    fileprivate var isCurrent = true
}

/// Collects, from any thread, the views whose observed model properties changed, and wakes
/// the host's run loop (`ViewHost.onNeedsUpdate`) as slot writes do: once per batch. The host
/// drains them at its next update and re-runs those views with the views invalidated by slot
/// writes (parents first, each once).
final class ObservedChanges: @unchecked Sendable {
    private let lock = NSLock()
    /// (lock) Fired since the last drain.
    private var fired: [ObservedReadToken] = []
    private let wakeUp: WakeUp

    init(wakeUp: WakeUp) {
        self.wakeUp = wakeUp
    }

    /// Runs `apply` (a body) with Observation recording which model properties it reads.
    /// Returns the token of those reads, nil when it read none (nothing was registered then).
    func track<T>(_ apply: () -> T) -> (T, ObservedReadToken?) {
        var made: ObservedReadToken?
        // Called by Observation only when `apply` read something observable, so a body that
        // reads no model costs no token.
        func observer() -> @Sendable () -> Void {
            let token = ObservedReadToken()
            made = token
            return { [self] in self.fire(token) }
        }
        let result = withObservationTracking(apply, onChange: observer())
        return (result, made)
    }

    /// A property `token`'s evaluation read is about to change. Any thread.
    private func fire(_ token: ObservedReadToken) {
        lock.lock()
        guard token.isCurrent else {
            lock.unlock()
            return
        }
        token.isCurrent = false
        let first = fired.isEmpty
        fired.append(token)
        lock.unlock()
        if first { wakeUp.fire() }
    }

    /// `token`'s view was evaluated again, or left the tree: its firing means nothing now.
    func retire(_ token: ObservedReadToken) {
        lock.withLock { token.isCurrent = false }
    }

    /// The tokens fired since the last drain.
    func drain() -> [ObservedReadToken] {
        lock.withLock {
            defer { fired.removeAll(keepingCapacity: true) }
            return fired
        }
    }

    var hasChanges: Bool { lock.withLock { !fired.isEmpty } }
}
