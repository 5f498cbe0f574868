/// An image, as in SwiftUI. A terminal draws no images: an `Image` takes no room (an `HStack`
/// leaves out its column), and the names it was made from are kept in `systemName` and `name`.
/// Put a character in a `Text` where the picture must show (`Text("★")`).
public struct Image: View, PrimitiveView, Equatable {
    public typealias Body = Never
    /// The SF Symbol's name given to `init(systemName:)`.
    public let systemName: String?
    /// The asset's name given to `init(_:)` or `init(decorative:)`.
    public let name: String?

    /// An SF Symbol (`Image(systemName: "star.fill")`), not drawn.
    public init(systemName: String) {
        self.systemName = systemName
        name = nil
    }

    /// An image from the app's assets, not drawn.
    public init(_ name: String) {
        systemName = nil
        self.name = name
    }

    /// An image from the app's assets that accessibility skips, not drawn.
    public init(decorative name: String) {
        self.init(name)
    }

    func renderLines(children: [[String]]) -> [String] { [] }

    /// How an image is rendered, as in SwiftUI (not drawn here).
    public enum TemplateRenderingMode: Sendable, Hashable { case template, original }

    /// The scale of a symbol, as in SwiftUI (not drawn here).
    public enum Scale: Sendable, Hashable { case small, medium, large }

    /// The image, resizable in SwiftUI; unchanged here.
    public func resizable() -> Image { self }

    /// The image with a rendering mode; unchanged here.
    public func renderingMode(_ renderingMode: TemplateRenderingMode?) -> Image { self }
}

/// How content fills its frame, as in SwiftUI (`.aspectRatio(contentMode: .fit)`).
public enum ContentMode: Sendable, Hashable { case fit, fill }

extension View {
    /// Compiles and changes nothing: a terminal draws no images to scale.
    public func imageScale(_ scale: Image.Scale) -> Self { self }

    /// Compiles and changes nothing: a terminal draws no images to scale.
    public func scaledToFit() -> Self { self }

    /// Compiles and changes nothing: a terminal draws no images to scale.
    public func scaledToFill() -> Self { self }

    /// Compiles and changes nothing: a terminal draws no images to scale.
    public func aspectRatio(_ aspectRatio: Double? = nil, contentMode: ContentMode) -> Self { self }
}
