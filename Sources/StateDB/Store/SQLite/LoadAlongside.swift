import Foundation

/// The rows after a given rowid, read on a read-only connection and a thread of its own while
/// the store's connection reads the rows up to it: opening a store of many rows reads its table
/// on two cores (`SQLiteStoreDatabase.loadAllRows`).
///
/// Both connections must read the same snapshot: split by rowid, a row that moved to another
/// rowid between two snapshots without a new version (`VACUUM` renumbers the rowids of a table
/// like `slots`) could be read by neither, and no poll would read it again. Without SQLite's
/// snapshot functions (not in Debian's build), the sameness is proved by `PRAGMA data_version`,
/// which changes on a connection when another one committed:
///
/// 1. this side opens its connection, checks the file, and reads the data version (`ready`);
/// 2. only then does the store's connection begin its read transaction, reading the clock's tick
///    and the largest rowid, and hand over where to split (`start(after:bound:)`);
/// 3. this side begins its own read transaction and reads the data version again. The same
///    value means nobody committed between 1 and 3, so the store's snapshot, begun between them,
///    is this one. Another value, or another largest rowid, and this side reads nothing.
///
/// Whenever this side reads nothing — a file that cannot be opened again, that is no longer the
/// one the store's connection opened (a file put in its place since), a commit in between — the
/// store's connection reads these rows itself, in its own snapshot, as it did before: this is a
/// way to be faster, never a second source of truth.
final class LoadAlongside: Sendable {
    /// Where to split, from the store's connection: nil to read nothing (it reads every row
    /// itself). Set once, before `go` is signalled.
    private let split = Locked<(after: Int64, bound: Int64)?>(nil)
    private let ready = DispatchSemaphore(value: 0)
    private let go = DispatchSemaphore(value: 0)
    /// Empty, with room for the rows, until the reading thread takes it; what it read (nil:
    /// nothing) once it signals `finished`. Allocated here, on the store's thread: memory a
    /// thread of its own allocates stays with that thread's malloc arena once freed, resident.
    private let outcome: Locked<LoadedRows.Builder?>
    private let finished = DispatchSemaphore(value: 0)
    /// Whether `start` or `cancel` was called (only by the store's connection's thread).
    private let handedOver = Locked(false)
    /// `waitUntilReady` has run (only on the store's connection's thread).
    private let readySeen = Locked(false)
    /// The thread was not ready in time: its rows are not waited for (it ends on its own,
    /// having been told to read nothing).
    private let abandoned = Locked(false)

    /// Opens a second connection on the store file at `path`, which must still be `file`, the
    /// one the store's connection opened; it then waits to be told where to split.
    init(path: String, file: stat, expected: Int) {
        outcome = Locked(LoadedRows.Builder(expectedRows: expected))
        Thread.detachNewThread { [split, ready, go, outcome, finished] in
            let reader = try? Reader(path: path, file: file)
            ready.signal()
            go.wait()
            // Taken out, so that appending to it copies nothing.
            var rows = outcome.withLock { taken in defer { taken = nil }; return taken! }
            var read = false
            if let split = split.withLock({ $0 }), let reader {
                read = (try? reader.read(after: split.after, bound: split.bound, into: &rows)) ?? false
            }
            outcome.withLock { [read] in $0 = read ? rows : nil }
            finished.signal()
        }
    }

    /// Waits until the second connection has read the data version (or failed to open): the
    /// store's connection begins its snapshot after this. After a second (a thread that could
    /// not be started, a machine too loaded to run it) it gives up: this side reads nothing, and
    /// nothing waits for it again.
    func waitUntilReady() {
        guard !readySeen.withLock({ let seen = $0; $0 = true; return seen }) else { return }
        if ready.wait(timeout: .now() + 1) == .timedOut { abandon() }
    }

    /// Starts reading the rows after rowid `after`, in a snapshot whose largest rowid must be
    /// `bound` (the store's snapshot's).
    func start(after: Int64, bound: Int64) {
        hand(over: (after, bound))
    }

    /// Reads nothing: the store's connection reads every row.
    func cancel() {
        hand(over: nil)
    }

    /// Waits for the rows; nil when they were not read here.
    func rows() -> LoadedRows.Builder? {
        if abandoned.withLock({ $0 }) { return nil }
        finished.wait()
        finished.signal()  // so that asking again returns at once
        return outcome.withLock { $0 }
    }

    /// Ends the thread: cancels it if it was not started, and waits until it has finished, so no
    /// thread is left reading the file. Called on every way out of the load.
    func end() {
        waitUntilReady()  // an error before it was waited for: the thread may never have started
        cancel()
        _ = rows()
    }

    private func abandon() {
        cancel()
        abandoned.withLock { $0 = true }
    }

    private func hand(over value: (after: Int64, bound: Int64)?) {
        guard handedOver.withLock({ let first = !$0; $0 = true; return first }) else { return }
        split.withLock { $0 = value }
        go.signal()
    }

    /// The second connection, opened and checked, and the data version it read first.
    private struct Reader {
        let connection: SQLiteConnection
        let versionBefore: Int64

        /// Nil when the path no longer names the store's file.
        init?(path: String, file: stat) throws {
            // Never waits for another process's lock (a checkpoint, a recovery): the store's
            // connection, which waits for this one to be ready, reads the rows itself instead.
            guard let connection = try SQLiteConnection.alongside(path, file: file, beforeFirstRead: { try $0.execute("PRAGMA busy_timeout = 0") })
            else { return nil }
            self.connection = connection
            // Each page is read once, in order: a cache would only hold memory, which stays with
            // this thread's malloc arena after it ends (`bytes_per_mounted_slot` 578 → 528 with
            // the default 2 MB cache, and the load ~0.3 ms faster without it).
            try connection.execute("PRAGMA cache_size = -64")
            versionBefore = try connection.pragmaInteger(.dataVersion)
        }

        /// Adds the rows after `split` to `rows`; false when this snapshot is not the store's.
        func read(after split: Int64, bound: Int64, into rows: inout LoadedRows.Builder) throws -> Bool {
            defer { connection.close() }
            return try connection.transaction(immediate: false) {
                // Begins the snapshot (the first read), then asks whether anyone committed since
                // `versionBefore`.
                guard try SQLiteStoreDatabase.largestRowID(on: connection) == bound,
                      try connection.pragmaInteger(.dataVersion) == versionBefore else { return false }
                try SQLiteStoreDatabase.read(.after(split), on: connection, into: &rows)
                return true
            }
        }
    }
}
