/// The readable table the bench prints before its summary line.
public enum ResultTable {
    public static func render(_ results: BenchResults) -> String {
        let c = results.configuration
        var rows: [[String]] = [["measurement", "statedb", "floor", "ratio", "target"]]
        func add(_ name: String, _ comparison: Comparison, target: String) {
            rows.append([name, formatDuration(comparison.subjectMedian), formatDuration(comparison.baselineMedian), format(comparison.ratio), target])
        }
        add("write: \(c.writeFrames) frames × \(c.writesPerFrame) writes, \(c.writeSlots) slots", results.write, target: "≤ 1.2")
        add("  same, floor = the store's own statements (info)", results.writeOverOwnStatements, target: "")
        add("  same, owners read their slots (info)", results.writeWithReaders, target: "")
        rows.append([
            "  (key, value) table floor; ratio = schema floor / it", "", formatDuration(results.schemaCost.baselineMedian),
            format(results.schemaCost.ratio), "",
        ])
        add("hydrate: open + mount \(c.hydrateRows) rows × 2 slots", results.hydrate, target: "≤ 2.5")
        add("  same, floor = the rows + a minimal view graph", results.hydrateOverMinimalGraph, target: "≤ 1.3")
        add("mount on inMemory() vs hydrate (floor column: hydrate)", results.inMemoryMount, target: "≤ 1")
        rows.append(["bytes (RSS) per mounted slot (\(c.memoryRows) rows × 2 slots)", format(results.bytesPerMountedSlot, digits: 0), "", "", "≤ 500"])
        for (index, point) in results.jsonFile.enumerated() {
            rows.append([
                "JSON file vs statedb: \(point.slots) slots, \(c.jsonFrames) flushes",
                formatDuration(point.cost.baselineMedian), formatDuration(point.cost.subjectMedian),
                formatMultiple(point.cost.ratio), index == 0 ? "≥ 10" : "≥ 100",
            ])
        }
        for point in results.trees {
            add("update after 1 write, \(point.views) views", point.cost, target: "")
        }
        if let first = results.trees.first, let last = results.trees.last {
            rows.append([
                "update_scaling: \(last.views) vs \(first.views) views",
                formatDuration(results.updateScaling.subjectMedian), formatDuration(results.updateScaling.baselineMedian),
                format(results.updateScaling.ratio), "≤ 2",
            ])
        }
        rows.append([
            "UserDefaults vs statedb: \(c.defaultsKeys) keys + sync",
            formatDuration(results.userDefaults.baselineMedian), formatDuration(results.userDefaults.subjectMedian),
            formatMultiple(results.userDefaults.ratio), "≥ 100",
        ])
        add("update after 1 model property write vs 1 slot write, \(c.modelTreeViews) views", results.modelWrite, target: "≤ 1.5")
        rows.append(["SQL statements per \(c.reads) hydrated reads", "\(results.sqlPerRead)", "", "", "0"])
        let largest = c.treeSizes.last ?? 0
        rows.append(["peak RSS (VmHWM, whole \(c.mode) run, \(largest)-slot tree)", format(results.peakResidentMegabytes, digits: 0) + " MB", "", "", "≤ 150"])

        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        var lines = ["statedb-bench, \(c.mode) mode: medians of \(c.rounds) interleaved rounds (after a warm-up); floor = SQLite C API"]
        lines.append("(UserDefaults and JSON file rows: the floor column is the peer, and the ratio is peer / statedb)")
        for (index, row) in rows.enumerated() {
            lines.append(row.indices.map { column in
                let cell = row[column]
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ").trimmingTrailingSpaces())
            if index == 0 { lines.append(String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1))) }
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
