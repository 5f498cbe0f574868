/// Runs the statedb side of one scenario alone, for a profiler (`valgrind --tool=callgrind`,
/// `perf record`): no floor, no statistics, full sizes. Prints each repetition's seconds.
@MainActor
public enum ProfileRun {
    public static let scenarios = ["write", "write-readers", "hydrate", "update", "defaults"]

    public static func run(_ scenario: String, configuration c: BenchConfiguration) throws {
        switch scenario {
        case "write", "write-readers":
            let write = try WriteScenario(frames: c.writeFrames, writesPerFrame: c.writesPerFrame, slots: c.writeSlots, ownersRead: scenario == "write-readers")
            for _ in 0..<3 { report(write.runStatedb()) }
        case "hydrate":
            let hydrate = try HydrateScenario(rows: c.hydrateRows)
            for _ in 0..<3 { report(try hydrate.runStatedb().seconds) }
        case "update":
            let tree = try UpdateScalingTree(leaves: c.treeSizes.last ?? 1_000)
            report(tree.measureStatedb(updates: 2_000))
        case "defaults":
            let defaults = try UserDefaultsScenario(keys: c.defaultsKeys)
            for _ in 0..<3 { report(try defaults.runStatedb()) }
        default:
            preconditionFailure("unknown scenario \(scenario)")
        }
    }

    private static func report(_ seconds: Double) {
        print("\(formatDuration(seconds))")
    }
}
