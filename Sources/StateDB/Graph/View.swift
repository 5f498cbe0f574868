/// A piece of user interface: a struct whose `body` describes its content from its inputs
/// and its state. As in SwiftUI, views are values re-created all the time; what they own
/// (`@State`, `@NonState`) lives in the store under the view's identity.
@MainActor
public protocol View {
    /// The type of view this view's body returns.
    associatedtype Body: View

    /// The content of this view, re-evaluated when state it read changes.
    @ViewBuilder @MainActor var body: Self.Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("Never has no body") }
}

extension View where Body == Never {
    /// Primitive views (and views declared without a body) have no body to run.
    public var body: Never {
        fatalError("\(Self.self) is a primitive view; its body is never called")
    }
}
