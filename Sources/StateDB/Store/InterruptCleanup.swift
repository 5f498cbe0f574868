import CInterruptCleanup
import Foundation
import Synchronization

/// What an interrupted command would otherwise leave behind: the private copy of a store a
/// `check` or `recover` reads, a `recover`'s unfinished new store, the hidden file an
/// `export -o` writes before renaming it, a schema backup being written.
///
/// Code that creates such a file registers it while it exists (`registering`, then `end()`); the
/// `statedb` tool calls `removeOnInterrupt()` first thing, so that Ctrl-C (SIGINT), SIGTERM or
/// SIGHUP removes every registered path before the process dies of the signal, as it would
/// have without statedb's help (a shell sees the usual 130, 143 or 129).
///
/// Why a thread and not a signal handler: a handler may only call async-signal-safe functions,
/// and removing a folder SQLite filled (the private copy) needs to list it, allocate and take
/// locks. Instead the signals are blocked in every thread (threads made later inherit the
/// mask) and one thread waits for them with `sigwait`, in an ordinary context. It first parks
/// the command's thread (with C code that calls async-signal-safe functions only, see
/// `interrupt_cleanup.h`), so that nothing is made again while it removes.
/// A signal a process was started with ignored (`nohup`, a background job) is left alone, so
/// it stays ignored.
///
/// In an app nothing waits for signals, and a registration is just an entry in a dictionary.
@_spi(Admin) public enum InterruptCleanup {
    /// A registered set of paths; `end()` once they are finished or removed. Released
    /// without `end()`, it ends: a finished file must never be removed by a later signal.
    public final class Registration: Sendable {
        fileprivate let id: Int
        fileprivate init(id: Int) { self.id = id }

        /// The paths are no longer this process's to remove: the work is done (a renamed file,
        /// a recovered store) or already cleaned up.
        public func end() {
            InterruptCleanup.registry.withLock { _ = $0.entries.removeValue(forKey: id) }
        }

        deinit { end() }
    }

    /// What to remove.
    public enum Path: Sendable {
        case file(String)
        /// A SQLite database file and its `-wal`, `-shm` and `-journal`.
        case database(String)
        /// A folder and the files in it (a folder in it only when empty), as a private copy or
        /// a backup being written has them.
        case folder(String)

        var name: String {
            switch self { case .file(let name), .database(let name), .folder(let name): name }
        }

        /// How the C cleanup removes it.
        var cleanupKind: statedb_cleanup_kind {
            switch self {
            case .file: STATEDB_CLEANUP_FILE
            case .database: STATEDB_CLEANUP_DATABASE
            case .folder: STATEDB_CLEANUP_FOLDER
            }
        }
    }

    /// Creates something with `create` and registers the paths it returns, as one step: an
    /// interrupt either finds them registered or comes before they exist (it waits for
    /// `create` to return). Register only what `create` made itself (an `O_EXCL` create, a
    /// `mkdtemp`): a path that was there before must never be removed.
    public static func registering<Result>(_ create: () throws -> (Result, [Path])) rethrows -> (Result, Registration) {
        try registry.withLock { state in
            let (result, paths) = try create()
            state.nextID += 1
            state.entries[state.nextID] = paths
            return (result, Registration(id: state.nextID))
        }
    }

    /// Commits a write transaction (`commit`) as one step for an interrupt: a signal is
    /// handled before the commit starts (the transaction rolls back when the process ends) or
    /// after it is done, and then the message says that the change stands, for an operator who
    /// pressed Ctrl-C while `gc` or `rm --prefix` printed what they had deleted.
    /// `database`: the file committed to, nil on PostgreSQL. A commit to a file this process
    /// made and registers (`recover`'s new store) changes nothing that stays.
    ///
    /// In an app (no `removeOnInterrupt()`), it is the commit alone: no process-wide lock.
    @discardableResult
    static func committing<T>(to database: String?, _ commit: () throws -> T) rethrows -> T {
        guard isWaitingForSignals.load(ordering: .acquiring) else { return try commit() }
        return try registry.withLock { state in
            isCommitting.store(true, ordering: .releasing)
            defer { isCommitting.store(false, ordering: .releasing) }
            let result = try commit()
            if !state.isRegistered(database) { state.committedAChange = true }
            return result
        }
    }

    /// Runs `step` (a short write that must not be cut in the middle, such as a change of the
    /// journal mode) before or after a signal is handled, never during it.
    static func uninterrupted<T>(_ step: () throws -> T) rethrows -> T {
        guard isWaitingForSignals.load(ordering: .acquiring) else { return try step() }
        return try registry.withLock { _ in try step() }
    }

    /// Ends the process with `code` once no cleanup is running: after a signal it waits for
    /// the cleanup's own end (by the signal), so that a command whose files were just removed
    /// under it does not exit first with an error of its own.
    public static func exit(_ code: Int32) -> Never {
        // A cleanup under way ends the process, also one that gave up waiting for the lock.
        while isCleaningUp.load(ordering: .acquiring) { pause() }
        registry.withLock { _ -> Never in Foundation.exit(code) }
    }

    /// Makes SIGINT, SIGTERM and SIGHUP remove every registered path, say so on standard
    /// error, and then end the process by the signal. Call it once, before any thread starts.
    public static func removeOnInterrupt() {
        // A signal the process was started with ignored (`nohup`, `trap '' HUP`) stays
        // ignored: blocked, Linux would still queue it for `sigwait`.
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            var action = sigaction()
            sigaction(signal, nil, &action)
            // C function pointers are not Equatable in Swift: SIG_IGN is the handler 1.
            let ignored = unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
            if !ignored { sigaddset(&signals, signal) }
        }
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        statedb_install_parking(parkingSignal)
        isWaitingForSignals.store(true, ordering: .releasing)
        let waitedFor = signals
        Thread.detachNewThread {
            var set = waitedFor
            var received: Int32 = 0
            while sigwait(&set, &received) != 0 {}
            cleanUpAndDie(of: received)
        }
    }

    /// `removeOnInterrupt()` ran: commits and steps take the registry's lock.
    private static let isWaitingForSignals = Atomic<Bool>(false)

    /// The cleanup parks the command's thread before it removes anything, so that the command
    /// cannot make a file again meanwhile (SQLite opening a store whose empty file was just
    /// removed, say). SIGURG: ignored by default, and nothing here uses it otherwise.
    private static let parkingSignal = SIGURG

    fileprivate struct State {
        var nextID = 0
        var entries: [Int: [Path]] = [:]
        /// A write transaction of this process committed (see `committing`).
        var committedAChange = false

        /// `database` is a registered file, or inside a registered folder.
        func isRegistered(_ database: String?) -> Bool {
            guard let database else { return false }
            return entries.values.joined().contains { path in
                switch path {
                case .file(let name), .database(let name): name == database
                case .folder(let name): database.hasPrefix(name + "/")
                }
            }
        }
    }

    fileprivate static let registry = Locked(State())

    /// Seconds the cleanup waits for the registry's lock (a commit under way, say) before it
    /// ends the process all the same (see `cleanUpAndDie`). Longer than SQLite's busy timeout
    /// (5 s), which a journal-mode switch under `uninterrupted` may wait out.
    private static let lockWaitLimit: TimeInterval = 10
    /// A signal is being handled: `exit` waits for the process's end by it.
    private static let isCleaningUp = Atomic<Bool>(false)
    /// A write's COMMIT holds the registry's lock (see `committing`).
    private static let isCommitting = Atomic<Bool>(false)

    /// Removes everything registered and re-raises `signal` with its default action. The
    /// registry's lock is never given back: a `registering` running meanwhile on another thread
    /// either finished before (and its paths are removed here) or waits until the process ends.
    ///
    /// Everything is worked out first, while the command's thread still runs: what to remove
    /// and what to say. Then C code parks that thread and does the removing, with
    /// async-signal-safe calls only (see `interrupt_cleanup.h`): once parked, the thread may
    /// hold any lock, the Swift runtime's too.
    private static func cleanUpAndDie(of signal: Int32) -> Never {
        isCleaningUp.store(true, ordering: .releasing)
        _ = registry.withLock(before: Date(timeIntervalSinceNow: lockWaitLimit)) { state -> Never in
            let paths = state.entries.values.joined().sorted { $0.name < $1.name }
            // Never freed: the process ends here.
            let cPaths = paths.map { statedb_cleanup_path(path: strdup($0.name), kind: $0.cleanupKind) }
            die(of: signal, removing: cPaths, head: sayText(signal: signal, afterCommit: state.committedAChange))
        }
        // Something has held the lock all that time: a PostgreSQL server that stopped answering
        // in the middle of a COMMIT (libpq waits for it without a limit), say. Waiting on would
        // make Ctrl-C do nothing; the files cannot be looked up without the lock. (`exit` now
        // waits for the end too, so the command cannot end first with a status of its own.)
        let holder = isCommitting.load(ordering: .acquiring)
            ? "while its change was being committed, and the database did not answer for \(Int(lockWaitLimit)) s: whether the change stands is unknown, so look (`statedb get`, `inspect`) before running the command again"
            : "while it could not stop for \(Int(lockWaitLimit)) s"
        die(of: signal, removing: [], head: sayText(signal: signal) + " " + holder + "; temporary files it made may be left")
    }

    /// Hands the removal of `paths` and the message (`head`, then what was removed) to the C
    /// code, which parks the command's thread first and ends the process by `signal`.
    private static func die(of signal: Int32, removing paths: [statedb_cleanup_path], head: String) -> Never {
        let nothingRemoved = (head + ".\n").utf8CString
        let prefix = (head + "; removed the unfinished or temporary files it had made: ").utf8CString
        let suffix = ".\n".utf8CString
        return paths.withUnsafeBufferPointer { paths in
            nothingRemoved.withUnsafeBufferPointer { nothingRemoved in
                prefix.withUnsafeBufferPointer { prefix in
                    suffix.withUnsafeBufferPointer { suffix in
                        statedb_park_remove_and_die(paths.baseAddress, Int32(paths.count), nothingRemoved.baseAddress,
                                                    prefix.baseAddress, suffix.baseAddress, signal)
                    }
                }
            }
        }
    }

    /// The message's start: which signal, and whether a change was committed.
    private static func sayText(signal: Int32, afterCommit: Bool = false) -> String {
        let name = signal == SIGINT ? "interrupted" : signal == SIGTERM ? "terminated (SIGTERM)" : "hung up (SIGHUP)"
        // A progress line may be half drawn on a terminal.
        var text = isatty(2) == 1 ? "\n" : ""
        text += "statedb: \(name)"
        if afterCommit { text += " after its change was committed: the change stands, and what it printed is incomplete" }
        return text
    }
}
