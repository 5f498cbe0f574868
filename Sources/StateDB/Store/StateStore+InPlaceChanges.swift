import Foundation

/// Values that change without a write: an object held in a slot (an observable model) whose
/// properties change. The slot's cell is told, or finds out, and the next commit stores the
/// value again.
///
/// Two ways, chosen by the cell: it is told at once (`noteChangedInPlace`, when it can watch
/// what its encoding reads), or it is asked before each commit (`pollInPlaceChanges(of:)`,
/// when it cannot: the cell compares encodings). Sendable by its lock, which guards `polled`.
final class InPlaceChangeWatch: @unchecked Sendable {
    private struct Polled {
        weak var cell: SlotCell?
    }

    private let lock = NSLock()
    /// (lock) Cells asked before each commit.
    private var polled: [Polled] = []

    func add(_ cell: SlotCell) {
        lock.withLock { polled.append(Polled(cell: cell)) }
    }

    /// The polled cells still alive and not ended; forgets the others.
    func livePolled() -> [SlotCell] {
        lock.withLock {
            polled.removeAll { $0.cell == nil }
            return polled.compactMap(\.cell)
        }
    }
}

/// The diagnostics a store reports once per key (`StateStore.reportOnce`). Sendable by its
/// lock, which guards `reported`.
final class OnceReports: @unchecked Sendable {
    private let lock = NSLock()
    /// (lock) Every key reported so far.
    private var reported: Set<String> = []

    /// True the first time `key` is given.
    func first(_ key: String) -> Bool {
        lock.withLock { reported.insert(key).inserted }
    }
}

extension StateStore {
    /// The value of `cell` changed in place (its object's properties changed): the next commit
    /// stores it again. Nothing else happens: views that read the properties find out through
    /// their own tracking. Any thread; no code of the app runs.
    func noteChangedInPlace(_ cell: SlotCell) {
        lock.withLock {
            guard !cell.isEnded else { return }
            cell.needsWrite = true
            enqueueLocked(cell)
        }
    }

    /// From now on `cell` is asked before each commit whether its value changed in place
    /// (`SlotCell.changedInPlaceSinceCommit`). It is forgotten once released.
    func pollInPlaceChanges(of cell: SlotCell) {
        inPlaceChanges.add(cell)
    }

    /// Asks every polled cell, outside the store's lock (the cells encode the app's values).
    func pollInPlaceChanges() {
        let polled = inPlaceChanges.livePolled()
        guard !polled.isEmpty else { return }
        let cells = lock.withLock { polled.filter { !$0.isEnded } }  // an ended slot stores nothing
        for cell in cells where cell.changedInPlaceSinceCommit(in: self) {
            noteChangedInPlace(cell)
        }
    }

    /// Reports `diagnostic` unless one was already reported for its key by this store.
    func reportOnce(_ diagnostic: StateDiagnostic) {
        guard onceReports.first("\(diagnostic.kind.rawValue) \(diagnostic.key ?? "")") else { return }
        report(diagnostic)
    }
}
