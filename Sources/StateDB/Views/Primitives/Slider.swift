import Foundation

/// A control that picks a value in a range, as in SwiftUI: `Slider(value: $volume, in: 0...1)
/// { Text("Volume") }`. Renders its label, a bar of ten cells and the value (`Volume
/// [██████░░░░] 0.6`).
///
/// It moves as a `Stepper` does: by `step`, or a tenth of the range without one, clamped to
/// the range; the driver finds it as a stepper titled with its label (`host.stepper("Volume")
/// .increment()`) and the terminal's ←/→ move it. `onEditingChanged` is called with `true`
/// then `false` around each move. Identity: `Slider`, its label a block of its own.
public struct Slider<Label: View>: View, PrimitiveView {
    public typealias Body = Never
    public let label: Label
    /// Where the value is in the range, 0 to 1, when the body ran.
    let fraction: Double
    /// The value as drawn.
    let valueText: String
    let move: (_ up: Bool) -> Void

    /// A slider bound to `value` within `bounds`, moving by `step` (a tenth of the range when
    /// nil).
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride? = nil,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in }, @ViewBuilder label: () -> Label)
    where V.Stride: BinaryFloatingPoint {
        self.label = label()
        let current = value.wrappedValue
        let width = bounds.upperBound - bounds.lowerBound
        fraction = width > 0 ? Double((current - bounds.lowerBound) / width) : 0
        valueText = Self.text(of: Double(current))
        let increment = step ?? V.Stride(width / 10)
        move = { up in
            onEditingChanged(true)
            let moved = value.wrappedValue.advanced(by: up ? increment : -increment)
            value.wrappedValue = Swift.min(bounds.upperBound, Swift.max(bounds.lowerBound, moved))
            onEditingChanged(false)
        }
    }

    /// A slider with labels for the range's ends; they are not drawn (the value is).
    public init<V: BinaryFloatingPoint, Low: View, High: View>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride? = nil,
                                                               @ViewBuilder label: () -> Label, @ViewBuilder minimumValueLabel: () -> Low,
                                                               @ViewBuilder maximumValueLabel: () -> High, onEditingChanged: @escaping (Bool) -> Void = { _ in })
    where V.Stride: BinaryFloatingPoint {
        self.init(value: value, in: bounds, step: step, onEditingChanged: onEditingChanged, label: label)
    }

    /// The value with at most two decimals, without trailing zeros (`0.6`, `25`).
    private static func text(of value: Double) -> String {
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    func addChildren(to list: inout ChildList) { list.addBlock(label) }

    nonisolated static var contentBlocks: [ContentBlock] { [.block(Label.self)] }

    func renderLines(children: [[String]]) -> [String] {
        let bar = meterBar(filled: Int((fraction * 10).rounded())) + " " + valueText
        let lines = children.flatMap { $0 }
        return lines.isEmpty ? [bar] : [lines[0] + " " + bar] + lines.dropFirst()
    }
}

extension Slider where Label == EmptyView {
    /// A slider without a label (the driver cannot tell two such apart: give it one).
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride? = nil,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(value: value, in: bounds, step: step, onEditingChanged: onEditingChanged) { EmptyView() }
    }
}

extension Slider: StepperControl {
    func step(up: Bool) { move(up) }
}
