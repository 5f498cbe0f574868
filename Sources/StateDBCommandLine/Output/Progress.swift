import Foundation

/// Rows done out of the total, on standard error, for long work on a terminal: one line
/// redrawn in place (`exported 120000 / 1000000 rows`) at most ten times a second, and left
/// showing the total when done. Nothing at all when standard error is not a terminal, so
/// scripts and logs never see it.
final class Progress {
    let what: String
    private(set) var total: Int
    private(set) var done = 0
    private let enabled: Bool
    private var lastShown: UInt64 = 0
    private var shown = false

    init(what: String, total: Int, enabled: Bool = isatty(STDERR_FILENO) == 1) {
        self.what = what
        self.total = total
        self.enabled = enabled
    }

    /// A progress line when standard error is a terminal, else nil; `total` is asked for only
    /// then (counting a million rows is not free).
    static func onTerminal(_ what: String, total: () throws -> Int) -> Progress? {
        guard isatty(STDERR_FILENO) == 1 else { return nil }
        return Progress(what: what, total: (try? total()) ?? 0)
    }

    /// A progress line fed with (done, total) pairs, for work that learns its total late.
    static func onTerminal(_ what: String) -> Progress? {
        guard isatty(STDERR_FILENO) == 1 else { return nil }
        return Progress(what: what, total: 0)
    }

    /// `done` of `total` rows done (a report of work done in batches: each is drawn when due).
    func update(done: Int, total: Int) {
        self.total = total
        self.done = done
        redrawIfDue()
    }

    /// One more row (or `count`) done.
    func advance(by count: Int = 1) {
        done += count
        // The clock is read every 1024 rows only.
        guard enabled, done & 1023 == 0 || !shown else { return }
        redrawIfDue()
    }

    private func redrawIfDue() {
        guard enabled else { return }
        let now = Self.monotonicNanoseconds()
        guard !shown || now - lastShown >= 100_000_000 else { return }
        lastShown = now
        show(end: "")
    }

    /// Shows the final count and ends the line (if a line was shown).
    func finish() {
        guard enabled, shown else { return }
        show(end: "\n")
    }

    private func show(end: String) {
        shown = true
        // `\r` and clear-to-end-of-line: the line is redrawn where it is.
        let count = total > 0 ? "\(done) / \(total)" : "\(done)"
        let line = "\r\u{1B}[K\(what) \(count) rows" + end
        _ = line.utf8CString.withUnsafeBufferPointer { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
    }

    private static func monotonicNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
