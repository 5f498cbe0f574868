/// A key for a value in the environment, as in SwiftUI: the type names the value, and
/// `defaultValue` is what a view sees when no ancestor set one.
///
/// ```swift
/// private struct AccentKey: EnvironmentKey {
///     static let defaultValue = "blue"
/// }
///
/// extension EnvironmentValues {
///     var accent: String {
///         get { self[AccentKey.self] }
///         set { self[AccentKey.self] = newValue }
///     }
/// }
///
/// // A view reads it with `@Environment(\.accent) var accent`;
/// // an ancestor sets it for its subtree with `.environment(\.accent, "red")`.
/// ```
public protocol EnvironmentKey {
    /// The type of the value.
    associatedtype Value
    /// The value a view sees when no ancestor set one.
    static var defaultValue: Value { get }
}
