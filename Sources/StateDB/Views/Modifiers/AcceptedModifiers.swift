/// SwiftUI modifiers a terminal has nothing to do with: each compiles and returns the view
/// unchanged, so code written for SwiftUI runs. Each says why.

/// A transition, as in SwiftUI (`.opacity`, `.slide`, `.move(edge:)`): a terminal draws no
/// motion, so views appear and go at once.
public struct AnyTransition: Sendable {
    private let name: String
    public static let identity = AnyTransition(name: "identity")
    public static let opacity = AnyTransition(name: "opacity")
    public static let slide = AnyTransition(name: "slide")
    public static let scale = AnyTransition(name: "scale")
    public static func move(edge: Edge) -> AnyTransition { AnyTransition(name: "move") }
    public static func push(from edge: Edge) -> AnyTransition { AnyTransition(name: "push") }
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition { insertion }
    /// The two together (not drawn either).
    public func combined(with other: AnyTransition) -> AnyTransition { self }
}

/// Regions a view may extend into, as in SwiftUI's `.ignoresSafeArea(_:edges:)`.
public struct SafeAreaRegions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let container = SafeAreaRegions(rawValue: 1)
    public static let keyboard = SafeAreaRegions(rawValue: 2)
    public static let all: SafeAreaRegions = [.container, .keyboard]
}

extension View {
    /// Compiles and changes nothing: a terminal draws no motion (see `AnyTransition`).
    public func transition(_ transition: AnyTransition) -> Self { self }

    /// Compiles and changes nothing: a terminal's screen has no safe area.
    public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> Self { self }

    /// Compiles and changes nothing: a terminal has no pull to refresh. Refresh in a
    /// `.task` or from a button instead.
    public func refreshable(action: @escaping @Sendable () async -> Void) -> Self { self }
}
