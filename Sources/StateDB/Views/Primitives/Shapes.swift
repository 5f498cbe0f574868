/// A shape, as in SwiftUI: `Rectangle()`, `RoundedRectangle(cornerRadius: 8)`, `Circle()`,
/// `Capsule()`, `Ellipse()`. A terminal draws no shapes: a shape takes no room (a stack leaves
/// it out), and `fill`, `stroke` and `.clipShape` change nothing. `Color` draws nothing as a
/// view either (`ZStack { Color.black; … }`).
@MainActor
public protocol Shape: View {}

extension Shape {
    /// The shape filled with `style`; drawn as nothing.
    public func fill<S: ShapeStyle>(_ style: S = Color.primary) -> Self { self }

    /// The shape's outline in `style`; drawn as nothing.
    public func stroke<S: ShapeStyle>(_ style: S, lineWidth: Double = 1) -> Self { self }
}

/// A rectangle; drawn as nothing (see `Shape`).
public struct Rectangle: Shape, PrimitiveView {
    public typealias Body = Never
    public init() {}
    func renderLines(children: [[String]]) -> [String] { [] }
}

/// A rectangle with rounded corners; drawn as nothing (see `Shape`).
public struct RoundedRectangle: Shape, PrimitiveView {
    public typealias Body = Never
    public let cornerRadius: Double
    public init(cornerRadius: Double) { self.cornerRadius = cornerRadius }
    func renderLines(children: [[String]]) -> [String] { [] }
}

/// A circle; drawn as nothing (see `Shape`).
public struct Circle: Shape, PrimitiveView {
    public typealias Body = Never
    public init() {}
    func renderLines(children: [[String]]) -> [String] { [] }
}

/// A capsule; drawn as nothing (see `Shape`).
public struct Capsule: Shape, PrimitiveView {
    public typealias Body = Never
    public init() {}
    func renderLines(children: [[String]]) -> [String] { [] }
}

/// An ellipse; drawn as nothing (see `Shape`).
public struct Ellipse: Shape, PrimitiveView {
    public typealias Body = Never
    public init() {}
    func renderLines(children: [[String]]) -> [String] { [] }
}

extension Color: View, PrimitiveView {
    public typealias Body = Never
    func renderLines(children: [[String]]) -> [String] { [] }
}

extension View {
    /// Compiles and changes nothing: text is not clipped to shapes.
    public func clipShape<S: Shape>(_ shape: S) -> Self { self }
}
