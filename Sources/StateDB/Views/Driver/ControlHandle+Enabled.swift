extension ControlHandle {
    /// Whether the control can be used: false inside `.disabled(true)` (its environment's
    /// `isEnabled`). Pressing, flipping or typing into a disabled control through its handle
    /// (or the terminal host) does nothing: no action runs, no value changes, no update.
    /// `render()` shows disabled controls as it shows enabled ones.
    ///
    /// A handle kept after its control left the tree counts as enabled: acting on it behaves
    /// as before (its writes to ended slots are dropped and reported), and its ancestors,
    /// which held the environment, may be gone.
    public var isEnabled: Bool {
        guard node.isMounted else { return true }
        return EnvironmentReadTracker.untracked { node.environment.isEnabled }
    }
}
