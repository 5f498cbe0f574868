/// Light or dark, as SwiftUI's: `@Environment(\.colorScheme)`.
///
/// A terminal does not say which it is, and its colours are its own (`.primary` is its
/// foreground, whatever it is). Views see `.dark`, what most terminals are set to, unless an
/// ancestor sets another with `.environment(\.colorScheme, .light)`.
public enum ColorScheme: CaseIterable, Hashable, Sendable {
    case light, dark
}

private struct ColorSchemeKey: EnvironmentKey {
    static var defaultValue: ColorScheme { .dark }
}

extension EnvironmentValues {
    /// `.dark` unless set: see `ColorScheme`.
    public var colorScheme: ColorScheme {
        get { self[ColorSchemeKey.self] }
        set { self[ColorSchemeKey.self] = newValue }
    }
}

extension View {
    /// Accepted and ignored: the terminal's colours are its own, and SwiftUI applies this to
    /// the presentation around the view, not to the view (use `.environment(\.colorScheme,
    /// …)` to change what the views inside read).
    public func preferredColorScheme(_ colorScheme: ColorScheme?) -> Self { self }
}
