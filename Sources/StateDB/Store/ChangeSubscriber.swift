/// Receives the slots that changed in a store, for a view host to invalidate their readers.
///
/// Writes append the cell to `pending` under the store's lock; the host drains it at the
/// start of each update. `onFirstChange` runs (outside the lock) when `pending` goes from
/// empty to non-empty, so an event loop knows an update is due.
/// `@unchecked Sendable`: its mutable fields are guarded by the store's lock.
final class ChangeSubscriber: @unchecked Sendable {
    /// (store lock; no runtime exclusivity check on this write path, see `SlotCell`)
    @exclusivity(unchecked) var pending: [SlotCell] = []
    /// (store lock) Names this subscriber's current batch of `pending`: a number no other
    /// batch of any subscriber of the store has. A cell stamped with it is already pending.
    @exclusivity(unchecked) var batch: UInt64
    let onFirstChange: (@Sendable () -> Void)?

    init(batch: UInt64, onFirstChange: (@Sendable () -> Void)?) {
        self.batch = batch
        self.onFirstChange = onFirstChange
    }
}

extension StateStore {
    func subscribe(onFirstChange: (@Sendable () -> Void)? = nil) -> ChangeSubscriber {
        lock.withLock {
            let subscriber = ChangeSubscriber(batch: nextChangeBatchLocked(), onFirstChange: onFirstChange)
            changeEpoch &+= 1  // cells noted before must reach the newcomer too
            subscribers.append(subscriber)
            return subscriber
        }
    }

    func unsubscribe(_ subscriber: ChangeSubscriber) {
        lock.withLock { subscribers.removeAll { $0 === subscriber } }
    }

    /// The cells changed since the last drain (duplicates possible when several subscribers
    /// share a cell).
    func drainChanges(of subscriber: ChangeSubscriber) -> [SlotCell] {
        lock.withLock {
            let changed = subscriber.pending
            subscriber.pending.removeAll(keepingCapacity: true)
            subscriber.batch = nextChangeBatchLocked()
            changeEpoch &+= 1
            return changed
        }
    }

    /// (lock held) A batch number never handed out before.
    private func nextChangeBatchLocked() -> UInt64 {
        changeBatchCounter += 1
        return changeBatchCounter
    }

    /// (lock held) Tells every subscriber that `cell` changed; returns the callbacks to run
    /// once the lock is released.
    ///
    /// A cell already pending for a subscriber (stamped with its batch) is not added again:
    /// a frame that writes a slot ten times queues it once, and skips the reference counting
    /// of nine appends, which was most of the cost of a write.
    ///
    /// A cell noted in the current `changeEpoch` (no subscriber drained or joined since) is
    /// pending everywhere already, so repeated writes skip the loop and its reference counting.
    func noteChangeLocked(_ cell: SlotCell) -> [@Sendable () -> Void] {
        if cell.notedEpoch == changeEpoch { return [] }
        cell.notedEpoch = changeEpoch
        var wakeUps: [@Sendable () -> Void] = []
        for subscriber in subscribers where cell.pendingBatch != subscriber.batch {
            if subscriber.pending.isEmpty, let wake = subscriber.onFirstChange { wakeUps.append(wake) }
            subscriber.pending.append(cell)
            cell.pendingBatch = subscriber.batch
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
