/// Progress of a task, as in SwiftUI: `ProgressView()` (indeterminate), `ProgressView(value:
/// 0.3)`, `ProgressView("Copying", value: 3, total: 10)`.
///
/// Renders as `[███░░░░░░░] 30%` (ten cells; the title, when given, on the line before), or
/// `[ … ]` when indeterminate. A value outside `0...total` is clamped, as SwiftUI does.
public struct ProgressView: View, PrimitiveView, Equatable {
    public typealias Body = Never
    public let title: String?
    /// The fraction done, or nil when indeterminate.
    public let fractionCompleted: Double?

    /// An indeterminate progress view.
    public init() {
        title = nil
        fractionCompleted = nil
    }

    /// An indeterminate progress view with a title.
    public init(_ title: String) {
        self.title = title
        fractionCompleted = nil
    }

    /// `value` of `total` done; nil value: indeterminate.
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
        self.init(nil, value: value, total: total)
    }

    /// A titled progress view, `value` of `total` done.
    public init<V: BinaryFloatingPoint>(_ title: String?, value: V?, total: V = 1.0) {
        self.title = title
        if let value, total > 0 {
            fractionCompleted = Swift.min(1, Swift.max(0, Double(value) / Double(total)))
        } else {
            fractionCompleted = nil
        }
    }

    func renderLines(children: [[String]]) -> [String] {
        let bar: String
        if let fraction = fractionCompleted {
            bar = meterBar(filled: Int((fraction * 10).rounded(.down))) + " \(Int((fraction * 100).rounded(.down)))%"
        } else {
            bar = "[ … ]"
        }
        return (title.map { [$0] } ?? []) + [bar]
    }
}

/// Ten cells, `filled` of them full (`[███░░░░░░░]`): a progress view's bar, a slider's.
func meterBar(filled: Int) -> String {
    let filled = max(0, min(10, filled))
    return "[" + String(repeating: "█", count: filled) + String(repeating: "░", count: 10 - filled) + "]"
}
