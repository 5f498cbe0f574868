/// The middle of a list of samples: the mean of the two middle values for an even count.
func median(_ values: [Double]) -> Double {
    precondition(!values.isEmpty, "median of no samples")
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Two sides of a ratio, measured round by round in one process.
///
/// Each round measures both sides back to back, alternating which goes first, so drift in
/// the machine (other builds on the same cores, the page cache, thermal state) hits both
/// alike. The ratio is the median of the per-round ratios.
public struct Comparison: Sendable {
    /// What the ratio's numerator measures, per round (seconds).
    public let subject: [Double]
    /// What it is divided by, per round (seconds).
    public let baseline: [Double]

    public var subjectMedian: Double { median(subject) }
    public var baselineMedian: Double { median(baseline) }
    /// Median of `subject[i] / baseline[i]`.
    public var ratio: Double { median(zip(subject, baseline).map { $0 / $1 }) }
    public var rounds: Int { subject.count }

    /// Runs `warmup` discarded rounds, then `rounds` measured ones, alternating the order of
    /// the two sides. Each closure returns the seconds of one round of its side.
    @MainActor
    public static func measure(rounds: Int, warmup: Int = 1, subject: () throws -> Double, baseline: () throws -> Double) rethrows -> Comparison {
        var subjects: [Double] = []
        var baselines: [Double] = []
        for round in 0..<(warmup + rounds) {
            let (s, b): (Double, Double)
            if round % 2 == 0 {
                s = try subject()
                b = try baseline()
            } else {
                b = try baseline()
                s = try subject()
            }
            if round >= warmup {
                subjects.append(s)
                baselines.append(b)
            }
        }
        return Comparison(subject: subjects, baseline: baselines)
    }
}
