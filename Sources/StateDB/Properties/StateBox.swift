/// The storage a `@State` or `@NonState` wrapper carries, whichever way its value is kept: in
/// a slot of the store (`SlotBox`, for `Codable` values) or in memory only
/// (`MemoryStateBox`). The wrapper's initializers pick one from the value's type at compile
/// time, so a `Codable` value takes the store's path with no check at run time.
@usableFromInline
class StateBox<Value>: Location<Value>, @unchecked Sendable {
    /// Attaches to the slot of `key`: hydrating or creating it in `store`, or, in memory, taking
    /// this box as the identity's value. `types` is what the wrapper's `makeSlotTypes()` gave.
    func attachProperty(store: StateStore, key: SlotKey, types: AnySlotTypes, attachment: inout SlotAttachment) throws -> AnySlotLocation {
        fatalError("abstract")
    }

    /// Attaches to the slot a previous struct of the same view used; false when it holds
    /// another type of value (the code changed).
    func reattachProperty(_ location: AnySlotLocation) -> Bool { fatalError("abstract") }

    /// The slot's location once attached, nil before (see `SlotProperty.attachedLocation`).
    var attachedLocation: AnySlotLocation? { fatalError("abstract") }

    /// What `$x` hands out: a reference to the identity's value once attached.
    var location: Location<Value> { fatalError("abstract") }
}

/// The slot types of a `@State` or `@NonState` of `Value`, worked out once per view type: a
/// persisted slot's (`SlotTypes`, with a cell that watches the properties of the `@Observable`
/// models `Value` is or holds in standard containers, `ObservableModelContainer`), or nothing
/// for a value kept in memory.
func stateSlotTypes<Value>(for _: Value.Type) -> AnySlotTypes {
    if let model = Value.self as? any (AnyObject & Observable & Codable).Type {
        func open<Model: AnyObject & Observable & Codable>(_: Model.Type) -> AnySlotTypes {
            SlotTypes<Model>(cell: ObservedModelCell<Model>.self)
        }
        return open(model)
    }
    if let codable = Value.self as? any Codable.Type {
        func open<C: Codable>(_: C.Type) -> AnySlotTypes {
            holdsObservableModels(C.self) ? SlotTypes<C>(cell: WatchedEncodingCell<C>.self) : SlotTypes<C>()
        }
        return open(codable)
    }
    return AnySlotTypes()
}
