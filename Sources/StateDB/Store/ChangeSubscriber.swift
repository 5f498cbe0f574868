/// Receives the slots that changed in a store, for a view host to invalidate their readers.
///
/// Writes append the cell to `pending` under the store's lock; the host drains it at the
/// start of each update. `onFirstChange` runs (outside the lock) when `pending` goes from
/// empty to non-empty, so an event loop knows an update is due.
final class ChangeSubscriber: @unchecked Sendable {
    /// (store lock; the lock rules out overlapping access, so no runtime exclusivity check)
    @exclusivity(unchecked) var pending: [SlotCell] = []
    let onFirstChange: (@Sendable () -> Void)?

    init(onFirstChange: (@Sendable () -> Void)?) {
        self.onFirstChange = onFirstChange
    }
}

extension StateStore {
    func subscribe(onFirstChange: (@Sendable () -> Void)? = nil) -> ChangeSubscriber {
        let subscriber = ChangeSubscriber(onFirstChange: onFirstChange)
        lock.withLock { subscribers.append(subscriber) }
        return subscriber
    }

    func unsubscribe(_ subscriber: ChangeSubscriber) {
        lock.withLock { subscribers.removeAll { $0 === subscriber } }
    }

    /// The cells changed since the last drain (duplicates possible).
    func drainChanges(of subscriber: ChangeSubscriber) -> [SlotCell] {
        lock.withLock {
            let changed = subscriber.pending
            subscriber.pending.removeAll(keepingCapacity: true)
            return changed
        }
    }

    /// (lock held) Tells every subscriber that `cell` changed; returns the callbacks to run
    /// once the lock is released.
    func noteChangeLocked(_ cell: SlotCell) -> [@Sendable () -> Void] {
        var wakeUps: [@Sendable () -> Void] = []
        for subscriber in subscribers {
            if subscriber.pending.isEmpty, let wake = subscriber.onFirstChange { wakeUps.append(wake) }
            subscriber.pending.append(cell)
        }
        return wakeUps
    }
}

extension StateStore {
    /// Whether `subscriber` has changes waiting.
    func hasChanges(for subscriber: ChangeSubscriber) -> Bool {
        lock.withLock { !subscriber.pending.isEmpty }
    }
}
