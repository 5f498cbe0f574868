/// A control found in a host: a button, toggle, text field, secure field, picker or stepper.
@MainActor
public struct ControlHandle {
    public enum Kind: Sendable, Hashable {
        case button, toggle, textField, secureField, picker, stepper
    }

    public let kind: Kind
    /// The title (a button's or stepper's rendered label).
    public let title: String
    /// The control's identity in the tree.
    public let identity: String
    let host: ViewHost
    let node: ViewNode

    init?(node: ViewNode, host: ViewHost) {
        switch node.view {
        case is any ActivatableView:
            kind = .button
            title = host.renderedText(of: node)
        case let toggle as any ToggleControl:
            kind = .toggle
            title = toggle.hasTextLabel ? toggle.title : host.renderedText(of: node)
        case let field as TextField:
            kind = .textField
            title = field.title
        case let field as TextEditorField:
            kind = .textField
            title = field.title
        case let field as SecureField:
            kind = .secureField
            title = field.title
        case is any PickerControl:
            kind = .picker
            title = node.children.last.map { host.renderedText(of: $0) } ?? ""
        case is any StepperControl:
            kind = .stepper
            title = host.renderedText(of: node)
        default:
            // A view with `.onTapGesture` (or `.onLongPressGesture`) is a button titled with its own text.
            guard node.tapAction != nil else { return nil }
            kind = .button
            title = ReadTracker.untracked { host.renderLines(of: node).map(TextStyle.stripped).joined(separator: " ") }
        }
        self.node = node
        self.host = host
        self.identity = node.identity
    }

    /// Whether the control refuses to be acted on (`.disabled(true)` on it or above): every
    /// action of the driver throws `DriverError` with reason `.disabled` and changes nothing.
    public var isDisabled: Bool { !isEnabled }

    /// How the control is named in a `DriverError`'s list (`Button "Add"`).
    var listing: String { kind.name + " \"" + title + "\"" }

    /// Throws when the control is disabled; else runs `change` outside any body's reads and
    /// updates the host.
    func perform(_ change: () -> Void) throws(DriverError) {
        if isDisabled { throw DriverError(.disabled, kind: kind, title: title, available: []) }
        ReadTracker.untracked(change)
        host.update()
    }

    func `as`<H: ControlHandleKind>(_: H.Type) -> H? { H(self) }
}

@MainActor
protocol ControlHandleKind {
    init?(_ control: ControlHandle)
    var control: ControlHandle { get }
}

/// A `Button` in a host.
@MainActor
public struct ButtonHandle: ControlHandleKind {
    public let control: ControlHandle
    public var title: String { control.title }
    init?(_ control: ControlHandle) {
        guard control.kind == .button else { return nil }
        self.control = control
    }

    /// Runs the button's action, then updates the host.
    /// - Throws: `DriverError` (`.disabled`) when the button is disabled; nothing runs.
    public func tap() throws(DriverError) {
        let node = control.node
        if let button = node.view as? any ActivatableView {
            try control.perform { button.activate(node: node) }
        } else if let action = node.tapAction {
            try control.perform(action)
        }
    }
}

/// A `Toggle` in a host.
@MainActor
public struct ToggleHandle: ControlHandleKind {
    public let control: ControlHandle
    public var title: String { control.title }
    init?(_ control: ControlHandle) {
        guard control.kind == .toggle else { return nil }
        self.control = control
    }

    private var binding: Binding<Bool> { (control.node.view as! any ToggleControl).isOn }

    /// The value the toggle shows.
    public var isOn: Bool { ReadTracker.untracked { binding.wrappedValue } }

    /// Flips the value, then updates the host.
    public func toggle() throws(DriverError) {
        let binding = binding
        try control.perform { binding.wrappedValue.toggle() }
    }

    /// Sets the value, then updates the host.
    public func set(_ isOn: Bool) throws(DriverError) {
        let binding = binding
        try control.perform { binding.wrappedValue = isOn }
    }
}

/// A `TextField` or a `SecureField` in a host.
@MainActor
public struct TextFieldHandle: ControlHandleKind {
    public let control: ControlHandle
    public var title: String { control.title }
    init?(_ control: ControlHandle) {
        guard control.kind == .textField || control.kind == .secureField else { return nil }
        self.control = control
    }

    private var binding: Binding<String> {
        (control.node.view as! any TextInputView).text
    }

    /// The text the field holds (a secure field's too: tests may read it).
    public var text: String { ReadTracker.untracked { binding.wrappedValue } }

    /// Replaces the text, then updates the host.
    public func type(_ text: String) throws(DriverError) {
        let binding = binding
        try control.perform { binding.wrappedValue = text }
    }

    /// Submits the field, as Enter does: runs the `.onSubmit` actions around it (innermost
    /// first, up to a `.submitScope()`), then updates the host. Without any, only updates.
    /// - Throws: `DriverError` (`.disabled`) when the field is disabled; nothing runs.
    public func submit() throws(DriverError) {
        let actions = submitActions
        try control.perform { for action in actions { action() } }
    }

    /// Whether an `.onSubmit` action would run if the field were submitted.
    public var hasSubmitAction: Bool { !submitActions.isEmpty }

    private var submitActions: [@MainActor () -> Void] {
        guard control.node.isMounted else { return [] }
        return EnvironmentReadTracker.untracked { control.node.environment.submitActions(for: .text) }
    }
}

/// A `SecureField` in a host: a text field whose text is not rendered.
public typealias SecureFieldHandle = TextFieldHandle

/// A `Picker` in a host.
@MainActor
public struct PickerHandle: ControlHandleKind {
    public let control: ControlHandle
    public var title: String { control.title }
    init?(_ control: ControlHandle) {
        guard control.kind == .picker else { return nil }
        self.control = control
    }

    private var picker: any PickerControl { control.node.view as! any PickerControl }

    /// The options' labels, in order.
    public var options: [String] {
        ReadTracker.untracked { control.host.pickerOptions(of: control.node).map(\.label) }
    }

    /// The label of the selected option, or nil when no option has the selection's tag.
    public var selectedOption: String? {
        ReadTracker.untracked {
            let selected = picker.selectedTag
            return control.host.pickerOptions(of: control.node).first { $0.tag == selected }?.label
        }
    }

    private func currentOptions() -> [PickerOption] {
        ReadTracker.untracked { control.host.pickerOptions(of: control.node) }
    }

    private func noSuchOption(_ options: [PickerOption]) -> DriverError {
        DriverError(.noSuchOption, kind: .picker, title: title, available: options.map { "\"" + $0.label + "\"" })
    }

    /// Selects `tag` among `options`, then updates the host.
    private func choose(_ tag: AnyHashable, among options: [PickerOption]) throws(DriverError) {
        guard options.contains(where: { $0.tag == tag }) else { throw noSuchOption(options) }
        let picker = picker
        var accepted = true
        try control.perform { accepted = picker.select(tag) }
        if !accepted { throw noSuchOption(options) }
    }

    /// Sets the selection to `tag`, then updates the host.
    /// - Throws: `DriverError` (`.noSuchOption`) when no option has the tag, `.disabled` when
    ///   the picker is; the selection is left as it was.
    public func select<V: Hashable>(_ tag: V) throws(DriverError) {
        try choose(AnyHashable(tag), among: currentOptions())
    }

    /// Selects the option whose label is `label`.
    public func select(label: String) throws(DriverError) {
        let options = currentOptions()
        guard let option = options.first(where: { $0.label == label }) else { throw noSuchOption(options) }
        try choose(option.tag, among: options)
    }

    /// Selects the option after the selected one (the first after the last, or when none is
    /// selected); `by: -1` the one before. Used by front ends that cycle.
    public func selectNext(by step: Int = 1) throws(DriverError) {
        let options = currentOptions()
        if options.isEmpty { return }
        let selected = ReadTracker.untracked { picker.selectedTag }
        let next: Int
        if let index = options.firstIndex(where: { $0.tag == selected }) {
            next = ((index + step) % options.count + options.count) % options.count
        } else {
            next = step >= 0 ? 0 : options.count - 1
        }
        try choose(options[next].tag, among: options)
    }
}

/// A `Stepper` in a host.
@MainActor
public struct StepperHandle: ControlHandleKind {
    public let control: ControlHandle
    public var title: String { control.title }
    init?(_ control: ControlHandle) {
        guard control.kind == .stepper else { return nil }
        self.control = control
    }

    private var stepper: any StepperControl { control.node.view as! any StepperControl }

    /// Steps the value up (clamped to the range), then updates the host.
    public func increment() throws(DriverError) {
        let stepper = stepper
        try control.perform { stepper.step(up: true) }
    }

    /// Steps the value down (clamped to the range), then updates the host.
    public func decrement() throws(DriverError) {
        let stepper = stepper
        try control.perform { stepper.step(up: false) }
    }
}

extension ControlHandle {
    /// Presses a button, flips a toggle, selects a picker's next option, steps a stepper up;
    /// does nothing for a text field.
    public func activate() throws(DriverError) {
        switch kind {
        case .button: try ButtonHandle(self)?.tap()
        case .toggle: try ToggleHandle(self)?.toggle()
        case .picker: try PickerHandle(self)?.selectNext()
        case .stepper: try StepperHandle(self)?.increment()
        case .textField, .secureField: break
        }
    }

    /// A text field's text, a toggle's value as "on"/"off", a picker's selected option; nil
    /// for a button or stepper.
    public var value: String? {
        switch kind {
        case .button, .stepper: nil
        case .toggle: ToggleHandle(self)?.isOn == true ? "on" : "off"
        case .textField, .secureField: TextFieldHandle(self)?.text
        case .picker: PickerHandle(self)?.selectedOption
        }
    }

    /// This control as a picker, or nil when it is another kind.
    public var asPicker: PickerHandle? { PickerHandle(self) }

    /// This control as a text field (or secure field), or nil when it is another kind.
    public var asTextField: TextFieldHandle? { TextFieldHandle(self) }

    /// This control as a stepper, or nil when it is another kind.
    public var asStepper: StepperHandle? { StepperHandle(self) }

    /// Replaces a text field's text (then updates); ignored for other controls.
    public func type(_ text: String) throws(DriverError) { try TextFieldHandle(self)?.type(text) }

    /// The control's own lines exactly as they appear inside `render()` (`[ Add ]`,
    /// `[x] Show done`, `Title: [milk]`), read now. A front end finds the control on screen
    /// with them, to highlight the focused one.
    public var renderedLines: [String] {
        ReadTracker.untracked { host.renderLines(of: node) }.map(TextStyle.stripped)
    }
}
