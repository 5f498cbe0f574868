/// The value a view stands for inside a `Picker`, set by `.tag(_:)`.
struct TagModifier: AttachedModifier {
    let tag: AnyHashable
}

extension View {
    /// Marks the view as the option for `tag` in the `Picker` around it, as in SwiftUI: the
    /// picker shows this view while its selection equals `tag`, and choosing it sets the
    /// selection to `tag`. In a `List(selection:)` it makes the row selectable as `tag`, and in
    /// a bound `TabView` it names the tab. Elsewhere it changes nothing.
    public func tag<V: Hashable>(_ tag: V) -> ModifiedView<Self> {
        modifier(TagModifier(tag: AnyHashable(tag)))
    }
}
