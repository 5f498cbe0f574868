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
/// has no value for that key. A `Codable` value is persisted; one that no longer decodes after
/// a type change is quarantined, never lost.
///
/// A value that is not `Codable` (a `Task`, a closure, a model class) is kept in memory per
/// identity instead: it survives re-creation of the struct and re-evaluation of the view, not a
/// restart, and goes when the view leaves the tree. The store reports such a slot once
/// (`StateDiagnostic.Kind.notPersisted`). Which of the two is decided by the declared type, at
/// compile time.
///
/// An `@Observable` model works as in SwiftUI: `@State private var model = Model()` keeps one
/// instance per identity (`Model()` is used only when the slot is new), and a body depends on
/// exactly the model properties it read. A model that is also `Codable` is persisted under the
/// slot's key, and stored again after its properties change.
///
/// - `count` reads and writes the value (the setter is nonmutating, so button actions
///   captured in `body` can write it);
/// - `$count` is a `Binding` to the slot, to hand to children;
/// - `_count` is the wrapper itself, for `_count = State(initialValue: 5)` in `init`.
@propertyWrapper
public struct State<Value>: SlotProperty {
    @usableFromInline let box: StateBox<Value>

    /// A state slot whose value starts as `value` when the store has none.
    ///
    /// Inlinable, so the box is allocated with the app's `Value` known: compiled generically,
    /// finding the box's run-time type cost a metadata lookup per view struct created.
    @inlinable
    public init(wrappedValue value: Value) where Value: Codable {
        box = SlotBox(initialValue: value, tracksReads: true)
    }

    /// A state slot whose value starts as `value` when the store has none.
    @inlinable
    public init(initialValue value: Value) where Value: Codable {
        self.init(wrappedValue: value)
    }

    /// A slot kept in memory only, for a value that is not `Codable`: `value` is used when the
    /// view's identity has no value yet.
    @inlinable
    public init(wrappedValue value: Value) {
        box = MemoryStateBox(initialValue: value, tracksReads: true)
    }

    /// A slot kept in memory only, for a value that is not `Codable`.
    @inlinable
    public init(initialValue value: Value) {
        self.init(wrappedValue: value)
    }

    /// A slot kept in memory only and not reported as `notPersisted`: for what the library's
    /// own views keep that SwiftUI does not restore either (a navigation stack's pushed views).
    init(inMemoryUnreported value: Value) {
        box = MemoryStateBox(initialValue: value, tracksReads: true, reportsNotPersisted: false)
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

    static func makeSlotTypes() -> AnySlotTypes { stateSlotTypes(for: Value.self) }

    func attach(store: StateStore, key: SlotKey, types: AnySlotTypes, attachment: inout SlotAttachment) throws -> AnySlotLocation {
        // `types` came from `makeSlotTypes()` of this very type (the view's field table).
        try box.attachProperty(store: store, key: key, types: types, attachment: &attachment)
    }

    func reattach(_ location: AnySlotLocation) -> Bool { box.reattachProperty(location) }

    var attachedLocation: AnySlotLocation? { box.attachedLocation }
}

extension State where Value: ExpressibleByNilLiteral {
    /// A state slot that starts as `nil` (kept in memory only: `Value` is not `Codable`).
    public init() {
        self.init(wrappedValue: nil)
    }
}

extension State where Value: ExpressibleByNilLiteral & Codable {
    /// A state slot that starts as `nil`.
    public init() {
        self.init(wrappedValue: nil)
    }
}
