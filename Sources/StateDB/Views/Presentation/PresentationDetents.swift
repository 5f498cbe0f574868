/// A height a sheet can rest at, as in SwiftUI: `.medium`, `.large`, `.fraction(0.3)`,
/// `.height(200)`. A terminal shows a sheet in place of the view it covers, as tall as its
/// content: the heights are kept, not used.
public struct PresentationDetent: Hashable, Sendable {
    private enum Kind: Hashable, Sendable {
        case medium, large
        case fraction(Double)
        case height(Double)
    }

    private let kind: Kind

    /// About half the screen.
    public static let medium = PresentationDetent(kind: .medium)
    /// The whole screen.
    public static let large = PresentationDetent(kind: .large)

    /// A fraction of the screen's height.
    public static func fraction(_ fraction: Double) -> PresentationDetent {
        PresentationDetent(kind: .fraction(fraction))
    }

    /// A height in points.
    public static func height(_ height: Double) -> PresentationDetent {
        PresentationDetent(kind: .height(height))
    }
}

extension View {
    /// Accepted and ignored: a terminal draws a sheet in place of the view it covers, as tall
    /// as its content, whatever heights it may rest at.
    public func presentationDetents(_ detents: Set<PresentationDetent>) -> Self { self }

    /// Accepted and ignored, as `presentationDetents(_:)`: `selection` is neither read nor
    /// written.
    public func presentationDetents(_ detents: Set<PresentationDetent>, selection: Binding<PresentationDetent>) -> Self { self }

    /// Accepted and ignored: a terminal's sheet is not dragged, so it has no handle to show.
    public func presentationDragIndicator(_ visibility: Visibility) -> Self { self }

    /// Accepted and ignored: a terminal's sheet cannot be swiped away, only closed by its
    /// binding or `dismiss()`, so there is no interactive dismissal to disable.
    public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> Self { self }
}
