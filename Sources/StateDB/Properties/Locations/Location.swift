import Foundation

/// Where a `Binding`'s value lives. A binding is "a way to get and set a value, plus where it
/// lives", so two bindings can be compared by place (`isSame`) rather than by value.
///
/// `@unchecked Sendable`: every subclass guards its mutable state with a lock (the store's for
/// a slot, `SideLocks` for the others) and hands values out only as copies made under it;
/// `Value` itself need not be Sendable, as SwiftUI's `Binding` does not require it.
@usableFromInline
class Location<Value>: @unchecked Sendable {
    func get() -> Value { fatalError("abstract") }
    func set(_ newValue: Value) { fatalError("abstract") }

    /// Changes the value in place. Slot locations (and those built on them: key paths, element
    /// and optional bindings) do it atomically against other writes of the slot, running
    /// `change` outside the store's lock, possibly more than once (see `StateStore.modify`).
    /// Here, for closures, it is a read, then a write.
    func modify(_ change: (inout Value) -> Void) {
        var value = get()
        change(&value)
        set(value)
    }

    /// Whether `other` reads and writes the same place.
    func isSame(as other: Location<Value>) -> Bool { self === other }
    /// The store's cell this location reads and writes directly, if any: two slot locations
    /// (a view's `@State` box, a `store.binding(for:)`) are the same place when their cells
    /// are the same object.
    var attachedCell: SlotCell? { nil }

    /// The slot behind this location, for diagnostics.
    var slotKey: String? { nil }

    /// The slot a read of this location reads, and records as a dependency, a part of (its
    /// whole value, for the slot's own location): nil when its reads are not of one slot
    /// alone (closures, objects, `@NonState` slots, whose reads record nothing). A binding
    /// made from this one reads a part of the same slot (see `PartRead`).
    var slotOfParts: SlotCell? { nil }
}

/// A binding made from closures (`Binding(get:set:)`).
final class FunctionLocation<Value>: Location<Value>, @unchecked Sendable {
    private let getter: () -> Value
    private let setter: (Value) -> Void

    init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        getter = get
        setter = set
    }

    override func get() -> Value { getter() }
    override func set(_ newValue: Value) { setter(newValue) }
}

/// `Binding.constant`: writes are ignored.
final class ConstantLocation<Value>: Location<Value>, @unchecked Sendable {
    private let value: Value
    init(_ value: Value) { self.value = value }
    override func get() -> Value { value }
    override func set(_ newValue: Value) {}
}

/// A part of another location's value, reached through a key path (`$settings.volume`).
final class KeyPathLocation<Base, Value>: Location<Value>, @unchecked Sendable {
    let base: Location<Base>
    let keyPath: WritableKeyPath<Base, Value>

    init(base: Location<Base>, keyPath: WritableKeyPath<Base, Value>) {
        self.base = base
        self.keyPath = keyPath
    }

    override func get() -> Value { readAsPart { base.get()[keyPath: keyPath] } }
    override func set(_ newValue: Value) { base.modify { $0[keyPath: keyPath] = newValue } }
    override func modify(_ change: (inout Value) -> Void) { base.modify { change(&$0[keyPath: keyPath]) } }

    override func isSame(as other: Location<Value>) -> Bool {
        guard let other = other as? KeyPathLocation<Base, Value> else { return false }
        return keyPath == other.keyPath && base.isSame(as: other.base)
    }

    override var slotKey: String? { base.slotKey }
    override var slotOfParts: SlotCell? { base.slotOfParts }
}

/// `Binding<T>(_ base: Binding<T?>)`: the unwrapped value; keeps the last non-nil value so a
/// view that still holds the binding after the value became nil reads something sensible.
final class UnwrappingLocation<Value>: Location<Value>, @unchecked Sendable {
    let base: Location<Value?>
    /// (`SideLocks.lock(for: self)`) Bindings are used from any thread.
    private var _lastValue: Value

    init(base: Location<Value?>, current: Value) {
        self.base = base
        self._lastValue = current
    }

    private var lastValue: Value {
        get { SideLocks.lock(for: self).withLock { _lastValue } }
        set {
            var old = newValue
            SideLocks.lock(for: self).withLock { swap(&_lastValue, &old) }
        }
    }

    override func get() -> Value {
        readAsPart {
            if let value = base.get() {
                lastValue = value
                return value
            }
            return lastValue
        }
    }
    override func set(_ newValue: Value) {
        lastValue = newValue
        base.set(newValue)
    }
    /// Through the base's `modify`, so key-path writes of different parts from several threads
    /// keep each other's changes. A nil value is changed from the last one, as `set` would.
    override func modify(_ change: (inout Value) -> Void) {
        base.modify { optional in
            var value = optional ?? lastValue
            change(&value)
            lastValue = value
            optional = value
        }
    }
    override func isSame(as other: Location<Value>) -> Bool {
        guard let other = other as? UnwrappingLocation<Value> else { return false }
        return base.isSame(as: other.base)
    }
    override var slotKey: String? { base.slotKey }
    override var slotOfParts: SlotCell? { base.slotOfParts }
}

/// `Binding<T?>(_ base: Binding<T>)`: setting nil is ignored, as in SwiftUI.
final class WrappingLocation<Wrapped>: Location<Wrapped?>, @unchecked Sendable {
    let base: Location<Wrapped>
    init(base: Location<Wrapped>) { self.base = base }
    override func get() -> Wrapped? { base.get() }
    override func set(_ newValue: Wrapped?) { if let newValue { base.set(newValue) } }
    /// Through the base's `modify` (see `UnwrappingLocation.modify`); a change to nil is ignored.
    override func modify(_ change: (inout Wrapped?) -> Void) {
        base.modify { value in
            var optional: Wrapped? = value
            change(&optional)
            if let optional { value = optional }
        }
    }
    override func isSame(as other: Location<Wrapped?>) -> Bool {
        guard let other = other as? WrappingLocation<Wrapped> else { return false }
        return base.isSame(as: other.base)
    }
    override var slotKey: String? { base.slotKey }
    override var slotOfParts: SlotCell? { base.slotOfParts }
}
