/// A point in a view's frame, as fractions of its size (0…1 from the top leading corner), as
/// in SwiftUI: the anchor of `.rotationEffect` and `.scaleEffect`. A terminal neither turns
/// nor scales text, so it is only carried.
public struct UnitPoint: Hashable, Sendable {
    /// From the leading edge, as a fraction of the width.
    public var x: Double
    /// From the top edge, as a fraction of the height.
    public var y: Double

    /// The top leading corner.
    public init() {
        x = 0
        y = 0
    }

    /// The point `x`, `y`, as fractions of the size.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = UnitPoint(x: 0, y: 0)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}
