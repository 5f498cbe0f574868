extension View {
    /// Runs `action` when this view appears: after the update that mounted it has evaluated
    /// every body, children's actions before their parents' (as SwiftUI), a view's own
    /// modifiers in the order written. Writes it makes are applied in the same update.
    public func onAppear(perform action: (@MainActor () -> Void)? = nil) -> some View {
        attaching(.appear(action ?? {}))
    }

    /// Runs `action` when this view leaves the tree (its `if` turns false, its `ForEach`
    /// element goes away), after the update's evaluation, children's before their parents'.
    /// A view whose host is released does not disappear.
    public func onDisappear(perform action: (@MainActor () -> Void)? = nil) -> some View {
        attaching(.disappear(action ?? {}))
    }

    /// Runs `action(old, new)` when `value` changes: each time the parent's body gives this
    /// view a value that is not `==` to the previous one, after the update's evaluation. With
    /// `initial: true` it also runs when the view appears (old and new then both the value).
    ///
    /// ```swift
    /// Text(query).onChange(of: query) { old, new in search(new) }
    /// ```
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping @MainActor (_ oldValue: V, _ newValue: V) -> Void) -> some View {
        attaching(.change(ValueChangeWatch(value: value, initial: initial, action: action)))
    }

    /// Runs `action` when `value` changes (see `onChange(of:initial:_:)` with two arguments).
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping @MainActor () -> Void) -> some View {
        attaching(.change(ValueChangeWatch(value: value, initial: initial) { _, _ in action() }))
    }

    /// Runs `action(new)` when `value` changes: the one-argument form of SwiftUI before
    /// iOS 17 and macOS 14 (deprecated there), which code written for those still uses
    /// (`.onChange(of: query) { newValue in search(newValue) }`). Never runs when the view
    /// appears.
    public func onChange<V: Equatable>(of value: V, perform action: @escaping @MainActor (_ newValue: V) -> Void) -> some View {
        attaching(.change(ValueChangeWatch(value: value, initial: false) { _, new in action(new) }))
    }
}
