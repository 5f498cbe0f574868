/// How SwiftUI would animate a change. A terminal draws no motion: a change made inside
/// `withAnimation { }`, through a `Binding.animation()` binding or under `.animation(_:value:)`
/// is applied as any other, and drawn at the next update. These exist so that data-flow code
/// written for SwiftUI, which wraps its state changes in them, compiles and runs unchanged.
public struct Animation: Sendable, Equatable {
    private let name: String
    private init(_ name: String) { self.name = name }

    public static let `default` = Animation("default")
    public static let linear = Animation("linear")
    public static let easeIn = Animation("easeIn")
    public static let easeOut = Animation("easeOut")
    public static let easeInOut = Animation("easeInOut")
    public static let spring = Animation("spring")
    public static let bouncy = Animation("bouncy")
    public static let smooth = Animation("smooth")
    public static let snappy = Animation("snappy")

    public static func linear(duration: Double) -> Animation { linear }
    public static func easeIn(duration: Double) -> Animation { easeIn }
    public static func easeOut(duration: Double) -> Animation { easeOut }
    public static func easeInOut(duration: Double) -> Animation { easeInOut }
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0) -> Animation { spring }
    public static func spring(duration: Double, bounce: Double = 0, blendDuration: Double = 0) -> Animation { spring }

    public func delay(_ delay: Double) -> Animation { self }
    public func speed(_ speed: Double) -> Animation { self }
    public func repeatCount(_ count: Int, autoreverses: Bool = true) -> Animation { self }
    public func repeatForever(autoreverses: Bool = true) -> Animation { self }
}

/// Runs `body` and returns what it returns: its state changes are applied at once, and drawn
/// at the next update, as every change is (a terminal draws no motion; see `Animation`).
@discardableResult
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try body()
}

extension Binding {
    /// This binding: a write through it is applied as any write (see `Animation`).
    public func animation(_ animation: Animation? = .default) -> Binding<Value> { self }
}

extension View {
    /// This view, unchanged: changes of `value` are drawn at the next update (see `Animation`).
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> Self { self }

    /// Does nothing: SwiftUI's debugging aid (`let _ = Self._printChanges()` in a body), which
    /// prints what made the body run. Here, `ViewHost` re-runs a body only when a slot or a
    /// model property it read changed (data-flow.md, Invalidation).
    public static func _printChanges() {}
}
