#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A pipe the run loop polls beside standard input, so signals (resize, quit) and changes
/// made on other threads wake it. Both ends are non-blocking: a full pipe already means
/// "wake up", and a signal handler must never block.
final class WakePipe: Sendable {
    let readEnd: Int32
    let writeEnd: Int32

    init() throws(TerminalError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw TerminalError("cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        readEnd = ends[0]
        writeEnd = ends[1]
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    func wake(_ byte: UInt8 = UInt8(ascii: "u")) {
        var byte = byte
        _ = write(writeEnd, &byte, 1)
    }

    /// Everything written since the last drain.
    func drain() -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(readEnd, &buffer, buffer.count)
            guard count > 0 else { return result }
            result += buffer[..<count]
        }
    }
}

/// The terminal's size, or `ScreenSize.fallback` when it cannot be read.
func currentScreenSize() -> ScreenSize {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else {
        return .fallback
    }
    return ScreenSize(rows: Int(size.ws_row), columns: Int(size.ws_col))
}
