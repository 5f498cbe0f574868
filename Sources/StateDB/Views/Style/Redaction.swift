/// Why a view's content is redacted, as in SwiftUI (`.redacted(reason: .placeholder)`).
public struct RedactionReasons: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Content shown as a placeholder while the real content loads.
    public static let placeholder = RedactionReasons(rawValue: 1 << 0)
    /// Content marked `privacySensitive`, hidden where others could see it.
    public static let privacy = RedactionReasons(rawValue: 1 << 1)
    /// Content out of date, waiting for an update.
    public static let invalidated = RedactionReasons(rawValue: 1 << 2)
}

extension View {
    /// Accepted and ignored: a terminal draws the text itself, not a placeholder's grey
    /// shapes; show a placeholder text in the view while its content loads.
    public func redacted(reason: RedactionReasons) -> Self { self }

    /// Accepted and ignored: nothing is redacted here (see `redacted(reason:)`).
    public func unredacted() -> Self { self }
}
