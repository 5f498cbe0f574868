import Foundation
import Testing
@testable import StateDBBenchKit

/// Keeps `statedb-bench --scale` running: tiny stores, one round, the debug `statedb` that
/// `swift test` builds beside the tests. No timing is asserted.
@MainActor
@Suite struct ScaleSmokeTests {
    static let statedb = builtExecutable("statedb")

    @Test func scaleSmokeRunPrintsEveryRatio() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3"), "needs the sqlite3 shell")
        let results = try ScaleRun(configuration: .smoke, statedb: Self.statedb).run()
        let line = results.summaryLine
        #expect(line.hasPrefix("scale: "))
        var fields: [String: Double] = [:]
        for pair in line.dropFirst("scale: ".count).split(separator: " ") {
            let parts = pair.split(separator: "=")
            #expect(parts.count == 2)
            fields[String(parts[0])] = Double(parts[1])
        }
        #expect(Set(fields.keys) == ["get_vs_sqlite", "get_1m_vs_10k", "suggest_vs_hit", "set_vs_sqlite", "rm_vs_sqlite",
                                     "quarantine_show_vs_sqlite", "inspect_json_vs_sqlite",
                                     "export_vs_sqlite", "check_vs_integrity", "peak_rss_mb"])
        for (name, value) in fields { #expect(value > 0, "\(name)") }
        #expect(results.table.contains("inspect --json"))
        let svg = ScaleChart.svg(results)
        #expect(svg.hasPrefix("<svg"))
        #expect(svg.contains("sqlite3, same rows"))
        // The stores were built through the library: both sizes appear in the chart's points.
        #expect(Set(results.points.map(\.slots)) == [200, 2_000])
    }
}
