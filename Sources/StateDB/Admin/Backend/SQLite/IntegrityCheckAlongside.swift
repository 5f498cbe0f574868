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
/// pages and indexes are sound, not what the rows hold). When the second connection cannot be
/// opened or read, or the path names another file than the one the store's connection opened
/// (a file put in its place since, even before `check` started), `problems()` says so
/// (`Unavailable`) and the caller checks on its own connection, as before.
final class IntegrityCheckAlongside: Sendable {
    /// The second connection could not check the store's file: check on the store's own.
    struct Unavailable: Error {}

    /// Set once, under its lock, by the checking thread, which then signals `finished`; read
    /// under the lock after waiting for that signal.
    private let outcome = Locked<Result<[String], any Error>?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts checking the file at `path`, which must still be `file`, the one the store's
    /// connection opened (nil: unknown, so the store's connection checks). `readsTruncatedFile`:
    /// the file is shorter than its header says, and is read as `check` reads it (see
    /// `SQLiteConnection.readsTruncatedFiles`).
    init(path: String, file: stat?, readsTruncatedFile: Bool) {
        Thread.detachNewThread { [outcome, finished] in
            let result = Result { try Self.problems(path: path, file: file, readsTruncatedFile: readsTruncatedFile) }
            outcome.withLock { $0 = result }
            finished.signal()
        }
    }

    /// Waits for the check: the problems SQLite lists, empty for a sound file.
    /// - Throws: `Unavailable` when the second connection could not check the store's file;
    ///   `StateStoreError(.unsafeFile)` when a side file is not the store's.
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

    private static func problems(path: String, file: stat?, readsTruncatedFile: Bool) throws -> [String] {
        guard let file else { throw Unavailable() }
        let opened: SQLiteConnection?
        do {
            opened = try SQLiteConnection.alongside(path, file: file) { if readsTruncatedFile { try $0.readsTruncatedFiles() } }
        } catch is SQLiteError {
            throw Unavailable()  // a file removed, a header damaged since: the store's connection checks
        }
        // Nil: not the file the store's connection reads (one put in its place since it opened).
        guard let connection = opened else { throw Unavailable() }
        defer { connection.close() }
        return try IntegrityCheck.problems(on: connection)
    }
}
