import Foundation

/// Runs every scenario of a configuration, in one process, and collects the results.
@MainActor
public struct BenchRunner {
    public let configuration: BenchConfiguration
    /// Where progress goes (the bench prints it on standard error).
    public let progress: (String) -> Void

    public init(configuration: BenchConfiguration, progress: @escaping (String) -> Void = { _ in }) {
        self.configuration = configuration
        self.progress = { message in
            // Give memory freed by the previous scenario back to the system, so the peak
            // belongs to one scenario rather than to the heap's leftovers from another.
            releaseFreedMemory()
            progress("\(message) (RSS \(format(residentMegabytes() ?? 0, digits: 0)) MB, peak so far \(format(peakResidentMegabytes() ?? 0, digits: 0)) MB)")
        }
    }

    public func run() throws -> BenchResults {
        let c = configuration
        // The large trees go first: the peak is then the largest tree's, not that tree stacked
        // on what the heap keeps from earlier scenarios (~30 MB of fragments after hydration).
        let (points, scaling) = try measureTrees()
        progress("sql per read: \(c.reads) reads")
        let sqlPerRead = try ReadScenario.statementsPerReads(reads: c.reads)
        let (write, writeOverOwnStatements, schemaCost, writeWithReaders) = try measureWrites()
        let (hydrate, hydrateOverMinimalGraph, inMemoryMount) = try measureHydration()
        progress("bytes per mounted slot: \(c.memoryRows) rows × 2 slots")
        let bytesPerSlot = try HydrateScenario(rows: c.memoryRows).bytesPerMountedSlot()
        let jsonFile = try measureJSONFile()
        let userDefaults = try measureUserDefaults()
        let modelWrite = try measureModelWrites()
        progress("done")
        return BenchResults(
            configuration: c, write: write, writeOverOwnStatements: writeOverOwnStatements, writeWithReaders: writeWithReaders,
            schemaCost: schemaCost, hydrate: hydrate, hydrateOverMinimalGraph: hydrateOverMinimalGraph,
            inMemoryMount: inMemoryMount, bytesPerMountedSlot: bytesPerSlot, jsonFile: jsonFile,
            trees: points, updateScaling: scaling, userDefaults: userDefaults, modelWrite: modelWrite, sqlPerRead: sqlPerRead,
            peakResidentMegabytes: peakResidentMegabytes() ?? 0)
    }

    // Each phase is a function of its own, so its stores, trees and floors are gone before the
    // next phase starts.

    private func measureWrites() throws -> (write: Comparison, overOwnStatements: Comparison, schemaCost: Comparison, withReaders: Comparison) {
        let c = configuration
        progress("write: \(c.writeFrames) frames × \(c.writesPerFrame) writes over \(c.writeSlots) slots")
        let writes = try WriteScenario(frames: c.writeFrames, writesPerFrame: c.writesPerFrame, slots: c.writeSlots)
        let write = try Comparison.measure(rounds: c.rounds, subject: { writes.runStatedb() }, baseline: { try writes.runFloor() })
        progress("write: statedb against its own statements run bare")
        let overOwnStatements = try Comparison.measure(rounds: c.rounds, subject: { writes.runStatedb() }, baseline: { try writes.runStoreStatementsFloor() })
        progress("write floor: the store's schema against a key-value table")
        let schemaCost = try Comparison.measure(rounds: c.rounds, subject: { try writes.runFloor() }, baseline: { try writes.runKeyValueFloor() })
        return (write, overOwnStatements, schemaCost, try measureWritesWithReaders())
    }

    private func measureWritesWithReaders() throws -> Comparison {
        let c = configuration
        progress("write, owners reading their slots")
        let readingWrites = try WriteScenario(frames: c.writeFrames, writesPerFrame: c.writesPerFrame, slots: c.writeSlots, ownersRead: true)
        return try Comparison.measure(rounds: c.rounds, subject: { readingWrites.runStatedb() }, baseline: { try readingWrites.runFloor() })
    }

    private func measureHydration() throws -> (floor: Comparison, minimalGraph: Comparison, inMemory: Comparison) {
        let c = configuration
        progress("hydrate: \(c.hydrateRows) rows × 2 slots")
        let hydration = try HydrateScenario(rows: c.hydrateRows)
        let floor = try Comparison.measure(
            rounds: c.rounds,
            subject: { try hydration.runStatedb().seconds },
            baseline: { hydration.runFloor().seconds })
        progress("hydrate against a minimal hand-written view graph")
        let minimalGraph = try Comparison.measure(
            rounds: c.rounds,
            subject: { try hydration.runStatedb().seconds },
            baseline: { hydration.runMinimalGraph().seconds })
        progress("mount on an in-memory store against hydrating from the file")
        let inMemory = try Comparison.measure(
            rounds: c.rounds,
            subject: { try hydration.runInMemory().seconds },
            baseline: { try hydration.runStatedb().seconds })
        return (floor, minimalGraph, inMemory)
    }

    private func measureJSONFile() throws -> [BenchResults.JSONFilePoint] {
        let c = configuration
        return try c.jsonSlots.map { slots in
            progress("JSON file per flush: \(slots) slots, \(c.jsonFrames) frames × \(c.jsonWritesPerFrame) writes")
            let scenario = try JSONFileScenario(slots: slots, frames: c.jsonFrames, writesPerFrame: c.jsonWritesPerFrame)
            let comparison = try Comparison.measure(
                rounds: c.rounds, subject: { try scenario.runJSONFile() }, baseline: { try scenario.runStatedb() })
            return BenchResults.JSONFilePoint(slots: slots, cost: comparison)
        }
    }

    private func measureUserDefaults() throws -> Comparison {
        let c = configuration
        progress("UserDefaults: \(c.defaultsKeys) keys")
        let defaults = try UserDefaultsScenario(keys: c.defaultsKeys)
        // A full warm-up round of UserDefaults would be a sixth of the bench's time.
        try defaults.warmUp()
        return try Comparison.measure(
            rounds: c.rounds, warmup: 0,
            subject: { defaults.runUserDefaults() },
            baseline: { try defaults.runStatedb() })
    }

    private func measureModelWrites() throws -> Comparison {
        let c = configuration
        progress("model write vs slot write: \(c.modelTreeViews) views, \(c.updatesPerRound) updates per side per round")
        return try ModelWriteScenario(views: c.modelTreeViews).compare(rounds: c.rounds, updates: c.updatesPerRound)
    }

    /// The chart's middle sizes are measured first, each tree alone; then the smallest and the
    /// largest together, interleaved, for the ratio (only those two are alive at the peak).
    private func measureTrees() throws -> ([BenchResults.TreePoint], Comparison) {
        let c = configuration
        var points: [BenchResults.TreePoint] = []
        for views in c.treeSizes.dropFirst().dropLast() {
            progress("update scaling: \(views) views")
            let tree = try UpdateScalingTree(views: views)
            points.append(measureScaling([tree]).0[0])
        }
        progress("update scaling: \(c.treeSizes.first!) and \(c.treeSizes.last!) views, \(c.updatesPerRound) updates per tree per round")
        let (ends, scaling) = measureScaling([try UpdateScalingTree(views: c.treeSizes.first!), try UpdateScalingTree(views: c.treeSizes.last!)])
        points.insert(ends[0], at: 0)
        points.append(ends[1])
        return (points, scaling)
    }

    /// Each round times every tree and its floor, alternating the order of trees and sides.
    private func measureScaling(_ trees: [UpdateScalingTree]) -> ([BenchResults.TreePoint], Comparison) {
        let c = configuration
        var statedb = [[Double]](repeating: [], count: trees.count)
        var floor = [[Double]](repeating: [], count: trees.count)
        for round in 0..<(c.rounds + 1) {
            let order = round % 2 == 0 ? Array(trees.indices) : trees.indices.reversed()
            for index in order {
                let (s, f): (Double, Double)
                if round % 2 == 0 {
                    s = trees[index].measureStatedb(updates: c.updatesPerRound)
                    f = trees[index].measureFloor(updates: c.updatesPerRound)
                } else {
                    f = trees[index].measureFloor(updates: c.updatesPerRound)
                    s = trees[index].measureStatedb(updates: c.updatesPerRound)
                }
                guard round > 0 else { continue }  // warm-up
                statedb[index].append(s)
                floor[index].append(f)
            }
        }
        let points = trees.indices.map { BenchResults.TreePoint(views: trees[$0].views, cost: Comparison(subject: statedb[$0], baseline: floor[$0])) }
        return (points, Comparison(subject: statedb[trees.count - 1], baseline: statedb[0]))
    }
}
