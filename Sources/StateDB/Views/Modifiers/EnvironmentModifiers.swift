import Observation

extension View {
    /// Sets the environment value at `keyPath` for this view and everything inside it, as in
    /// SwiftUI. A deeper `.environment` for the same key shadows it.
    ///
    /// ```swift
    /// Header().environment(\.accent, "red")
    /// ```
    ///
    /// When the value changes (`!=` for `Equatable` values, another instance for objects;
    /// anything else always counts as changed), the views inside that read it re-run — only
    /// those.
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        var values = EnvironmentValues()
        values[keyPath: keyPath] = value
        return attaching(.environment(values.written.map { EnvironmentWrite(id: $0.id, value: $0.value) }))
    }

    /// Puts an `@Observable` object in the environment of this view and everything inside
    /// it, for `@Environment(T.self)`. `nil` hides an object an ancestor put there.
    ///
    /// ```swift
    /// ContentView().environment(library)
    /// ```
    public func environment<T: AnyObject & Observable>(_ object: T?) -> some View {
        attaching(.environment([EnvironmentWrite(id: EnvironmentID(objectType: T.self), value: object as Any)]))
    }

    /// Disables the controls in this view when `disabled` is true: `isEnabled` is false
    /// inside, the test driver and the terminal host refuse to press, flip or type into them.
    /// A disabled ancestor wins over a deeper `.disabled(false)`, as in SwiftUI.
    public func disabled(_ disabled: Bool) -> some View {
        attaching(.environment([EnvironmentWrite(id: EnvironmentID(key: DisabledKey.self), value: disabled)]))
    }
}
