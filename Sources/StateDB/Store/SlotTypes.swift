/// What a slot of one value type needs at run time, worked out once: a view type's table
/// keeps one per slot field, so mounting a view does not redo it for every slot. Code compiled
/// generically looks `TypedSlotCell<Value>` up in the runtime's hashed metadata cache (~450
/// instructions), and the stored type name and `==` each cost a lookup or an allocation.
/// Only the store's own types: what the property wrappers make of a cell is theirs.
class AnySlotTypes {
    /// `ValueCodec.typeName(of: Value.self)` for a `SlotTypes<Value>`; empty for the slots of
    /// wrappers that make no cell of the store's.
    let typeName: String
    /// `Value` of a `SlotTypes<Value>`; nil for the slots of wrappers that make no cell of the
    /// store's. Lets a holder that knows its `Value` check what it was handed without a cast
    /// (see `downcast(to:)`).
    let valueType: ObjectIdentifier?

    /// The types of a wrapper's slots that make no cell of the store's.
    init() {
        typeName = ""
        valueType = nil
    }

    /// For `SlotTypes` alone (this file): a `valueType` that matches while the object is not a
    /// `SlotTypes` of that value would make `downcast(to:)` undefined.
    fileprivate init(typeName: String, valueType: ObjectIdentifier) {
        self.typeName = typeName
        self.valueType = valueType
    }

    /// These types as the `SlotTypes<Value>` they are; a precondition failure when they are of
    /// another value type. `as! SlotTypes<Value>` looked the generic class's metadata up in the
    /// runtime's cache on every call (~340 instructions, 2.7% of hydrating a 10,000-row tree);
    /// comparing `Value` needs no lookup, and with it checked the cast cannot be wrong.
    @inline(__always)
    func downcast<Value: Codable>(to _: Value.Type) -> SlotTypes<Value> {
        precondition(valueType == ObjectIdentifier(Value.self), "slot types of another value type than \(Value.self)")
        return unsafeDowncast(self, to: SlotTypes<Value>.self)
    }
}

final class SlotTypes<Value: Codable>: AnySlotTypes {
    /// `EquatableSlotCell<Value>` when `Value` is Equatable, else `TypedSlotCell<Value>`; for
    /// slots that do not record their initial value, `EquatableStoredDefaultCell<Value>` or
    /// `StoredDefaultCell<Value>`.
    let cell: TypedSlotCell<Value>.Type
    /// A slot created without a row records its initial value at the next commit (`@State`).
    /// False for slots whose declarations' defaults are not stored (`@AppStorage`): such a slot
    /// starts with no value (`SlotCell.hasNoValue`), and a row that does not decode is removed
    /// after its quarantine instead of being overwritten with a default.
    let recordsInitialValue: Bool

    override init() {
        cell = cellType(for: Value.self)
        recordsInitialValue = true
        super.init(typeName: ValueCodec.typeName(of: Value.self), valueType: ObjectIdentifier(Value.self))
    }

    /// The types of a slot whose cells are of the class `cell` (a subclass of the cell
    /// `init()` would pick, for values that need more than a plain cell).
    init(cell: TypedSlotCell<Value>.Type) {
        self.cell = cell
        recordsInitialValue = true
        super.init(typeName: ValueCodec.typeName(of: Value.self), valueType: ObjectIdentifier(Value.self))
    }

    /// The types of a slot whose defaults are not stored (see `StoredDefaultCell`).
    init(storedDefaults: Void) {
        cell = storedDefaultCellType(for: Value.self)
        recordsInitialValue = false
        super.init(typeName: ValueCodec.typeName(of: Value.self), valueType: ObjectIdentifier(Value.self))
    }
}

/// The cell class for values of `Value`, found once per type.
private func cellType<Value: Codable>(for _: Value.Type) -> TypedSlotCell<Value>.Type {
    guard let equatable = Value.self as? any (Codable & Equatable).Type else { return TypedSlotCell<Value>.self }
    func open<E: Codable & Equatable>(_: E.Type) -> TypedSlotCell<Value>.Type {
        // `E` is `Value`, so this is `EquatableSlotCell<Value>`, a subclass of the result type.
        EquatableSlotCell<E>.self as! TypedSlotCell<Value>.Type
    }
    return open(equatable)
}

/// The cell class for values of `Value` whose defaults are not stored; always a
/// `StoredDefaultCell<Value>`.
private func storedDefaultCellType<Value: Codable>(for _: Value.Type) -> TypedSlotCell<Value>.Type {
    guard let equatable = Value.self as? any (Codable & Equatable).Type else { return StoredDefaultCell<Value>.self }
    func open<E: Codable & Equatable>(_: E.Type) -> TypedSlotCell<Value>.Type {
        // `E` is `Value`: `EquatableStoredDefaultCell<Value>`, a subclass of `StoredDefaultCell<Value>`.
        EquatableStoredDefaultCell<E>.self as! TypedSlotCell<Value>.Type
    }
    return open(equatable)
}
