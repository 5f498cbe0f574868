extension ControlHandle {
    /// Whether the control can be used: false inside `.disabled(true)` (its environment's
    /// `isEnabled`). Pressing, flipping or typing into a disabled control through its handle
    /// (or the terminal host) does nothing: no action runs, no value changes, no update.
    /// `render()` shows disabled controls as it shows enabled ones.
    public var isEnabled: Bool {
        EnvironmentReadTracker.untracked { node.environment.isEnabled }
    }
}
