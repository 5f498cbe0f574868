import Foundation
import StateDB

/// Issue 17's app lines: an app launching on a store of 10,000 or 1,000,000 slots and mounting
/// a 1,000-row tree (2,000 slots) that finds its rows. The ratio is the big store's open + mount
/// over the small one's (target ≤ 2), and the big store's launch keeps its peak resident set
/// ≤ 150 MB.
///
/// Each launch runs in a process of its own (`statedb-bench --app-launch PATH ROWS`), so its
/// time and peak memory are a fresh app's, not this process's with the stores it built.
@MainActor
public enum AppScaleScenario {
    /// The key of slot `property` of row `id` of `HydrateRoot`, as the store writes it.
    static func key(row id: Int, _ property: String) -> String {
        "HydrateRoot/VStack/ForEach/HydrateRow[id: \(id)]/\(property)"
    }

    /// Writes `slots` slots (`slots / 2` rows of `HydrateRoot`, an `Int` and a `String` each)
    /// through the public API, 50,000 rows per store session so the builder's memory stays
    /// bounded (a bound slot stays in memory while its store is open).
    public static func build(path: String, slots: Int) throws {
        let rows = slots / 2
        var start = 0
        while start < rows {
            let store = try StateStore(path: path)
            for id in start..<min(start + 50_000, rows) {
                try store.binding(for: key(row: id, "count"), default: 0).wrappedValue = id
                try store.binding(for: key(row: id, "title"), default: "").wrappedValue = "row \(id)"
            }
            try store.flush()
            store.close()
            start += 50_000
        }
    }

    /// One launch: opens the store at `path` and mounts a tree of `rows` rows (flushed);
    /// returns the seconds taken and checks that the rows were found.
    public static func launch(path: String, rows: Int) throws -> Double {
        var host: ViewHost?
        let seconds = try Stopwatch.time {
            let store = try StateStore(path: path)
            host = ViewHost(root: HydrateRoot(rows: rows, seed: false), store: store)
            try store.flush()
        }
        guard let host, host.render().contains("row \(rows - 1): \(rows - 1)") else {
            throw AppScaleError("the mounted tree did not find its rows")
        }
        host.store.close()
        return seconds
    }

    /// What the app lines measured.
    public struct Result: Sendable {
        public let smallSlots: Int
        public let largeSlots: Int
        public let mountedRows: Int
        /// Launch seconds per round on each store.
        public let small: [Double]
        public let large: [Double]
        /// The largest peak resident set of a launch on the big store, in MiB.
        public let largePeakMegabytes: Double
        public let smallPeakMegabytes: Double

        public var ratio: Double { median(zip(large, small).map { $0 / $1 }) }

        public var lines: [String] {
            ["app: open \(largeSlots) slots + mount \(mountedRows) rows vs \(smallSlots) slots: \(formatDuration(median(large))) vs \(formatDuration(median(small))), ratio \(format(ratio)) (target ≤ 2)",
             "app: peak RSS of that launch at \(largeSlots) slots \(Int(largePeakMegabytes.rounded())) MB (target ≤ 150), at \(smallSlots) slots \(Int(smallPeakMegabytes.rounded())) MB"]
        }

        /// `app_open_1m_vs_10k=R app_open_1m_peak_rss_mb=N`.
        public var summaryFields: String {
            "app_open_1m_vs_10k=\(format(ratio)) app_open_1m_peak_rss_mb=\(Int(largePeakMegabytes.rounded()))"
        }
    }

    /// Builds both stores in `folder` (each in a child `builder` process when given) and times
    /// `rounds` launches on each, interleaved, each a child `launcher` process.
    public static func measure(folder: String, smallSlots: Int, largeSlots: Int, mountedRows: Int, rounds: Int,
                               executable: String, log: (String) -> Void) throws -> Result {
        let small = folder + "/app-small.sqlite"
        let large = folder + "/app-large.sqlite"
        for (path, slots) in [(small, smallSlots), (large, largeSlots)] {
            log("app: building a \(slots)-slot store")
            _ = try child(executable, ["--app-build", path, String(slots)])
        }
        var smallTimes: [Double] = [], largeTimes: [Double] = []
        var smallPeak = 0.0, largePeak = 0.0
        for round in 0..<(rounds + 1) {
            log("app: launch round \(round + 1) of \(rounds + 1)")
            let order = round % 2 == 0 ? [small, large] : [large, small]
            for path in order {
                let (seconds, peak) = try child(executable, ["--app-launch", path, String(mountedRows)])
                guard round > 0 else { continue }  // warm-up (page cache)
                if path == small {
                    smallTimes.append(seconds)
                    smallPeak = max(smallPeak, peak)
                } else {
                    largeTimes.append(seconds)
                    largePeak = max(largePeak, peak)
                }
            }
        }
        return Result(smallSlots: smallSlots, largeSlots: largeSlots, mountedRows: mountedRows, small: smallTimes, large: largeTimes,
                      largePeakMegabytes: largePeak, smallPeakMegabytes: smallPeak)
    }

    /// Runs the bench executable with `arguments`; its last output line is "SECONDS PEAK_MB".
    private static func child(_ executable: String, _ arguments: [String]) throws -> (Double, Double) {
        let (status, text) = try runChildProcess(executable, arguments)
        guard status == 0,
              let last = text.split(separator: "\n").last,
              case let fields = last.split(separator: " "), fields.count == 2,
              let seconds = Double(fields[0]), let peak = Double(fields[1]) else {
            throw AppScaleError("\(executable) \(arguments.joined(separator: " ")) failed (exit \(status)): \(text)")
        }
        return (seconds, peak)
    }
}

struct AppScaleError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
