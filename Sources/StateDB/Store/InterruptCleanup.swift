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
/// the command's thread (`parkCommandThread`), so that nothing is made again while it removes.
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
        /// A folder and everything in it.
        case folder(String)

        var name: String {
            switch self { case .file(let name), .database(let name), .folder(let name): name }
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
        commandThread = pthread_self()
        signal(parkingSignal, parkingHandler)
        var parking = sigset_t()
        sigemptyset(&parking)
        sigaddset(&parking, parkingSignal)
        pthread_sigmask(SIG_UNBLOCK, &parking, nil)
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

    /// The thread that runs the command (the one that called `removeOnInterrupt()`), set
    /// before the waiting thread starts and never again.
    nonisolated(unsafe) fileprivate static var commandThread = pthread_t()
    /// The cleanup parks the command's thread before it removes anything, so that the command
    /// cannot make a file again meanwhile (SQLite opening a store whose empty file was just
    /// removed, say). SIGURG: ignored by default, and nothing here uses it otherwise.
    private static let parkingSignal = SIGURG
    /// The cleanup began: the parking signal parks the command's thread (before, it is ignored).
    fileprivate static let isCleaningUp = Atomic<Bool>(false)
    /// The command's thread is parked for good.
    fileprivate static let isParked = Atomic<Bool>(false)

    /// Stops the command's thread (pthread_kill with `parkingSignal`) and waits, at most two
    /// seconds, until it is parked.
    private static func parkCommandThread() {
        isCleaningUp.store(true, ordering: .releasing)
        guard pthread_kill(commandThread, parkingSignal) == 0 else { return }
        for _ in 0..<2_000 where !isParked.load(ordering: .acquiring) { usleep(1_000) }
    }

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

    /// Seconds the cleanup may take before the process ends without it (see `cleanUpAndDie`):
    /// removing a private copy of a large store takes well under one.
    private static let cleanupTimeLimit: UInt32 = 10

    /// Removes everything registered and re-raises `signal` with its default action. The
    /// registry's lock is never given back: a `registering` running meanwhile on another thread
    /// either finished before (and its paths are removed here) or waits until the process ends.
    private static func cleanUpAndDie(of signal: Int32) -> Never {
        // The parked thread may hold a lock the removal needs (the allocator's, the Swift
        // runtime's metadata lock): then the process would hang for good after the operator's
        // Ctrl-C. SIGALRM's default action ends it instead, with the files left behind.
        Foundation.signal(SIGALRM, SIG_DFL)
        alarm(cleanupTimeLimit)
        var removed: [String] = []
        registry.withLock { state -> Never in
            parkCommandThread()
            for paths in state.entries.values {
                for path in paths where remove(path) { removed.append(path.name) }
            }
            state.entries.removeAll()
            say(signal: signal, removed: removed.sorted(), afterCommit: state.committedAChange)
            Foundation.signal(signal, SIG_DFL)
            var only = sigset_t()
            sigemptyset(&only)
            sigaddset(&only, signal)
            pthread_sigmask(SIG_UNBLOCK, &only, nil)
            raise(signal)
            _exit(128 + signal)  // not reached: the default action of all three ends the process
        }
    }

    /// Removes a path; whether something was there.
    private static func remove(_ path: Path) -> Bool {
        switch path {
        case .file(let name):
            return unlink(name) == 0
        case .database(let name):
            for companion in ["-wal", "-shm", "-journal"] { unlink(name + companion) }
            return unlink(name) == 0
        case .folder(let name):
            guard FileManager.default.fileExists(atPath: name) else { return false }
            try? FileManager.default.removeItem(atPath: name)
            return !FileManager.default.fileExists(atPath: name)
        }
    }

    private static func say(signal: Int32, removed: [String], afterCommit: Bool) {
        let name = signal == SIGINT ? "interrupted" : signal == SIGTERM ? "terminated (SIGTERM)" : "hung up (SIGHUP)"
        // A progress line may be half drawn on a terminal.
        var text = isatty(2) == 1 ? "\n" : ""
        text += "statedb: \(name)"
        if afterCommit { text += " after its change was committed: the change stands, and what it printed is incomplete" }
        text += removed.isEmpty ? ".\n" : "; removed the unfinished or temporary files it had made: \(removed.joined(separator: ", ")).\n"
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count) }
    }
}

/// The parking signal's handler: on the command's thread once the cleanup began, it says so and
/// waits until the process ends (`pause` is async-signal-safe; atomics without locks are);
/// anywhere else it does nothing.
private func parkingHandler(_: Int32) {
    guard InterruptCleanup.isCleaningUp.load(ordering: .acquiring), pthread_equal(pthread_self(), InterruptCleanup.commandThread) != 0 else { return }
    InterruptCleanup.isParked.store(true, ordering: .releasing)
    while true { pause() }
}
