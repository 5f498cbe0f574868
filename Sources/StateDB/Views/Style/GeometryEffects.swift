import Foundation

// SwiftUI's modifiers that move, turn, scale, stack or clip a view after layout. A terminal
// lays text out line by line and cannot draw text over text, turned or at another size, so
// each is accepted and changes nothing: the view is drawn where the layout puts it. Each is
// listed in docs/views.md.

extension View {
    /// Accepted and ignored: a terminal cannot move text off its line without drawing it over
    /// its neighbours', so the view stays where the layout puts it.
    public func offset(x: Double = 0, y: Double = 0) -> Self { self }

    /// Accepted and ignored, as `offset(x:y:)`.
    public func offset(_ offset: CGSize) -> Self { self }

    /// Accepted and ignored: a terminal cannot place a view at a point of its own; the view
    /// stays where the layout puts it.
    public func position(x: Double = 0, y: Double = 0) -> Self { self }

    /// Accepted and ignored, as `position(x:y:)`.
    public func position(_ position: CGPoint) -> Self { self }

    /// Accepted and ignored: a terminal draws text upright only.
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> Self { self }

    /// Accepted and ignored: a terminal draws text in one size only.
    public func scaleEffect(_ scale: Double, anchor: UnitPoint = .center) -> Self { self }

    /// Accepted and ignored, as `scaleEffect(_:anchor:)` with one factor.
    public func scaleEffect(_ scale: CGSize, anchor: UnitPoint = .center) -> Self { self }

    /// Accepted and ignored, as `scaleEffect(_:anchor:)` with one factor.
    public func scaleEffect(x: Double = 1, y: Double = 1, anchor: UnitPoint = .center) -> Self { self }

    /// Accepted and ignored: a terminal cannot lay views over each other, so there is no
    /// front to bring them to; a `ZStack` draws its layers in the order written.
    public func zIndex(_ value: Double) -> Self { self }

    /// Accepted and ignored: nothing is drawn outside a view's frame here (`offset` and
    /// `scaleEffect` change nothing, and a `.frame` narrower than the text already cuts it),
    /// so there is nothing to clip.
    public func clipped(antialiased: Bool = false) -> Self { self }
}
