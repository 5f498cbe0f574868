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
    /// (`ObservedChanges.lock`, set when it fires) 0 for an ordinary change; for a change a
    /// body made while being evaluated, how long the chain of such changes is (see
    /// `ViewHost.bodyWriteChainLimit`).
    private(set) var chainDepth = 0
    fileprivate func fired(chainDepth: Int) { self.chainDepth = chainDepth }
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
    /// `chainDepth`: what a change the body makes to a model carries (see
    /// `ObservedReadToken.chainDepth`).
    @MainActor
    func track<T>(chainDepth: Int, _ apply: () -> T) -> (T, ObservedReadToken?) {
        // Observation makes the observer (below) after `apply` returns, on this thread, so a
        // body's token is the one made while the field holds the enclosing evaluation's
        // (saved here: a body may re-enter the host). A local captured by the observer was
        // an allocation per body evaluated.
        let enclosing = madeToken
        madeToken = nil
        let result = BodyChainDepth.with(chainDepth) { withObservationTracking(apply, onChange: observer()) }
        let made = madeToken
        madeToken = enclosing
        return (result, made)
    }

    /// The token of the evaluation `track` is running, once Observation asked for its
    /// observer.
    @MainActor private var madeToken: ObservedReadToken?

    /// Called by Observation only when a body read something observable, so a body that reads
    /// no model costs no token.
    @MainActor private func observer() -> @Sendable () -> Void {
        let token = ObservedReadToken()
        madeToken = token
        return { [self] in self.fire(token) }
    }

    /// A property `token`'s evaluation read is about to change. Any thread.
    private func fire(_ token: ObservedReadToken) {
        // Observation calls this on the writer's thread, inside the write: a body running on
        // this thread made the change.
        let chainDepth = BodyChainDepth.current
        lock.lock()
        guard token.isCurrent else {
            lock.unlock()
            return
        }
        token.isCurrent = false
        token.fired(chainDepth: chainDepth)
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

/// While a body runs on a thread: one more than the chain depth of the change that made it run
/// (`ViewHost.evaluate`'s `depth`), which a change of a model the body makes carries; 0 when no
/// body runs on the thread. Per thread, as `ReadTracker`'s recorder: a change made on another
/// thread at the same moment is an ordinary one.
enum BodyChainDepth {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    static var current: Int { Int(bitPattern: pthread_getspecific(key)) }

    /// Runs `body` with `depth` as this thread's chain depth; nests.
    static func with<T>(_ depth: Int, _ body: () -> T) -> T {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: depth))
        defer { pthread_setspecific(key, previous) }
        return body()
    }
}
