import Foundation
import Synchronization

/// Writing to a file descriptor, and what became of standard output.
///
/// A command whose standard output cannot be written (a full disk behind `>`, a closed
/// descriptor) still runs to its end: its change, if it makes one, is made whether or not its
/// report can be printed, so a write failure must not stop it half-way or claim that nothing
/// happened. What it printed is dropped from the first failure on, and `StatedbCommandLine.run`
/// says so once the command is done.
enum StandardOutput {
    /// The `errno` of the first failed write to standard output; 0 while none failed.
    private static let firstFailure = Atomic<Int32>(0)

    /// Why standard output could not be written, nil when every write went through.
    static var failure: String? {
        let code = firstFailure.load(ordering: .relaxed)
        return code == 0 ? nil : String(cString: strerror(code))
    }

    /// Writes all of `bytes` to standard output, unless an earlier write failed.
    static func write(_ bytes: UnsafeRawBufferPointer) {
        guard firstFailure.load(ordering: .relaxed) == 0 else { return }
        if let code = writeAll(bytes, to: STDOUT_FILENO) {
            _ = firstFailure.compareExchange(expected: 0, desired: code, ordering: .relaxed)
        }
    }

    /// Writes all of `bytes` to `descriptor`; the `errno` of the write that failed, else nil.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }
}
