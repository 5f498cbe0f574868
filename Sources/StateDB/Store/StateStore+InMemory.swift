extension StateStore {
    /// True for `StateStore.inMemory()`.
    var isInMemory: Bool { path == ":memory:" }

    /// (databaseLock held) An in-memory store's commit. Nothing can ever read its rows back:
    /// no other connection sees a `:memory:` database, and this process keeps every value it
    /// would read in its cells. So a commit writes no row and encodes no value; it only settles
    /// the cells' bookkeeping as a committed batch would (created, seen, nothing pending). Writing
    /// the rows made mounting a tree on an in-memory store the slowest way to mount it: an
    /// INSERT per slot into a database no one reads.
    func settleInMemory() {
        lock.withLock {
            for cell in commitQueue {
                cell.isQueued = false
                guard !cell.isEnded else { continue }
                if cell.needsWrite { cell.hasRow = true }
                cell.needsWrite = false
                cell.needsSeenStamp = false
            }
            commitQueue.removeAll(keepingCapacity: true)
            pendingDeletions.removeAll()
            pendingQuarantine.removeAll()
            pendingAdoptions.removeAll()
            pendingExplicitKeys.removeAll()
        }
    }
}
