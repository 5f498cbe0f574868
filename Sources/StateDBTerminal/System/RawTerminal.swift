#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// Signal handlers and atexit can reach only globals, and only with async-signal-safe calls
// (write, tcsetattr, sigaction, raise): hence the plain C-style state below.
/// On the heap, not a global `termios`: Swift 6.3 tells the address sanitizer that a global of
/// this C struct is 57 bytes where it is 60, so `tcgetattr` writing all of it into a global
/// was reported as an overflow.
nonisolated(unsafe) private let savedAttributes: UnsafeMutablePointer<termios> = {
    let attributes = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    attributes.initialize(to: termios())
    return attributes
}()
nonisolated(unsafe) private var terminalIsRaw: sig_atomic_t = 0
nonisolated(unsafe) private var quitSignalCount: sig_atomic_t = 0
nonisolated(unsafe) private var wakeDescriptor: Int32 = -1
nonisolated(unsafe) private var previousActions: UnsafeMutablePointer<sigaction>?
nonisolated(unsafe) private var exitHandlerInstalled = false
nonisolated(unsafe) private var previousMask = sigset_t()

private let quitSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
private let crashSignals: [Int32] = [SIGABRT, SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE]
private let signalSlots = 65

/// Puts the terminal in raw mode on the alternate screen with bracketed paste, and makes sure
/// it comes back.
///
/// Restoring happens on `leave()`, at process exit (`atexit`), and on signals: the first
/// SIGINT / SIGTERM / SIGHUP / SIGQUIT asks the run loop to quit normally (so the app still
/// saves and prints what it prints on exit); a second one, or a crash (SIGABRT, SIGSEGV, a
/// Swift trap…), restores the terminal at once and lets the signal do what it did before.
/// Not handled: SIGKILL, which nothing can catch (`reset` repairs the terminal then).
enum RawTerminal {
    /// Whether a quit signal arrived since `enter()`.
    static var quitRequested: Bool { quitSignalCount > 0 }

    /// Saves the terminal's settings, switches to raw mode and the alternate screen, hides
    /// the cursor, and installs the handlers. `wake` gets a byte on each signal handled.
    static func enter(wake: Int32) throws(TerminalError) {
        guard tcgetattr(STDIN_FILENO, savedAttributes) == 0 else {
            throw TerminalError("cannot read the terminal's settings: \(String(cString: strerror(errno)))")
        }
        var raw = savedAttributes.pointee
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)  // frames end their lines with \r\n themselves
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)  // Ctrl-C arrives as a key
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        wakeDescriptor = wake
        quitSignalCount = 0
        installHandlers()
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else {
            removeHandlers()
            throw TerminalError("cannot switch the terminal to raw mode: \(String(cString: strerror(errno)))")
        }
        terminalIsRaw = 1
        // Bracketed paste: the terminal marks pasted text, so it is inserted, never read as keys.
        writeAll(STDOUT_FILENO, "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h\u{1B}[2J")
    }

    /// Restores the terminal and the previous signal handlers.
    static func leave() {
        restoreTerminal()
        removeHandlers()
        wakeDescriptor = -1
    }

    // MARK: - Handlers

    private static func installHandlers() {
        if previousActions == nil {
            previousActions = .allocate(capacity: signalSlots)
            previousActions!.initialize(repeating: sigaction(), count: signalSlots)
        }
        for signal in quitSignals { install(handleQuitSignal, for: signal) }
        for signal in crashSignals { install(handleCrashSignal, for: signal) }
        install(handleResize, for: SIGWINCH)
        // A process inherits its parent's blocked signals (a parent that spawns from a
        // Dispatch thread blocks SIGTERM, for one): unblock ours on this thread, or a
        // SIGTERM would never arrive.
        var handled = sigset_t()
        sigemptyset(&handled)
        for signal in quitSignals + [SIGWINCH] { sigaddset(&handled, signal) }
        pthread_sigmask(SIG_UNBLOCK, &handled, &previousMask)
        if !exitHandlerInstalled {
            exitHandlerInstalled = true
            atexit { restoreTerminal() }
        }
    }

    private static func removeHandlers() {
        guard let previousActions else { return }
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        for signal in quitSignals + crashSignals + [SIGWINCH] {
            sigaction(signal, previousActions + Int(signal), nil)
        }
    }

    private static func install(_ handler: @escaping @convention(c) (Int32) -> Void, for signal: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(signal, &action, previousActions! + Int(signal))
    }
}

// MARK: - What runs inside signal handlers

/// Leaves the alternate screen, shows the cursor and puts the saved settings back; does
/// nothing when the terminal is not raw. Async-signal-safe.
private func restoreTerminal() {
    guard terminalIsRaw != 0 else { return }
    terminalIsRaw = 0
    let sequence: StaticString = "\u{1B}[0m\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l"
    _ = write(STDOUT_FILENO, sequence.utf8Start, sequence.utf8CodeUnitCount)
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, savedAttributes)
}

private func poke(_ byte: UInt8) {
    guard wakeDescriptor >= 0 else { return }
    var byte = byte
    _ = write(wakeDescriptor, &byte, 1)
}

private func handleQuitSignal(_ signal: Int32) {
    quitSignalCount += 1
    if quitSignalCount == 1 {
        poke(UInt8(ascii: "q"))
        return
    }
    handleCrashSignal(signal)
}

private func handleCrashSignal(_ signal: Int32) {
    restoreTerminal()
    if let previousActions { sigaction(signal, previousActions + Int(signal), nil) }
    raise(signal)
}

private func handleResize(_ signal: Int32) {
    poke(UInt8(ascii: "r"))
}

/// Writes all of `text`, retrying short writes.
func writeAll(_ descriptor: Int32, _ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written < 0 {
            if errno == EINTR { continue }
            return
        }
        bytes = bytes.dropFirst(written)
    }
}
