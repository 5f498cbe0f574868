import Foundation

/// `PRAGMA integrity_check` on a read-only connection and a thread of its own, started when
/// `StoreAdmin.check` starts, while the store's connection reads the schema, the clock and
/// every row.
///
/// The integrity check reads every page and walks every index (~1.7 s at a million slots
/// here); the row checks take another ~0.9 s of one core. One after the other, `statedb check`
/// took 1.5× the integrity check alone (the bound, met by a hair); side by side on two
/// cores it takes about as long as the longer of the two. With one core it is no slower than
/// before.
///
/// The integrity check sees a snapshot of its own: the same as the rows' unless a writer
/// commits between the two reads starting, which changes nothing it reports (whether the file's
/// pages and indexes are sound, not what the rows hold).
final class IntegrityCheckAlongside: @unchecked Sendable {
    // Safe to share: `outcome` is set once, under its lock, by the checking thread, which then
    // signals `finished`; it is read under the lock after waiting for that signal.
    private let outcome = Locked<Result<[String], any Error>?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts checking the file at `path`. `readsTruncatedFile`: the file is shorter than its
    /// header says, and is read as `check` reads it (see `SQLiteConnection.readsTruncatedFiles`).
    init(path: String, readsTruncatedFile: Bool) {
        Thread.detachNewThread { [outcome, finished] in
            let result = Result { try Self.problems(path: path, readsTruncatedFile: readsTruncatedFile) }
            outcome.withLock { $0 = result }
            finished.signal()
        }
    }

    /// Waits for the check: the problems SQLite lists, empty for a sound file.
    /// - Throws: what opening the connection threw (a `SQLiteError`, or `StateStoreError`
    ///   when a side file is not the store's).
    func problems() throws -> [String] {
        finished.wait()
        finished.signal()  // so that waiting again (`wait()`) returns at once
        return try outcome.withLock { $0! }.get()
    }

    /// Waits for the check to end, whatever it found: the caller leaves no thread reading the
    /// file behind it.
    func wait() {
        _ = try? problems()
    }

    private static func problems(path: String, readsTruncatedFile: Bool) throws -> [String] {
        let connection = try SQLiteConnection(path: path, mode: .readOnly)
        defer { connection.close() }
        if readsTruncatedFile { try connection.readsTruncatedFiles() }
        // The first read opens the -wal and -shm by name: they must still be the store's (the
        // store's own connection checked them when it opened).
        _ = try connection.pragmaInteger(.schemaVersion)
        try FileSafety.checkAfterOpening(connection, path: path, expectWAL: false)
        return try IntegrityCheck.problems(on: connection)
    }
}
