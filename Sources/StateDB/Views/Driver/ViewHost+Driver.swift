/// Finding controls in a mounted tree and acting on them, for tests and scripted front ends.
///
/// ```swift
/// let host = ViewHost(root: CounterView(), store: .inMemory())
/// try host.button("Tap").tap()          // runs the action, then update()
/// XCTAssertEqual(host.texts, ["Tap: 1"])
/// try host.toggle("Switch").toggle()
/// try host.textField("Name").type("Ada")
/// try host.picker("Sort").select(Order.oldest)
/// try host.stepper("Quantity").increment()
/// ```
///
/// A title matches exactly, or else as a prefix (`button("Tap")` finds `Tap: 3`). A lookup
/// that finds nothing, or more than one control, throws a `DriverError` whose description
/// lists the controls the tree has; the `find…` forms return nil instead, and the plural
/// forms (`buttons(_:)`) every match.
extension ViewHost {
    /// The `Button` whose title matches.
    public func button(_ title: String) throws(DriverError) -> ButtonHandle { try lookup(.button, title) }
    /// The `Toggle` whose title matches.
    public func toggle(_ title: String) throws(DriverError) -> ToggleHandle { try lookup(.toggle, title) }
    /// The `TextField` whose title matches.
    public func textField(_ title: String) throws(DriverError) -> TextFieldHandle { try lookup(.textField, title) }
    /// The `SecureField` whose title matches.
    public func secureField(_ title: String) throws(DriverError) -> SecureFieldHandle { try lookup(.secureField, title) }
    /// The `Picker` whose title matches.
    public func picker(_ title: String) throws(DriverError) -> PickerHandle { try lookup(.picker, title) }
    /// The `Stepper` whose title matches.
    public func stepper(_ title: String) throws(DriverError) -> StepperHandle { try lookup(.stepper, title) }

    /// The first `Button` whose title matches, or nil.
    public func findButton(_ title: String) -> ButtonHandle? { buttons(title).first }
    /// The first `Toggle` whose title matches, or nil.
    public func findToggle(_ title: String) -> ToggleHandle? { toggles(title).first }
    /// The first `TextField` whose title matches, or nil.
    public func findTextField(_ title: String) -> TextFieldHandle? { textFields(title).first }

    /// Every `Button` whose title matches (exactly, or else as a prefix), in tree order.
    public func buttons(_ title: String) -> [ButtonHandle] { matches(.button, title) }
    /// Every `Toggle` whose title matches, in tree order.
    public func toggles(_ title: String) -> [ToggleHandle] { matches(.toggle, title) }
    /// Every `TextField` whose title matches, in tree order.
    public func textFields(_ title: String) -> [TextFieldHandle] { matches(.textField, title) }
    /// Every `SecureField` whose title matches, in tree order.
    public func secureFields(_ title: String) -> [SecureFieldHandle] { matches(.secureField, title) }
    /// Every `Picker` whose title matches, in tree order.
    public func pickers(_ title: String) -> [PickerHandle] { matches(.picker, title) }
    /// Every `Stepper` whose title matches, in tree order.
    public func steppers(_ title: String) -> [StepperHandle] { matches(.stepper, title) }

    /// Every `Text` in tree order (button labels included).
    public var texts: [String] {
        var result: [String] = []
        visit(root) { node in
            if let text = node.view as? Text { result.append(text.content) }
        }
        return result
    }

    /// Every control in tree order, for front ends that move focus between them. Controls
    /// inside a `.hidden()` view are left out: as in SwiftUI, nobody can use them. While an
    /// alert or a sheet shows, its controls alone (see `ModalPresentation`).
    public var controls: [ControlHandle] {
        var result: [ControlHandle] = []
        func collect(_ node: ViewNode) {
            if node.isHiddenByModifier { return }
            if let control = ControlHandle(node: node, host: self) { result.append(control) }
            for child in node.children { collect(child) }
        }
        collect(controlsRoot)
        return result
    }

    private func matches<H: ControlHandleKind>(_ kind: ControlHandle.Kind, _ title: String) -> [H] {
        let all = controls.filter { $0.kind == kind }
        let exact = all.filter { $0.title == title }
        return (exact.isEmpty ? all.filter { $0.title.hasPrefix(title) } : exact).compactMap { $0.as(H.self) }
    }

    private func lookup<H: ControlHandleKind>(_ kind: ControlHandle.Kind, _ title: String) throws(DriverError) -> H {
        let found: [H] = matches(kind, title)
        if found.count == 1 { return found[0] }
        let available = controls.map(\.listing)
        throw DriverError(found.isEmpty ? .notFound : .ambiguous(count: found.count), kind: kind, title: title, available: available)
    }
}

@MainActor
protocol ActivatableView {
    /// Runs the control's action; `node` is the control's own.
    func activate(node: ViewNode)
}

extension Button: ActivatableView {
    /// Runs the action; a button of an alert then closes it, as in SwiftUI.
    func activate(node: ViewNode) {
        // Found before the action, which may change the tree (an action that updates the host).
        let presentation = node.enclosingPresentation
        action()
        if let presentation, presentation.closesAfterAnyButton { presentation.close() }
    }
}

extension ViewHost {
    /// A node's children's rendered lines joined by spaces (a button's title), styles left out.
    func renderedText(of node: ViewNode) -> String {
        ReadTracker.untracked {
            node.children.map { renderLines(of: $0).map(TextStyle.stripped).joined(separator: " ") }.joined(separator: " ")
        }
    }
}
