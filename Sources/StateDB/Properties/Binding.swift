/// A reference to a value owned elsewhere: reading gets the owner's current value, writing
/// changes the owner. `$x` of a `@State` gives one; a child declares `@Binding var x` to take it.
///
/// ```swift
/// struct ParentView: View {
///     @State private var isOn = false          // source of truth
///     var body: some View {
///         ChildView(isOn: $isOn)               // a reference, not a copy
///     }
/// }
/// struct ChildView: View {
///     @Binding var isOn: Bool
///     var body: some View { Toggle("Switch", isOn: $isOn) }
/// }
/// ```
///
/// A binding to a state slot is a *typed row reference* (store, slot key, value type): it stays
/// valid across body evaluations and struct re-creation, `slotKey` names the row, and it can be
/// made without any view with `StateStore.binding(for:default:)`. Once the slot's view has left
/// the tree, writes through it are dropped with one diagnostic and never bring the row back.
///
/// **Threads.** Bindings to slots, and every binding made from one (`$x.part`, element
/// bindings of `ForEach`, `Binding(optional)`), may be used from any thread; so may a `@State`
/// of a view outside any host. A write through a key path or an element binding changes its
/// part of the slot's value atomically: threads writing different parts keep each other's
/// writes. The app's code involved — the value type's `==`, key-path setters and `didSet`,
/// `init(from:)`, `encode(to:)` — never runs under the store's lock, so it may read and write
/// other bindings; a setter or `didSet` may run more than once when other threads write the
/// same slot at that moment. Bindings made with `init(get:set:)` are as thread-safe as their
/// closures (a key-path write through them is a read, then a write).
///
/// `@unchecked Sendable`: a binding is its `Location`, which guards its own state (see
/// `Location`); `Value` need not be Sendable, as in SwiftUI.
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value>: @unchecked Sendable {
    let location: Location<Value>

    init(location: Location<Value>) {
        self.location = location
    }

    /// A binding that calls `get` to read and `set` to write.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        location = FunctionLocation(get: get, set: set)
    }

    /// Takes a binding as is: lets `@Binding var x: T` be initialised with `$x`.
    public init(projectedValue: Binding<Value>) {
        self = projectedValue
    }

    /// A binding whose value never changes; writes are ignored. Handy in previews and tests.
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(location: ConstantLocation(value))
    }

    /// The referenced value. Reading it in a `body` makes that view depend on it.
    public var wrappedValue: Value {
        get { location.get() }
        nonmutating set { location.set(newValue) }
    }

    /// The binding itself, so `$x` of a `@Binding var x` can be passed on.
    public var projectedValue: Binding<Value> { self }

    /// A binding to a part of the value: `$settings.volume` writes into the parent's slot.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(location: KeyPathLocation(base: location, keyPath: keyPath))
    }

    /// The key of the slot this binding refers to (`ContentView/VStack/Row[id: 42]/isOn`), or
    /// nil when it does not refer to a slot.
    public var slotKey: String? { location.slotKey }

    /// Whether both bindings read and write the same place (the same slot, the same part of
    /// it, or the same closures).
    public func refersToSameValue(as other: Binding<Value>) -> Bool {
        location.isSame(as: other.location)
    }
}

extension Binding {
    /// Unwraps a binding to an optional: nil when the value is nil now.
    public init?(_ base: Binding<Value?>) {
        guard let current = base.wrappedValue else { return nil }
        self.init(location: UnwrappingLocation(base: base.location, current: current))
    }

    /// Wraps a binding as optional; setting nil through it is ignored.
    public init<Wrapped>(_ base: Binding<Wrapped>) where Value == Wrapped? {
        self.init(location: WrappingLocation(base: base.location))
    }
}

extension Binding: Identifiable where Value: Identifiable {
    /// The id of the referenced value.
    public var id: Value.ID { wrappedValue.id }
}

extension Binding: CustomStringConvertible {
    public var description: String {
        "Binding<\(Value.self)>(\(slotKey.map { "slot: \($0)" } ?? "value: \(wrappedValue)"))"
    }
}

extension Binding: SlotReferenceProperty {
    func refersToSamePlace(as other: Binding<Value>) -> Bool { refersToSameValue(as: other) }
}
