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
/// A path in `@State` is stored, and survives a restart: each value with its type, up to the
/// first value that cannot be stored (not `Codable`, or of a private or local type; see
/// `NavigationPath+Codable.swift`). `codable` and `init(_: CodableRepresentation)` are there
/// too, as in SwiftUI.
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
