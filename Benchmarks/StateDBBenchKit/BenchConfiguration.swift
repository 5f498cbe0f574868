/// The sizes of one run. `full` is what the targets in issue 8 are defined on; `quick` has
/// the same sizes with fewer rounds and fewer timed updates; `smoke` only proves that
/// everything runs (the test suite uses it) and its numbers mean nothing.
public struct BenchConfiguration: Sendable {
    public var mode: String
    /// Measured rounds per ratio (after one discarded warm-up round).
    public var rounds: Int
    public var writeFrames: Int
    public var writesPerFrame: Int
    public var writeSlots: Int
    public var hydrateRows: Int
    /// View counts of the update-scaling trees (each holds as many slots), smallest first; the
    /// ratio divides the last by the first.
    public var treeSizes: [Int]
    /// Single-write updates timed per tree per round.
    public var updatesPerRound: Int
    public var defaultsKeys: Int
    public var reads: Int
    /// Views in each tree of `model_write_vs_slot`.
    public var modelTreeViews: Int
    /// Rows (two slots each) of the tree `bytes_per_mounted_slot` is measured on.
    public var memoryRows: Int
    /// Slot counts of the JSON-file peer (`vs_json_file_100`, `vs_json_file_10k`).
    public var jsonSlots: [Int]
    /// Frames per round of the JSON-file peer, and distinct slots written per frame.
    public var jsonFrames: Int
    public var jsonWritesPerFrame: Int

    public static let full = BenchConfiguration(
        mode: "full", rounds: 9, writeFrames: 100, writesPerFrame: 1_000, writeSlots: 100,
        hydrateRows: 10_000, treeSizes: [1_000, 10_000, 100_000], updatesPerRound: 400,
        defaultsKeys: 10_000, reads: 1_000, modelTreeViews: 10_000, memoryRows: 20_000, jsonSlots: [100, 10_000], jsonFrames: 20,
        jsonWritesPerFrame: 10)

    public static let quick = BenchConfiguration(
        mode: "quick", rounds: 5, writeFrames: 100, writesPerFrame: 1_000, writeSlots: 100,
        hydrateRows: 10_000, treeSizes: [1_000, 10_000, 100_000], updatesPerRound: 200,
        defaultsKeys: 10_000, reads: 1_000, modelTreeViews: 10_000, memoryRows: 20_000, jsonSlots: [100, 10_000], jsonFrames: 20,
        jsonWritesPerFrame: 10)

    public static let smoke = BenchConfiguration(
        mode: "smoke", rounds: 1, writeFrames: 2, writesPerFrame: 8, writeSlots: 4,
        hydrateRows: 20, treeSizes: [20, 200], updatesPerRound: 3,
        defaultsKeys: 10, reads: 10, modelTreeViews: 200, memoryRows: 2_000, jsonSlots: [4, 40], jsonFrames: 2, jsonWritesPerFrame: 3)
}
