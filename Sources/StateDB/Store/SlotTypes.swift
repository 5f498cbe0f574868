/// What a slot of one value type needs at run time, worked out once: a view type's table
/// keeps one per slot field, so mounting a view does not redo it for every slot. Code compiled
/// generically looks `TypedSlotCell<Value>` and `SlotLocation<Value>` up in the runtime's hashed
/// metadata cache (~450 instructions each), and the stored type name and `==` each cost a
/// lookup or an allocation.
class AnySlotTypes {}

final class SlotTypes<Value: Codable>: AnySlotTypes {
    let cell = TypedSlotCell<Value>.self
    let location = SlotLocation<Value>.self
    /// `ValueCodec.typeName(of: Value.self)`.
    let typeName = ValueCodec.typeName(of: Value.self)
    /// `==` for `Value`; nil when it is not Equatable.
    let isEqual = equalityFunction(for: Value.self)
}
