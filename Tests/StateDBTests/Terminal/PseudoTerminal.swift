import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal pair: a child process gets the terminal end as its standard streams and
/// believes it runs in a terminal window; the test types into and reads from the other end.
final class PseudoTerminal {
    let controller: Int32
    let terminal: Int32
    private var received: [UInt8] = []
    private var matchedUpTo = 0

    /// Everything the child wrote, escape sequences included.
    var output: String { String(decoding: received, as: UTF8.self) }

    init(rows: UInt16, columns: UInt16) throws {
        controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var name = [CChar](repeating: 0, count: 128)
        guard controller >= 0, LibC.grantpt(controller) == 0, LibC.unlockpt(controller) == 0,
              LibC.ptsname_r(controller, &name, name.count) == 0 else {
            throw POSIXError(.ENODEV)
        }
        terminal = open(name, O_RDWR | O_NOCTTY)
        guard terminal >= 0 else { throw POSIXError(.ENODEV) }
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(controller, UInt(TIOCSWINSZ), &size)
    }

    deinit {
        close(controller)
        close(terminal)
    }

    /// The terminal's local flags (`ICANON`, `ECHO`…) as the child left them.
    var localFlags: tcflag_t {
        var attributes = termios()
        tcgetattr(terminal, &attributes)
        return attributes.c_lflag
    }

    /// Starts `url` with the terminal as its standard input, output and error.
    func spawn(_ url: URL, _ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        let handle = FileHandle(fileDescriptor: terminal, closeOnDealloc: false)
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        return process
    }

    /// Types `text` as if from the keyboard.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
    }

    /// Types `q` and waits for `process` to end; false when it still runs after 30 s (the limit
    /// only keeps a broken child from hanging the run).
    func quit(_ process: Process) -> Bool {
        type("q")
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        return !process.isRunning
    }

    /// Reads what the child draws until `text` appears after the previous match.
    /// The limit only keeps a broken child from hanging the run; it is not a measurement.
    func waitFor(_ text: String, seconds: Double = 60) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let unread = String(decoding: received[matchedUpTo...], as: UTF8.self)
            if let range = unread.range(of: text) {
                matchedUpTo += unread[..<range.upperBound].utf8.count
                return true
            }
            guard Date() < deadline else { return false }
            var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            let count = read(controller, &buffer, buffer.count)
            if count > 0 { received += buffer[..<count] }
        }
    }
}

/// The pseudo-terminal calls, which the Glibc module hides (they need `_XOPEN_SOURCE`).
private enum LibC {
    static let grantpt = function("grantpt", as: (@convention(c) (Int32) -> Int32).self)
    static let unlockpt = function("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
    static let ptsname_r = function("ptsname_r", as: (@convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32).self)

    private static func function<F>(_ name: String, as type: F.Type) -> F {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
            fatalError("the C library has no \(name)")
        }
        return unsafeBitCast(symbol, to: type)
    }
}
