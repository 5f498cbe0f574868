import Foundation

/// The process's peak resident set (`VmHWM` in `/proc/self/status`), in MiB; nil where the
/// file does not exist.
public func peakResidentMegabytes() -> Double? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count >= 2, let kilobytes = Double(fields[1]) else { return nil }
        return kilobytes / 1024
    }
    return nil
}

/// The process's resident set now (`VmRSS`), in MiB.
public func residentMegabytes() -> Double? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count >= 2, let kilobytes = Double(fields[1]) else { return nil }
        return kilobytes / 1024
    }
    return nil
}

/// Gives memory the heap has freed back to the system (glibc's `malloc_trim`, looked up at run
/// time since the C library module does not export it), so one scenario's peak does not sit on
/// top of another's leftovers.
func releaseFreedMemory() {
    typealias Trim = @convention(c) (Int) -> Int32
    guard let symbol = dlsym(nil, "malloc_trim") else { return }
    _ = unsafeBitCast(symbol, to: Trim.self)(0)
}

/// The resident set now, in bytes (`VmRSS`); 0 where it cannot be read.
func residentBytes() -> Int {
    Int((residentMegabytes() ?? 0) * 1024 * 1024)
}
