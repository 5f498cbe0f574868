/// The focus of a host, for tests and front ends (see `FocusState`).
///
/// ```swift
/// try host.textField("Title").focus()
/// #expect(host.focusedControl?.title == "Title")
/// try host.button("Add").tap()            // the action sets `isFocused = true`
/// #expect(try host.textField("Title").isFocused)
/// ```
extension ViewHost {
    /// The control that has the focus, or nil when none has it: nothing moved it there yet,
    /// the app resigned it (`isFocused = false`), or it left the tree.
    public var focusedControl: ControlHandle? {
        guard let identity = focus.focusedIdentity else { return nil }
        return controls.first { $0.identity == identity }
    }

    /// Takes the focus from whichever control has it, then updates: the focus states bound
    /// to it turn `false` or `nil`.
    public func resignFocus() {
        guard focus.focusedIdentity != nil else { return }
        focus.focusedIdentity = nil
        update()
    }

    /// Moves the focus to `control`, then updates.
    func moveFocus(to control: ControlHandle) throws(DriverError) {
        if control.isDisabled { throw DriverError(.disabled, kind: control.kind, title: control.title, available: []) }
        focus.isActive = true
        focus.focusedIdentity = control.identity
        update()
    }

    /// Keeps the focus and the focus states in step after an update's evaluation (see
    /// `HostFocus`). Values it writes re-run their readers, which may add or remove
    /// controls, so it goes round again, a bounded number of times.
    func settleFocus() {
        guard focus.isActive else { return }
        for _ in 0..<Self.modifierActionRounds {
            guard focus.settle(in: self) else { return }
            evaluateInvalidated()
            runModifierActions()
        }
    }
}

extension ControlHandle {
    /// Whether this control has the host's focus.
    public var isFocused: Bool { host.focus.focusedIdentity == identity && node.isMounted }

    /// Gives this control the focus, then updates the host: the focus states bound to it (and
    /// to the control that had it) change, and the bodies that read them re-run.
    /// - Throws: `DriverError` (`.disabled`) when the control is disabled: a disabled control
    ///   cannot take the focus, as in SwiftUI; the focus stays where it was.
    public func focus() throws(DriverError) { try host.moveFocus(to: self) }
}

extension ButtonHandle {
    /// Whether the button has the host's focus.
    public var isFocused: Bool { control.isFocused }
    /// Gives the button the focus (see `ControlHandle.focus()`).
    public func focus() throws(DriverError) { try control.focus() }
}

extension ToggleHandle {
    /// Whether the toggle has the host's focus.
    public var isFocused: Bool { control.isFocused }
    /// Gives the toggle the focus (see `ControlHandle.focus()`).
    public func focus() throws(DriverError) { try control.focus() }
}

extension TextFieldHandle {
    /// Whether the field has the host's focus.
    public var isFocused: Bool { control.isFocused }
    /// Gives the field the focus (see `ControlHandle.focus()`).
    public func focus() throws(DriverError) { try control.focus() }
}

extension PickerHandle {
    /// Whether the picker has the host's focus.
    public var isFocused: Bool { control.isFocused }
    /// Gives the picker the focus (see `ControlHandle.focus()`).
    public func focus() throws(DriverError) { try control.focus() }
}

extension StepperHandle {
    /// Whether the stepper has the host's focus.
    public var isFocused: Bool { control.isFocused }
    /// Gives the stepper the focus (see `ControlHandle.focus()`).
    public func focus() throws(DriverError) { try control.focus() }
}
