/// A modifier of your own, applied with `.modifier(_:)`, as in SwiftUI: its `body(content:)`
/// returns the view it makes of the view it modifies (`content`).
///
/// ```swift
/// struct Card: ViewModifier {
///     @State private var taps = 0
///     func body(content: Content) -> some View {
///         VStack {
///             content.padding()
///             Button("Tapped \(taps)") { taps += 1 }
///         }
///     }
/// }
///
/// extension View {
///     func card() -> some View { modifier(Card()) }
/// }
///
/// Text("Hello").card()
/// ```
///
/// A modified view is a view of its own in the tree, named after the modifier: `Text("Hello")
/// .card()` in `Screen` is `Screen/Card`, and the content under it `Screen/Card/Text[any]` (the
/// content's type is only known from the value, as an `AnyView`'s). So, unlike the built-in
/// modifiers, adding a custom modifier to a view changes the keys of the state below it, and
/// a new build that adds or removes one does not carry that state over (the modifier is
/// another parent view on the way: see `docs/identity.md`). The modifier's own
/// `@State`, `@NonState` and `@Environment` properties work as a view's: its state is kept
/// under the modified view's identity (`Screen/Card/taps`), its body re-runs when what it
/// read changes.
@MainActor
public protocol ViewModifier {
    /// The type of view `body(content:)` returns.
    associatedtype Body: View

    /// The view this modifier makes of `content`, the view it modifies.
    @ViewBuilder @MainActor func body(content: Self.Content) -> Self.Body

    /// The view being modified, as `body(content:)` receives it.
    typealias Content = _ViewModifier_Content<Self>
}

/// The view a `ViewModifier` modifies, as its `body(content:)` receives it: place it in the
/// body (and modify it further) like any view.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View, StructuralView {
    public typealias Body = Never
    let content: any View

    init(_ content: any View) {
        self.content = content
    }

    // Its type does not say what it holds (the modifier may be applied to any view), so it
    // adds its content as an `AnyView` does.
    func addChildren(to list: inout ChildList, position: Int, in block: BlockContext) {
        list.addErased(content, position: position, in: block)
    }

    nonisolated static func appendShape(to shape: inout BlockShape.Builder, branch: [String], legacy: String) {
        shape.appendErased(Self.self, branch: branch, legacy: legacy)
    }
}

/// A view with a `ViewModifier` applied, made by `.modifier(_:)`, as in SwiftUI. Its body is
/// the modifier's `body(content:)`; see `ViewModifier` for its identity and its state.
public struct ModifiedContent<Content, Modifier> {
    /// The view modified.
    public var content: Content
    /// The modifier applied to it.
    public var modifier: Modifier

    /// `content` with `modifier` applied.
    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public var body: Modifier.Body {
        modifier.body(content: _ViewModifier_Content(content))
    }
}

extension ModifiedContent: ModifierBodyView where Content: View, Modifier: ViewModifier {
    nonisolated static var modifierType: Any.Type { Modifier.self }
}

/// A view whose body is a `ViewModifier`'s (`ModifiedContent`): the graph names it after the
/// modifier, and finds the slots and environment properties of its stored `modifier` as if
/// they were the view's own.
protocol ModifierBodyView {
    nonisolated static var modifierType: Any.Type { get }
}

/// A modifier that leaves the view as it is.
public struct EmptyModifier: ViewModifier {
    /// The modifier that changes nothing.
    public static let identity = EmptyModifier()

    public init() {}

    public func body(content: Content) -> Content { content }
}

extension View {
    /// This view with `modifier` applied: the modifier's `body(content:)` with this view as
    /// its content.
    public func modifier<T: ViewModifier>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }

    /// The view itself: `EmptyModifier` changes nothing, not even where the view's state is
    /// kept (a `ModifiedContent` is a view of its own in the tree, which would move the state
    /// below it to other keys).
    public func modifier(_ modifier: EmptyModifier) -> Self { self }
}
