/// A list of values of any `Hashable` types, as in SwiftUI: the screens a
/// `NavigationStack(path:)` shows above its root, each drawn by the
/// `.navigationDestination(for:)` registered for its type.
///
/// ```swift
/// @State private var path = NavigationPath()
/// …
/// NavigationStack(path: $path) { … }
/// path.append(note.id)
/// ```
///
/// A `NavigationPath` is kept in memory only: its values may be of any type, and nothing says
/// how to read them back. For a path that survives a restart, bind the stack to an array of
/// one `Codable` type instead (`@State private var path: [Note.ID] = []`).
public struct NavigationPath: Equatable {
    var elements: [AnyHashable]

    /// An empty path.
    public init() {
        elements = []
    }

    /// A path holding `elements`, first at the bottom.
    public init<S: Sequence>(_ elements: S) where S.Element: Hashable {
        self.elements = elements.map { AnyHashable($0) }
    }

    /// How many values the path holds.
    public var count: Int { elements.count }

    /// Whether the path holds no value (the stack shows its root).
    public var isEmpty: Bool { elements.isEmpty }

    /// Adds `value` on top.
    public mutating func append<V: Hashable>(_ value: V) {
        elements.append(AnyHashable(value))
    }

    /// Removes the `k` values on top.
    public mutating func removeLast(_ k: Int = 1) {
        elements.removeLast(k)
    }
}
