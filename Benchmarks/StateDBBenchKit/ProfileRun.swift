/// Runs the statedb side of one scenario alone, for a profiler (`valgrind --tool=callgrind`,
/// `perf record`): no floor, no statistics, full sizes. Prints each repetition's seconds.
@MainActor
public enum ProfileRun {
    public static let scenarios = ["write", "write-readers", "write-floor", "write-store-sql", "hydrate", "hydrate-open", "hydrate-floor", "hydrate-minimal-graph",
                                   "hydrate-inmemory", "json-file", "json-file-100", "update", "model-write", "model-write-slot", "defaults",
                                   "bytes-per-slot", "element-edit"]

    public static func run(_ scenario: String, configuration c: BenchConfiguration) throws {
        switch scenario {
        case "write", "write-readers":
            let write = try WriteScenario(frames: c.writeFrames, writesPerFrame: c.writesPerFrame, slots: c.writeSlots, ownersRead: scenario == "write-readers")
            for _ in 0..<3 { report(write.runStatedb()) }
        case "write-floor":
            let write = try WriteScenario(frames: c.writeFrames, writesPerFrame: c.writesPerFrame, slots: c.writeSlots)
            for _ in 0..<3 { report(try write.runFloor()) }
        case "write-store-sql":
            let write = try WriteScenario(frames: c.writeFrames, writesPerFrame: c.writesPerFrame, slots: c.writeSlots)
            for _ in 0..<3 { report(try write.runStoreStatementsFloor()) }
        case "hydrate":
            let hydrate = try HydrateScenario(rows: c.hydrateRows)
            for _ in 0..<3 { report(try hydrate.runStatedb().seconds) }
        case "hydrate-open":
            let hydrate = try HydrateScenario(rows: c.hydrateRows)
            for _ in 0..<20 { report(try hydrate.runOpen()) }
        case "hydrate-floor":
            let hydrate = try HydrateScenario(rows: c.hydrateRows)
            for _ in 0..<3 { report(hydrate.runFloor().seconds) }
        case "hydrate-minimal-graph":
            let hydrate = try HydrateScenario(rows: c.hydrateRows)
            for _ in 0..<3 { report(hydrate.runMinimalGraph().seconds) }
        case "hydrate-inmemory":
            let hydrate = try HydrateScenario(rows: c.hydrateRows)
            for _ in 0..<3 { report(try hydrate.runInMemory().seconds) }
        case "json-file", "json-file-100":
            let json = try jsonFileScenario(scenario, configuration: c)
            for _ in 0..<3 { report(try json.runStatedb()) }
        case "update":
            let tree = try UpdateScalingTree(views: c.treeSizes.last ?? 1_000)
            report(tree.measureStatedb(updates: 2_000))
        case "model-write":
            let scenario = try ModelWriteScenario(views: c.modelTreeViews)
            report(scenario.measureModel(updates: 2_000))
        case "model-write-slot":
            let scenario = try ModelWriteScenario(views: c.modelTreeViews)
            report(scenario.measureSlot(updates: 2_000))
        case "defaults":
            let defaults = try UserDefaultsScenario(keys: c.defaultsKeys)
            for _ in 0..<3 { report(try defaults.runStatedb()) }
        case "bytes-per-slot":
            // `bytes_per_mounted_slot` alone, as the full run measures it.
            let bytes = try HydrateScenario(rows: c.memoryRows).bytesPerMountedSlot()
            print("bytes per mounted slot (\(c.memoryRows) rows × 2 slots): \(format(bytes, digits: 0))")
        case "element-edit":
            let scenario = try ElementEditScenario(rows: 2_000)
            for _ in 0..<3 {
                let (seconds, bodies) = scenario.measure(edits: 200)
                print("\(formatDuration(seconds)) per edit of one of \(scenario.rows) elements, \(format(bodies, digits: 1)) bodies")
            }
        default:
            preconditionFailure("unknown scenario \(scenario)")
        }
        print("peak resident memory: \(format(peakResidentMegabytes() ?? 0, digits: 0)) MB")
    }

    /// Measures one scenario's ratio alone, as the full run does (for quick checks while
    /// optimizing). Returns a line: statedb median, floor median, ratio.
    public static func compare(_ scenario: String, configuration c: BenchConfiguration) throws -> String {
        let comparison: Comparison
        switch scenario {
        case "write", "write-readers", "write-floor":
            let write = try WriteScenario(frames: c.writeFrames, writesPerFrame: c.writesPerFrame, slots: c.writeSlots, ownersRead: scenario == "write-readers")
            comparison = try Comparison.measure(rounds: c.rounds, subject: { write.runStatedb() }, baseline: { try write.runFloor() })
        case "write-store-sql":
            let write = try WriteScenario(frames: c.writeFrames, writesPerFrame: c.writesPerFrame, slots: c.writeSlots)
            comparison = try Comparison.measure(rounds: c.rounds, subject: { write.runStatedb() }, baseline: { try write.runStoreStatementsFloor() })
        case "hydrate":
            let hydrate = try HydrateScenario(rows: c.hydrateRows)
            comparison = try Comparison.measure(rounds: c.rounds, subject: { try hydrate.runStatedb().seconds }, baseline: { hydrate.runFloor().seconds })
        case "hydrate-minimal-graph":
            let hydrate = try HydrateScenario(rows: c.hydrateRows)
            comparison = try Comparison.measure(rounds: c.rounds, subject: { try hydrate.runStatedb().seconds }, baseline: { hydrate.runMinimalGraph().seconds })
        case "hydrate-inmemory":
            let hydrate = try HydrateScenario(rows: c.hydrateRows)
            comparison = try Comparison.measure(rounds: c.rounds, subject: { try hydrate.runInMemory().seconds }, baseline: { try hydrate.runStatedb().seconds })
        case "json-file", "json-file-100":
            let json = try jsonFileScenario(scenario, configuration: c)
            comparison = try Comparison.measure(rounds: c.rounds, subject: { try json.runJSONFile() }, baseline: { try json.runStatedb() })
        case "update":
            let tree = try UpdateScalingTree(views: c.treeSizes.last ?? 1_000)
            comparison = Comparison.measure(rounds: c.rounds, subject: { tree.measureStatedb(updates: c.updatesPerRound) }, baseline: { tree.measureFloor(updates: c.updatesPerRound) })
        case "model-write", "model-write-slot":
            comparison = try ModelWriteScenario(views: c.modelTreeViews).compare(rounds: c.rounds, updates: c.updatesPerRound)
        case "defaults":
            let defaults = try UserDefaultsScenario(keys: c.defaultsKeys)
            try defaults.warmUp()  // as the full run does
            comparison = try Comparison.measure(rounds: c.rounds, warmup: 0, subject: { defaults.runUserDefaults() }, baseline: { try defaults.runStatedb() })
        default:
            preconditionFailure("unknown scenario \(scenario)")
        }
        return "\(scenario): \(formatDuration(comparison.subjectMedian)) vs \(formatDuration(comparison.baselineMedian)), ratio \(format(comparison.ratio))"
    }

    /// The JSON-file peer at its largest size (`json-file`) or its smallest (`json-file-100`:
    /// 100 slots but in `--smoke`, where statedb's commit rather than the JSON encoding is what
    /// the ratio weighs).
    private static func jsonFileScenario(_ scenario: String, configuration c: BenchConfiguration) throws -> JSONFileScenario {
        let slots = scenario == "json-file-100" ? c.jsonSlots.first : c.jsonSlots.last
        return try JSONFileScenario(slots: slots ?? 100, frames: c.jsonFrames, writesPerFrame: c.jsonWritesPerFrame)
    }

    private static func report(_ seconds: Double) {
        print("\(formatDuration(seconds))")
    }
}
