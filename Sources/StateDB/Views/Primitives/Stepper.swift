/// A control that steps a value up and down, as in SwiftUI: `Stepper("Quantity: \(n)", value:
/// $n, in: 1...9)`. Renders as its label followed by `[-/+]` (`Quantity: 3 [-/+]`).
///
/// Stepping past the range's ends leaves the value at the end, as SwiftUI does. The test
/// driver's `increment()`/`decrement()` and the terminal's ←/→ (or `-`/`+`) step it.
public struct Stepper<Label: View>: View, PrimitiveView {
    public typealias Body = Never
    public let label: Label
    let onIncrement: (() -> Void)?
    let onDecrement: (() -> Void)?

    /// A stepper that calls `onIncrement` and `onDecrement` (nil: that direction does
    /// nothing).
    public init(@ViewBuilder label: () -> Label, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?) {
        self.label = label()
        self.onIncrement = onIncrement
        self.onDecrement = onDecrement
    }

    /// A stepper bound to `value`, moving by `step` within `bounds`.
    public init<V: Strideable>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1, @ViewBuilder label: () -> Label) {
        self.init(label: label, onIncrement: {
            value.wrappedValue = Swift.min(bounds.upperBound, Swift.max(bounds.lowerBound, value.wrappedValue.advanced(by: step)))
        }, onDecrement: {
            value.wrappedValue = Swift.max(bounds.lowerBound, Swift.min(bounds.upperBound, value.wrappedValue.advanced(by: -step)))
        })
    }

    /// A stepper bound to `value`, moving by `step` without bounds.
    public init<V: Strideable>(value: Binding<V>, step: V.Stride = 1, @ViewBuilder label: () -> Label) {
        self.init(label: label, onIncrement: { value.wrappedValue = value.wrappedValue.advanced(by: step) },
                  onDecrement: { value.wrappedValue = value.wrappedValue.advanced(by: -step) })
    }

    func addChildren(to list: inout ChildList) { list.addBlock(label) }

    nonisolated static var contentBlocks: [ContentBlock] { [.block(Label.self)] }

    func renderLines(children: [[String]]) -> [String] {
        let lines = children.flatMap { $0 }
        return lines.isEmpty ? ["[-/+]"] : [lines[0] + " [-/+]"] + lines.dropFirst()
    }
}

extension Stepper where Label == Text {
    /// A stepper titled `title`, bound to `value` within `bounds`.
    public init<V: Strideable>(_ title: String, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1) {
        self.init(value: value, in: bounds, step: step) { Text(title) }
    }

    /// A stepper titled `title`, bound to `value`.
    public init<V: Strideable>(_ title: String, value: Binding<V>, step: V.Stride = 1) {
        self.init(value: value, step: step) { Text(title) }
    }

    /// A stepper titled `title` that calls the closures.
    public init(_ title: String, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?) {
        self.init(label: { Text(title) }, onIncrement: onIncrement, onDecrement: onDecrement)
    }
}

/// What the driver needs of any `Stepper`.
@MainActor
protocol StepperControl {
    func step(up: Bool)
}

extension Stepper: StepperControl {
    func step(up: Bool) {
        if up { onIncrement?() } else { onDecrement?() }
    }
}
