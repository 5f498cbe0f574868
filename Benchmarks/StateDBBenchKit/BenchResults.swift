/// What one run measured.
public struct BenchResults: Sendable {
    /// One tree size of the update-scaling run.
    public struct TreePoint: Sendable {
        /// Views in the tree (as many slots).
        public let views: Int
        /// Mean seconds per update (statedb) and per one-row transaction (floor), per round.
        public let cost: Comparison
    }

    /// One size of the JSON-file peer.
    public struct JSONFilePoint: Sendable {
        public let slots: Int
        /// The JSON file's frames (subject) against statedb's (baseline): the ratio is how many
        /// times statedb is faster.
        public let cost: Comparison
    }

    public let configuration: BenchConfiguration
    /// statedb frames against the floor's transactions.
    public let write: Comparison
    /// statedb frames against the floor running the store's own statements (not a target; for
    /// the table: what statedb adds to the SQL it runs).
    public let writeOverOwnStatements: Comparison
    /// The same frames when every owner reads its slot in `body` (not a target; for the table).
    public let writeWithReaders: Comparison
    /// The write floor (the store's schema) against a plain key-value table: what the schema
    /// costs in SQLite alone (for the table).
    public let schemaCost: Comparison
    /// Open + mount against the raw SELECT.
    public let hydrate: Comparison
    /// Open + mount against the raw SELECT plus a minimal hand-written view graph.
    public let hydrateOverMinimalGraph: Comparison
    /// Mounting the same tree on `StateStore.inMemory()` against hydrating it from the file.
    public let inMemoryMount: Comparison
    /// Heap bytes per slot of an opened store with its tree mounted.
    public let bytesPerMountedSlot: Double
    /// The JSON-file peer, smallest first.
    public let jsonFile: [JSONFilePoint]
    public let trees: [TreePoint]
    /// The largest tree's update against the smallest's.
    public let updateScaling: Comparison
    /// UserDefaults against statedb.
    public let userDefaults: Comparison
    /// An update after a write to a model's property against one after a write to a slot.
    public let modelWrite: Comparison
    public let sqlPerRead: Int
    public let peakResidentMegabytes: Double

    /// The last line the bench prints.
    public var summaryLine: String {
        "summary: write_vs_sqlite=\(format(write.ratio)) hydrate_vs_sqlite=\(format(hydrate.ratio)) "
            + "update_scaling=\(format(updateScaling.ratio)) vs_userdefaults=\(formatMultiple(userDefaults.ratio)) "
            + "sql_per_read=\(sqlPerRead) peak_rss_mb=\(format(peakResidentMegabytes, digits: 0)) "
            + "model_write_vs_slot=\(format(modelWrite.ratio)) "
            + "hydrate_vs_minimal_graph=\(format(hydrateOverMinimalGraph.ratio)) inmemory_mount_vs_hydrate=\(format(inMemoryMount.ratio)) "
            + "vs_json_file_100=\(formatMultiple(jsonFileRatio(at: 0))) vs_json_file_10k=\(formatMultiple(jsonFileRatio(at: 1))) "
            + "bytes_per_mounted_slot=\(format(bytesPerMountedSlot, digits: 0))"
    }

    /// The JSON-file ratio of the `index`th size (the smaller is called `100`, the larger `10k`,
    /// as the full and quick runs measure them).
    func jsonFileRatio(at index: Int) -> Double {
        index < jsonFile.count ? jsonFile[index].cost.ratio : .nan
    }
}

/// A "statedb is N times faster" ratio: whole above 10, where decimals say nothing, with two
/// decimals below, where a whole number would round a ratio near a target of 10 (or, at the
/// smoke sizes, one below 1) away.
func formatMultiple(_ value: Double) -> String {
    format(value, digits: value >= 10 ? 0 : 2)
}

/// `value` with `digits` decimals.
func format(_ value: Double, digits: Int = 2) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    if digits == 0 { return String(Int(rounded)) }
    var text = String(rounded)
    if let dot = text.firstIndex(of: ".") {
        let decimals = text.distance(from: dot, to: text.endIndex) - 1
        if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
    }
    return text
}

/// A duration in seconds, with a unit that keeps three or four significant digits.
func formatDuration(_ seconds: Double) -> String {
    switch seconds {
    case ..<1e-3: return format(seconds * 1e6, digits: 1) + " µs"
    case ..<1: return format(seconds * 1e3, digits: 2) + " ms"
    default: return format(seconds, digits: 3) + " s"
    }
}
