/// A value a view owns and persists like `@State`, but whose writes never refresh any view and
/// whose reads create no dependency: for bookkeeping a view needs to remember (a "has loaded"
/// flag, a timestamp) without re-rendering.
///
/// ```swift
/// struct MyView: View {
///     @NonState var hasLoaded = false
///     var body: some View {
///         Button { if !hasLoaded { load() } } label: { Text("Button") }
///     }
///     func load() {           // not mutating: the setter is nonmutating
///         hasLoaded = true     // persisted, no refresh
///     }
/// }
/// ```
///
/// Keyed exactly like `@State` (identity + property name), so it survives restarts too. The
/// write is committed with the next `update()` or `flush()`. As with `@State`, a value that is
/// not `Codable` is kept in memory per identity only, and reported once (`notPersisted`).
@propertyWrapper
public struct NonState<Value>: SlotProperty {
    @usableFromInline let box: StateBox<Value>

    /// A slot whose value starts as `value` when the store has none. Inlinable for the same
    /// reason as `State.init(wrappedValue:)`.
    @inlinable
    public init(wrappedValue value: Value) where Value: Codable {
        box = SlotBox(initialValue: value, tracksReads: false)
    }

    /// A slot kept in memory only, for a value that is not `Codable`.
    @inlinable
    public init(wrappedValue value: Value) {
        box = MemoryStateBox(initialValue: value, tracksReads: false)
    }

    /// The current value. Reading it creates no dependency; writing it refreshes nothing.
    public var wrappedValue: Value {
        get { box.get() }
        nonmutating set { box.set(newValue) }
    }

    static func makeSlotTypes() -> AnySlotTypes { stateSlotTypes(for: Value.self) }

    func attach(store: StateStore, key: SlotKey, types: AnySlotTypes, attachment: inout SlotAttachment) throws -> AnySlotLocation {
        // `types` came from `makeSlotTypes()` of this very type (the view's field table).
        try box.attachProperty(store: store, key: key, types: types, attachment: &attachment)
    }

    func reattach(_ location: AnySlotLocation) -> Bool { box.reattachProperty(location) }

    var attachedLocation: AnySlotLocation? { box.attachedLocation }
}
