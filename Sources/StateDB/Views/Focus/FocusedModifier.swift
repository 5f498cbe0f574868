/// `.focused(_:)` or `.focused(_:equals:)` on a view: the controls in it are bound to a
/// `@FocusState` (see `HostFocus` for how the host keeps the two in step).
struct FocusedModifier: AttachedModifier {
    let target: any FocusTarget
}

/// One control's binding to a focus state, with the type of the state's value erased.
@MainActor
protocol FocusTarget {
    /// The focus state: controls bound to the same state have the same place.
    var place: ObjectIdentifier { get }
    /// The state's value now.
    var current: AnyHashable { get }
    /// The value that means "this control has the focus" (`true`, or the `equals:` value).
    var focusedValue: AnyHashable { get }
    /// The value that means "none of the state's controls has it" (`false` or `nil`).
    var unfocusedValue: AnyHashable { get }
    /// Writes `focusedValue` (true) or `unfocusedValue` (false) to the state.
    func write(focused: Bool)
}

struct FocusBindingTarget<Value: Hashable>: FocusTarget {
    let location: Location<Value>
    let whenFocused: Value
    let whenUnfocused: Value

    var place: ObjectIdentifier { ObjectIdentifier(location) }
    var current: AnyHashable { AnyHashable(ReadTracker.untracked { location.get() }) }
    var focusedValue: AnyHashable { AnyHashable(whenFocused) }
    var unfocusedValue: AnyHashable { AnyHashable(whenUnfocused) }

    func write(focused: Bool) {
        let value = focused ? whenFocused : whenUnfocused
        ReadTracker.untracked { location.set(value) }
    }
}

extension View {
    /// Binds the focus of this view's control to `binding`, as in SwiftUI: the value is `true`
    /// while the control has the focus, and setting it to `true` moves the focus there (after
    /// the update); `false` resigns it. On a container, the first control inside takes the
    /// focus, and the value is `true` while any control inside has it. On a view with no
    /// control it does nothing.
    public func focused(_ binding: FocusState<Bool>.Binding) -> ModifiedView<Self> {
        modifier(FocusedModifier(target: FocusBindingTarget(location: binding.location, whenFocused: true, whenUnfocused: false)))
    }

    /// Binds the focus of this view's control to `binding` under `value`, as in SwiftUI: the
    /// state is `value` while this control has the focus (`nil` while no control bound to it
    /// has), and setting it to `value` moves the focus here (after the update).
    public func focused<Value: Hashable>(_ binding: FocusState<Value?>.Binding, equals value: Value) -> ModifiedView<Self> {
        modifier(FocusedModifier(target: FocusBindingTarget<Value?>(location: binding.location, whenFocused: value, whenUnfocused: nil)))
    }
}
