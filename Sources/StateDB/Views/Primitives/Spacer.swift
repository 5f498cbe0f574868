/// Flexible space, as in SwiftUI. Text has no space to distribute, so it renders as nothing:
/// in an `HStack` its neighbours stay two spaces apart, in a `VStack` no line is added.
public struct Spacer: View, PrimitiveView, Equatable {
    public typealias Body = Never
    /// Accepted as in SwiftUI; not used by the text rendering.
    public let minLength: Double?

    public init(minLength: Double? = nil) {
        self.minLength = minLength
    }

    func renderLines(children: [[String]]) -> [String] { [] }
}

/// A line between views, as in SwiftUI. Renders as a rule of 24 `─`: text has no container
/// width to stretch it to.
public struct Divider: View, PrimitiveView, Equatable {
    public typealias Body = Never

    public init() {}

    /// The rendered rule.
    static let rule = String(repeating: "─", count: 24)

    func renderLines(children: [[String]]) -> [String] { [Self.rule] }
}
