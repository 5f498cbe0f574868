import Foundation
import Testing
@testable import StateDBBenchKit

/// Keeps the benchmark compiling and sane: every scenario runs at tiny sizes and does what it
/// claims. No timing is asserted.
@MainActor
@Suite struct BenchSmokeTests {
    @Test func smokeRunProducesAParsableSummary() throws {
        let results = try BenchRunner(configuration: .smoke).run()
        let line = results.summaryLine
        #expect(line.hasPrefix("summary: "))
        var fields: [String: Double] = [:]
        for pair in line.dropFirst("summary: ".count).split(separator: " ") {
            let parts = pair.split(separator: "=")
            #expect(parts.count == 2)
            fields[String(parts[0])] = Double(parts[1])
        }
        #expect(Set(fields.keys) == ["write_vs_sqlite", "hydrate_vs_sqlite", "update_scaling", "vs_userdefaults", "sql_per_read", "peak_rss_mb",
                                     "hydrate_vs_minimal_graph", "inmemory_mount_vs_hydrate", "vs_json_file_100", "vs_json_file_10k",
                                     "bytes_per_mounted_slot", "model_write_vs_slot"])
        // Bytes per slot is a difference of this process's resident memory, which the suites
        // running beside this one move both ways; `mountedSlotsTakeMemory` measures it alone.
        for (name, value) in fields where !["sql_per_read", "bytes_per_mounted_slot"].contains(name) { #expect(value > 0, "\(name)") }
        #expect(fields["bytes_per_mounted_slot"]?.isFinite == true)
        #expect(fields["sql_per_read"] == 0)
        #expect(ResultTable.render(results).contains("hydrate"))
        #expect(ScalingChart.svg(results).hasPrefix("<svg"))
    }

    @Test func writeFramesLandInTheStoreAndTheFloorIsNotSkipped() throws {
        let scenario = try WriteScenario(frames: 2, writesPerFrame: 8, slots: 4)
        let before = scenario.sqlStatementCount
        _ = scenario.runStatedb()
        // The last write of int slot 0 in frame 1 is serial 1 * 8 + 4.
        #expect(scenario.intValue(0) == 12)
        #expect(scenario.sqlStatementCount > before)
        #expect(try scenario.runFloor() > 0)
    }

    @Test func hydrationReadsEveryRow() throws {
        let scenario = try HydrateScenario(rows: 5)
        let (_, host) = try scenario.runStatedb()
        #expect(host.render().contains("row 3: 3"))
        #expect(scenario.runFloor().count == 10)
    }

    @Test func theMinimalGraphFindsEveryRowsSlots() throws {
        let scenario = try HydrateScenario(rows: 5)
        let (_, root) = scenario.runMinimalGraphFloor(identityPrefix: scenario.identityPrefix)
        #expect(root.children.map { $0.children[0].text } == (0..<5).map { "row \($0): \($0)" })
    }

    @Test func anInMemoryMountStartsFromTheSeedAndKeepsWrites() throws {
        let scenario = try HydrateScenario(rows: 5)
        let (_, host) = try scenario.runInMemory()
        #expect(host.render().contains("row 3: 3"))
    }

    @Test func mountedSlotsTakeMemory() throws {
        // In a process of its own (`--profile bytes-per-slot`, 2,000 rows × 2 slots): measured
        // here, the resident memory of the other suites running meanwhile moved the figure, once
        // below zero. 4,000 slots grow the resident set by megabytes, past page granularity.
        let output = try Self.runBench(["--smoke", "--profile", "bytes-per-slot"])
        let line = try #require(output.split(separator: "\n").first { $0.hasPrefix("bytes per mounted slot") }, "\(output)")
        let bytes = try #require(line.split(separator: " ").last.flatMap { Double($0) }, "\(line)")
        #expect(bytes > 50 && bytes < 100_000, "\(bytes)")
    }

    /// Runs the `statedb-bench` that `swift test` builds beside the tests; its standard output.
    static func runBench(_ arguments: [String]) throws -> String {
        let executable = builtExecutable("statedb-bench")
        let (status, output) = try runChildProcess(executable, arguments)
        #expect(status == 0, "statedb-bench \(arguments.joined(separator: " "))")
        return output
    }

    @Test func anAppLaunchOnABuiltStoreFindsItsRows() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("app.sqlite")
        try AppScaleScenario.build(path: path, slots: 40)
        #expect(try AppScaleScenario.launch(path: path, rows: 5) > 0)
        // The builder's keys are the ones the mounted tree's views write.
        #expect(AppScaleScenario.key(row: 0, "count") == (try HydrateScenario(rows: 1)).identityPrefix + "0]/count")
    }

    @Test func theJSONPeerAndTheStoreSeeTheSameWrites() throws {
        let scenario = try JSONFileScenario(slots: 4, frames: 2, writesPerFrame: 3)
        _ = try scenario.runStatedb()
        _ = try scenario.runJSONFile()
        // statedb wrote serials 1...6, the JSON file 7...12: slot 0 last got 4, then 12.
        #expect(scenario.storeValue(0) == 4)
        #expect(try scenario.fileValue(0) == 12)
    }

    @Test func aModelWriteReRunsOnlyItsLeafAndStoresItsModel() throws {
        let scenario = try ModelWriteScenario(views: 60)
        let before = scenario.bodyEvaluationCount
        _ = scenario.measureModel(updates: 3)
        #expect(scenario.bodyEvaluationCount - before == 3)
        #expect(!scenario.store.hasPendingWrites, "each update committed its model")
        #expect(scenario.firstModel.value > 0)
        #expect(scenario.compare(rounds: 1, updates: 2).ratio > 0)
    }

    @Test func aSingleWriteReRunsOnlyItsLeaf() throws {
        let tree = try UpdateScalingTree(views: 60)
        let before = tree.bodyEvaluationCount
        _ = tree.measureStatedb(updates: 3)
        #expect(tree.bodyEvaluationCount - before == 3)
    }
}
