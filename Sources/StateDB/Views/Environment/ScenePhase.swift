/// Whether the app's scene is in use, as SwiftUI's: `@Environment(\.scenePhase)`.
///
/// A terminal app runs in the foreground while it runs, so views always see `.active`
/// (unless an ancestor sets another with `.environment(\.scenePhase, …)`).
public enum ScenePhase: Comparable, Hashable, Sendable {
    case background, inactive, active
}

private struct ScenePhaseKey: EnvironmentKey {
    static var defaultValue: ScenePhase { .active }
}

extension EnvironmentValues {
    /// `.active`: see `ScenePhase`.
    public var scenePhase: ScenePhase {
        get { self[ScenePhaseKey.self] }
        set { self[ScenePhaseKey.self] = newValue }
    }
}
