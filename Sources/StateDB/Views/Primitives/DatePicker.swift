import Foundation

/// A control that picks a date, as in SwiftUI: `DatePicker("Due", selection: $due,
/// displayedComponents: .date)`. Renders `Due: 7 Dec 2026 [-/+]` (the time too when it is
/// shown, in the process's locale and time zone).
///
/// A terminal has no calendar to click: it steps like a `Stepper` (the driver's
/// `host.stepper("Due")`, ←/→ or `-`/`+` in the terminal), by a day when the date is shown,
/// else by a minute, clamped to the range given with `in:`. Identity: `DatePicker`, its label
/// a block of its own.
public struct DatePicker<Label: View>: View, PrimitiveView {
    public typealias Body = Never
    public let label: Label
    /// Which parts of the date it shows and steps.
    public let displayedComponents: Components
    let shown: String
    let move: (_ up: Bool) -> Void

    /// The parts of a date it shows (`DatePickerComponents`).
    public typealias Components = DatePickerComponents

    /// A picker of `selection` within `range`, showing `displayedComponents`.
    public init(selection: Binding<Date>, in range: ClosedRange<Date>? = nil,
                displayedComponents: Components = [.date, .hourAndMinute], @ViewBuilder label: () -> Label) {
        self.label = label()
        self.displayedComponents = displayedComponents
        let date = selection.wrappedValue
        shown = date.formatted(date: displayedComponents.contains(.date) ? .abbreviated : .omitted,
                               time: displayedComponents.contains(.hourAndMinute) ? .shortened : .omitted)
        let step: TimeInterval = displayedComponents.contains(.date) ? 86_400 : 60
        move = { up in
            var moved = selection.wrappedValue.addingTimeInterval(up ? step : -step)
            if let range { moved = min(range.upperBound, max(range.lowerBound, moved)) }
            selection.wrappedValue = moved
        }
    }

    /// A picker of `selection` from `start` on.
    public init(selection: Binding<Date>, in range: PartialRangeFrom<Date>,
                displayedComponents: Components = [.date, .hourAndMinute], @ViewBuilder label: () -> Label) {
        self.init(selection: selection, in: range.lowerBound...Date.distantFuture, displayedComponents: displayedComponents, label: label)
    }

    /// A picker of `selection` up to `end`.
    public init(selection: Binding<Date>, in range: PartialRangeThrough<Date>,
                displayedComponents: Components = [.date, .hourAndMinute], @ViewBuilder label: () -> Label) {
        self.init(selection: selection, in: Date.distantPast...range.upperBound, displayedComponents: displayedComponents, label: label)
    }

    func addChildren(to list: inout ChildList) { list.addBlock(label) }

    nonisolated static var contentBlocks: [ContentBlock] { [.block(Label.self)] }

    func renderLines(children: [[String]]) -> [String] {
        let title = children.flatMap { $0 }.joined(separator: " ")
        return [(title.isEmpty ? "" : title + ": ") + shown + " [-/+]"]
    }
}

extension DatePicker where Label == Text {
    /// A picker titled `title`.
    public init<S: StringProtocol>(_ title: S, selection: Binding<Date>, in range: ClosedRange<Date>? = nil,
                                   displayedComponents: Components = [.date, .hourAndMinute]) {
        self.init(selection: selection, in: range, displayedComponents: displayedComponents) { Text(String(title)) }
    }

    /// A picker titled `title`, from `start` on.
    public init<S: StringProtocol>(_ title: S, selection: Binding<Date>, in range: PartialRangeFrom<Date>,
                                   displayedComponents: Components = [.date, .hourAndMinute]) {
        self.init(selection: selection, in: range, displayedComponents: displayedComponents) { Text(String(title)) }
    }
}

/// The parts of a date a `DatePicker` shows, as in SwiftUI.
public struct DatePickerComponents: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let date = DatePickerComponents(rawValue: 1)
    public static let hourAndMinute = DatePickerComponents(rawValue: 2)
}

extension DatePicker: StepperControl {
    func step(up: Bool) { move(up) }
}
