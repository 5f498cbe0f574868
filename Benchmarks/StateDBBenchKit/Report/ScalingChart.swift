import Foundation

/// The update-scaling chart as a self-contained SVG: the cost of one `update()` after one
/// write against the tree size (log scale), statedb beside the SQLite floor.
public enum ScalingChart {
    public static func svg(_ results: BenchResults) -> String {
        let points = results.trees
        let width = 640.0, height = 380.0
        let left = 70.0, right = 150.0, top = 40.0, bottom = 60.0
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        let sizes = points.map { log10(Double($0.views)) }
        let minX = (sizes.min() ?? 0).rounded(.down), maxX = max((sizes.max() ?? 1).rounded(.up), minX + 1)
        let costs = points.flatMap { [$0.cost.subjectMedian, $0.cost.baselineMedian] }.map { $0 * 1e6 }
        let maxY = niceCeiling(costs.max() ?? 1)
        func tidy(_ coordinate: Double) -> Double { (coordinate * 10).rounded() / 10 }
        func x(_ views: Int) -> Double { tidy(left + (log10(Double(views)) - minX) / (maxX - minX) * plotWidth) }
        func y(_ microseconds: Double) -> Double { tidy(top + plotHeight - microseconds / maxY * plotHeight) }

        var svg: [String] = []
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" font-family=\"sans-serif\" font-size=\"12\">")
        svg.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>")
        svg.append("<text x=\"\(left)\" y=\"22\" font-size=\"14\" font-weight=\"bold\">update() after one write, by tree size (\(results.configuration.mode) run)</text>")
        // Axes and grid.
        for step in 0...4 {
            let value = maxY * Double(step) / 4
            let yy = y(value)
            svg.append("<line x1=\"\(left)\" y1=\"\(yy)\" x2=\"\(left + plotWidth)\" y2=\"\(yy)\" stroke=\"#ddd\"/>")
            svg.append("<text x=\"\(left - 8)\" y=\"\(yy + 4)\" text-anchor=\"end\">\(format(value, digits: value.rounded() == value ? 0 : 1)) µs</text>")
        }
        var exponent = Int(minX)
        while Double(exponent) <= maxX {
            var views = 1
            for _ in 0..<exponent { views *= 10 }
            let xx = x(views)
            svg.append("<line x1=\"\(xx)\" y1=\"\(top)\" x2=\"\(xx)\" y2=\"\(top + plotHeight)\" stroke=\"#eee\"/>")
            svg.append("<text x=\"\(xx)\" y=\"\(top + plotHeight + 18)\" text-anchor=\"middle\">\(views)</text>")
            exponent += 1
        }
        svg.append("<line x1=\"\(left)\" y1=\"\(top + plotHeight)\" x2=\"\(left + plotWidth)\" y2=\"\(top + plotHeight)\" stroke=\"black\"/>")
        svg.append("<line x1=\"\(left)\" y1=\"\(top)\" x2=\"\(left)\" y2=\"\(top + plotHeight)\" stroke=\"black\"/>")
        svg.append("<text x=\"\(left + plotWidth / 2)\" y=\"\(height - 16)\" text-anchor=\"middle\">views in the tree (as many @State slots; log scale)</text>")
        // Series.
        let series: [(String, String, (BenchResults.TreePoint) -> Double)] = [
            ("statedb update()", "#1f77b4", { $0.cost.subjectMedian }),
            ("SQLite floor (1-row txn)", "#ff7f0e", { $0.cost.baselineMedian }),
        ]
        for (index, (name, color, value)) in series.enumerated() {
            let coordinates = points.map { "\(x($0.views)),\(y(value($0) * 1e6))" }.joined(separator: " ")
            svg.append("<polyline points=\"\(coordinates)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"/>")
            for point in points {
                let microseconds = value(point) * 1e6
                svg.append("<circle cx=\"\(x(point.views))\" cy=\"\(y(microseconds))\" r=\"4\" fill=\"\(color)\"><title>\(point.views) views: \(format(microseconds, digits: 1)) µs</title></circle>")
            }
            let legendY = top + 10 + Double(index) * 20
            svg.append("<rect x=\"\(left + plotWidth + 12)\" y=\"\(legendY - 9)\" width=\"12\" height=\"12\" fill=\"\(color)\"/>")
            svg.append("<text x=\"\(left + plotWidth + 30)\" y=\"\(legendY + 1)\">\(name)</text>")
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    /// The smallest of 1, 2, 5 × 10^n at or above `value`.
    private static func niceCeiling(_ value: Double) -> Double {
        guard value > 0 else { return 1 }
        var magnitude = 1.0
        while magnitude * 10 <= value { magnitude *= 10 }
        while magnitude > value { magnitude /= 10 }
        for factor in [1.0, 2.0, 5.0, 10.0] where factor * magnitude >= value { return factor * magnitude }
        return 10 * magnitude
    }
}
