/// A control found in a host: a button, a toggle or a text field.
@MainActor
public struct ControlHandle {
    public enum Kind: Sendable { case button, toggle, textField }

    public let kind: Kind
    /// The title (a button's rendered label).
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
        case let toggle as Toggle:
            kind = .toggle
            title = toggle.title
        case let field as TextField:
            kind = .textField
            title = field.title
        default:
            return nil
        }
        self.node = node
        self.host = host
        self.identity = node.identity
    }

    func `as`<H: ControlHandleKind>(_: H.Type) -> H? { H(self) }
}

@MainActor
protocol ControlHandleKind {
    init?(_ control: ControlHandle)
    var title: String { get }
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

    /// Runs the button's action, then updates the host; does nothing when the button is
    /// disabled.
    public func tap() {
        guard control.isEnabled else { return }
        guard let button = control.node.view as? any ActivatableView else { return }
        ReadTracker.untracked { button.activate() }
        control.host.update()
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

    private var binding: Binding<Bool> { (control.node.view as! Toggle).isOn }

    /// The value the toggle shows.
    public var isOn: Bool { ReadTracker.untracked { binding.wrappedValue } }

    /// Flips the value, then updates the host; does nothing when the toggle is disabled.
    public func toggle() {
        guard control.isEnabled else { return }
        ReadTracker.untracked { binding.wrappedValue.toggle() }
        control.host.update()
    }

    /// Sets the value, then updates the host; does nothing when the toggle is disabled.
    public func set(_ isOn: Bool) {
        guard control.isEnabled else { return }
        ReadTracker.untracked { binding.wrappedValue = isOn }
        control.host.update()
    }
}

/// A `TextField` in a host.
@MainActor
public struct TextFieldHandle: ControlHandleKind {
    public let control: ControlHandle
    public var title: String { control.title }
    init?(_ control: ControlHandle) {
        guard control.kind == .textField else { return nil }
        self.control = control
    }

    private var binding: Binding<String> { (control.node.view as! TextField).text }

    /// The text the field shows.
    public var text: String { ReadTracker.untracked { binding.wrappedValue } }

    /// Replaces the text, then updates the host; does nothing when the field is disabled.
    public func type(_ text: String) {
        guard control.isEnabled else { return }
        ReadTracker.untracked { binding.wrappedValue = text }
        control.host.update()
    }
}

extension ControlHandle {
    /// Activates a button, flips a toggle; does nothing for a text field.
    public func activate() {
        switch kind {
        case .button: ButtonHandle(self)?.tap()
        case .toggle: ToggleHandle(self)?.toggle()
        case .textField: break
        }
    }

    /// A text field's text, a toggle's value as "on"/"off", nil for a button.
    public var value: String? {
        switch kind {
        case .button: nil
        case .toggle: ToggleHandle(self)?.isOn == true ? "on" : "off"
        case .textField: TextFieldHandle(self)?.text
        }
    }

    /// Replaces a text field's text (then updates); ignored for other controls.
    public func type(_ text: String) { TextFieldHandle(self)?.type(text) }

    /// The control's own lines exactly as they appear inside `render()` (`[ Add ]`,
    /// `[x] Show done`, `Title: [milk]`), read now. A front end finds the control on screen
    /// with them, to highlight the focused one.
    public var renderedLines: [String] {
        ReadTracker.untracked { host.renderLines(of: node) }
    }
}
