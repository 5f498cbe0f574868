/// A stored property of a view whose value lives in a slot of the store (`@State`,
/// `@NonState`). The graph finds these fields in a view struct and attaches them to the slots
/// of the view's identity before running `body`.
protocol SlotProperty {
    /// The run-time types of this property's slots; a view type's table asks once per field.
    static func makeSlotTypes() -> AnySlotTypes
    /// Attaches to the slot `key` in `store`, hydrating or creating it. `types` is what
    /// `makeSlotTypes()` returned for this property's type. `foundNoRow` is set when the slot
    /// was created without a row (see `MovedStateMatcher`).
    func attach(store: StateStore, key: SlotKey, types: AnySlotTypes, foundNoRow: inout Bool) throws -> AnySlotLocation
    /// Attaches to the slot a previous struct of the same view used; false when the value
    /// type differs (the code changed).
    func reattach(_ location: AnySlotLocation) -> Bool
}

/// An attached slot, kept by the view node that owns it.
protocol AnySlotLocation: AnyObject {
    var anyCell: SlotCell { get }
}

/// A stored property that refers to a slot without owning it (`Binding`): two values are the
/// same input when they refer to the same place.
protocol SlotReferenceProperty {
    func refersToSamePlace(as other: Self) -> Bool
}
