/// Finding controls in a mounted tree and acting on them, for tests and scripted front ends.
///
/// ```swift
/// let host = ViewHost(root: CounterView(), store: .inMemory())
/// host.button("Tap").tap()          // runs the action, then update()
/// XCTAssertEqual(host.texts, ["Tap: 1"])
/// host.toggle("Switch").toggle()
/// host.textField("Name").type("Ada")
/// ```
///
/// A title matches exactly, or else as a prefix (`button("Tap")` finds `Tap: 3`); the first
/// match in tree order wins. Asking for a control that is not there stops the program with
/// a message listing the controls that are.
extension ViewHost {
    /// The first `Button` whose title matches, or nil.
    public func findButton(_ title: String) -> ButtonHandle? {
        controls(ButtonHandle.self, titled: title).first
    }

    /// The first `Button` whose title matches.
    public func button(_ title: String) -> ButtonHandle {
        require(findButton(title), kind: "Button", title: title, ButtonHandle.self)
    }

    /// The first `Toggle` whose title matches, or nil.
    public func findToggle(_ title: String) -> ToggleHandle? {
        controls(ToggleHandle.self, titled: title).first
    }

    /// The first `Toggle` whose title matches.
    public func toggle(_ title: String) -> ToggleHandle {
        require(findToggle(title), kind: "Toggle", title: title, ToggleHandle.self)
    }

    /// The first `TextField` whose title matches, or nil.
    public func findTextField(_ title: String) -> TextFieldHandle? {
        controls(TextFieldHandle.self, titled: title).first
    }

    /// The first `TextField` whose title matches.
    public func textField(_ title: String) -> TextFieldHandle {
        require(findTextField(title), kind: "TextField", title: title, TextFieldHandle.self)
    }

    /// Every `Text` in tree order (button labels included).
    public var texts: [String] {
        var result: [String] = []
        visit(root) { node in
            if let text = node.view as? Text { result.append(text.content) }
        }
        return result
    }

    /// Every control (buttons, toggles, text fields) in tree order, for front ends that move
    /// focus between them.
    public var controls: [ControlHandle] {
        var result: [ControlHandle] = []
        visit(root) { node in
            if let control = ControlHandle(node: node, host: self) { result.append(control) }
        }
        return result
    }

    private func controls<H: ControlHandleKind>(_: H.Type, titled title: String) -> [H] {
        let all = controls.compactMap { $0.as(H.self) }
        let exact = all.filter { $0.title == title }
        return exact.isEmpty ? all.filter { $0.title.hasPrefix(title) } : exact
    }

    private func require<H: ControlHandleKind>(_ found: H?, kind: String, title: String, _: H.Type) -> H {
        if let found { return found }
        let titles = controls.compactMap { $0.as(H.self)?.title }.map { "\"\($0)\"" }
        preconditionFailure("no \(kind) titled \"\(title)\"; the tree has \(titles.isEmpty ? "none" : titles.joined(separator: ", ")).\n\(render())")
    }
}

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

    /// Runs the button's action, then updates the host.
    public func tap() {
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

    /// Flips the value, then updates the host.
    public func toggle() {
        ReadTracker.untracked { binding.wrappedValue.toggle() }
        control.host.update()
    }

    /// Sets the value, then updates the host.
    public func set(_ isOn: Bool) {
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

    /// Replaces the text, then updates the host.
    public func type(_ text: String) {
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

/// A view that runs an action when activated (`Button`).
@MainActor
protocol ActivatableView {
    func activate()
}

extension Button: ActivatableView {
    func activate() { action() }
}

extension ViewHost {
    /// A node's rendered lines joined by spaces (a button's title).
    func renderedText(of node: ViewNode) -> String {
        ReadTracker.untracked {
            node.children.map { renderLines(of: $0).joined(separator: " ") }.joined(separator: " ")
        }
    }
}
