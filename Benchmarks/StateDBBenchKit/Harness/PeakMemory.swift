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
