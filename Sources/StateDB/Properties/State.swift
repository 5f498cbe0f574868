/// A value a view owns, kept in the store under the view's identity: it survives every
/// re-creation of the view struct and every restart of the process. Changing it re-runs the
/// bodies that read it, and only those.
///
/// ```swift
/// struct CounterView: View {
///     @State private var count = 0
///     var body: some View {
///         Button("Tap: \(count)") { count += 1 }
///     }
/// }
/// ```
///
/// The slot's key is the view's identity plus the property name
/// (`ContentView/VStack/CounterView[1]/count`). The initial value is used only when the store
/// has no value for that key. `Value` must be `Codable`, because the value is persisted; a
/// value that no longer decodes after a type change is quarantined, never lost.
///
/// - `count` reads and writes the value (the setter is nonmutating, so button actions
///   captured in `body` can write it);
/// - `$count` is a `Binding` to the slot, to hand to children;
/// - `_count` is the wrapper itself, for `_count = State(initialValue: 5)` in `init`.
@propertyWrapper
public struct State<Value: Codable>: SlotProperty {
    @usableFromInline let box: SlotBox<Value>

    /// A state slot whose value starts as `value` when the store has none.
    ///
    /// Inlinable, so the box is allocated with the app's `Value` known: compiled generically,
    /// finding the box's run-time type cost a metadata lookup per view struct created.
    @inlinable
    public init(wrappedValue value: Value) {
        box = SlotBox(initialValue: value, tracksReads: true)
    }

    /// A state slot whose value starts as `value` when the store has none.
    @inlinable
    public init(initialValue value: Value) {
        self.init(wrappedValue: value)
    }

    /// The current value. Reading it in `body` makes the view depend on it.
    public var wrappedValue: Value {
        get { box.get() }
        nonmutating set { box.set(newValue) }
    }

    /// A binding to the slot: a reference to this source of truth, not a copy.
    public var projectedValue: Binding<Value> {
        Binding(location: box.location)
    }

    static func makeSlotTypes() -> AnySlotTypes { LocatedSlotTypes<Value>() }

    func attach(store: StateStore, key: SlotKey, types: AnySlotTypes, foundNoRow: inout Bool) throws -> AnySlotLocation {
        // `types` came from `makeSlotTypes()` of this very type (the view's field table); `as!` cost 1.3% of hydrate (metadata look-up).
        try box.attachProperty(store: store, key: key, types: unsafeDowncast(types, to: LocatedSlotTypes<Value>.self), foundNoRow: &foundNoRow)
    }

    func reattach(_ location: AnySlotLocation) -> Bool { box.reattachProperty(location) }
}

extension State where Value: ExpressibleByNilLiteral {
    /// A state slot that starts as `nil`.
    public init() {
        self.init(wrappedValue: nil)
    }
}
