import Foundation

/// The chart of `--scale`: each command's time against the store size (both axes log scale),
/// statedb as a solid line, the sqlite3 shell running the same statement dashed beside it in
/// the same colour.
public enum ScaleChart {
    public static func svg(_ results: ScaleResults) -> String {
        let width = 680.0, height = 420.0
        let left = 80.0, right = 210.0, top = 40.0, bottom = 60.0
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        let points = results.points
        let sizes = points.map { log10(Double($0.slots)) }
        let minX = (sizes.min() ?? 0).rounded(.down), maxX = max((sizes.max() ?? 1).rounded(.up), minX + 1)
        let times = points.flatMap { [$0.statedb, $0.sqlite] }.filter { $0 > 0 }.map(log10)
        let minY = (times.min() ?? -3).rounded(.down), maxY = max((times.max() ?? 0).rounded(.up), minY + 1)
        func tidy(_ coordinate: Double) -> Double { (coordinate * 10).rounded() / 10 }
        func x(_ slots: Int) -> Double { tidy(left + (log10(Double(slots)) - minX) / (maxX - minX) * plotWidth) }
        func y(_ seconds: Double) -> Double { tidy(top + plotHeight - (log10(seconds) - minY) / (maxY - minY) * plotHeight) }
        func label(_ seconds: Double) -> String {
            seconds >= 1 ? "\(format(seconds, digits: seconds < 10 ? 1 : 0)) s" : seconds >= 1e-3 ? "\(format(seconds * 1e3, digits: 0)) ms" : "\(format(seconds * 1e6, digits: 0)) µs"
        }

        var svg: [String] = []
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" font-family=\"sans-serif\" font-size=\"12\">")
        svg.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>")
        svg.append("<text x=\"\(left)\" y=\"22\" font-size=\"14\" font-weight=\"bold\">statedb commands against store size, sqlite3 beside (\(results.configuration.mode) run)</text>")
        var exponent = Int(minY)
        while Double(exponent) <= maxY {
            let seconds = pow(10, Double(exponent))
            let yy = y(seconds)
            svg.append("<line x1=\"\(left)\" y1=\"\(yy)\" x2=\"\(left + plotWidth)\" y2=\"\(yy)\" stroke=\"#ddd\"/>")
            svg.append("<text x=\"\(left - 8)\" y=\"\(yy + 4)\" text-anchor=\"end\">\(label(seconds))</text>")
            exponent += 1
        }
        exponent = Int(minX)
        while Double(exponent) <= maxX {
            var slots = 1
            for _ in 0..<exponent { slots *= 10 }
            let xx = x(slots)
            svg.append("<line x1=\"\(xx)\" y1=\"\(top)\" x2=\"\(xx)\" y2=\"\(top + plotHeight)\" stroke=\"#eee\"/>")
            svg.append("<text x=\"\(xx)\" y=\"\(top + plotHeight + 18)\" text-anchor=\"middle\">\(slots)</text>")
            exponent += 1
        }
        svg.append("<line x1=\"\(left)\" y1=\"\(top + plotHeight)\" x2=\"\(left + plotWidth)\" y2=\"\(top + plotHeight)\" stroke=\"black\"/>")
        svg.append("<line x1=\"\(left)\" y1=\"\(top)\" x2=\"\(left)\" y2=\"\(top + plotHeight)\" stroke=\"black\"/>")
        svg.append("<text x=\"\(left + plotWidth / 2)\" y=\"\(height - 16)\" text-anchor=\"middle\">slots in the store (log scale); time of one process run (log scale)</text>")
        let colours = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd"]
        var commands: [String] = []
        for point in points where !commands.contains(point.command) { commands.append(point.command) }
        var legendY = top + 10
        for (index, command) in commands.enumerated() {
            let colour = colours[index % colours.count]
            let series = points.filter { $0.command == command }.sorted { $0.slots < $1.slots }
            for (side, dash, value) in [("statedb", "", { (p: ScaleResults.Point) in p.statedb }), ("sqlite3", " stroke-dasharray=\"6 4\"", { (p: ScaleResults.Point) in p.sqlite })] {
                let coordinates = series.map { "\(x($0.slots)),\(y(value($0)))" }.joined(separator: " ")
                svg.append("<polyline points=\"\(coordinates)\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\"\(dash)/>")
                for point in series {
                    svg.append("<circle cx=\"\(x(point.slots))\" cy=\"\(y(value(point)))\" r=\"3.5\" fill=\"\(side == "statedb" ? colour : "white")\" stroke=\"\(colour)\"><title>\(command), \(side), \(point.slots) slots: \(label(value(point)))</title></circle>")
                }
                svg.append("<line x1=\"\(left + plotWidth + 12)\" y1=\"\(legendY - 4)\" x2=\"\(left + plotWidth + 32)\" y2=\"\(legendY - 4)\" stroke=\"\(colour)\" stroke-width=\"2\"\(dash)/>")
                svg.append("<text x=\"\(left + plotWidth + 38)\" y=\"\(legendY)\">\(side == "statedb" ? "statedb " + command : "sqlite3, same rows")</text>")
                legendY += 18
            }
            legendY += 6
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }
}
