/// A stored property of a view whose value lives in a slot of the store (`@State`,
/// `@NonState`, `@AppStorage`, `@SceneStorage`). The graph finds these fields in a view struct
/// and attaches them to their slots before running `body`.
protocol SlotProperty {
    /// The run-time types of this property's slots; a view type's table asks once per field.
    static func makeSlotTypes() -> AnySlotTypes
    /// Attaches to the slot `key` in `store`, hydrating or creating it. `types` is what
    /// `makeSlotTypes()` returned for this property's type. `attachment` tells the host the
    /// cell and whether the slot was created without a row. A property that names its own key
    /// (`@AppStorage`) leaves `key` aside, and may use a store of its own.
    func attach(store: StateStore, key: SlotKey, types: AnySlotTypes, attachment: inout SlotAttachment) throws -> AnySlotLocation
    /// Attaches to the slot a previous struct of the same view used; false when the value
    /// type differs (the code changed).
    func reattach(_ location: AnySlotLocation) -> Bool
    /// The slot this property's storage is attached to (what `attach` returned, or what
    /// `reattach` joined); nil before it is attached, or when attaching failed. The view node
    /// finds its slots here, in the struct it keeps, rather than in a list of its own.
    var attachedLocation: AnySlotLocation? { get }
    /// The property names its own key, and its slot is shared (`@AppStorage`): its location is
    /// a `SharedSlotLocation`. False by default.
    static var sharesSlotByKey: Bool { get }
}

extension SlotProperty {
    static var sharesSlotByKey: Bool { false }
}

/// What attaching a property learned, for the view host: handed back beside the location, so
/// the host need not ask the location for its cell again (a read under the box's side lock;
/// 0.3% of mounting 10,000 rows, 759.9 M → 757.3 M instructions).
struct SlotAttachment {
    /// The store's cell attached; nil for a value kept in memory only.
    var cell: SlotCell?
    /// The slot was created without a row (see `MovedStateMatcher`).
    var foundNoRow = false
}

/// An attached slot, kept by the view node that attached it.
protocol AnySlotLocation: AnyObject {
    /// The store's slot; nil for a value kept in memory only (a `@State` of a type that is
    /// not `Codable`).
    var anyCell: SlotCell? { get }
    /// The slot belongs to the view (`@State`): it ends, and its row is deleted, when the view
    /// leaves the tree. False for slots shared by key (`@AppStorage`), which outlive every view.
    var isOwnedByView: Bool { get }
}

/// A value kept in memory per identity (`MemoryStateBox`), which goes when its view leaves the
/// tree.
protocol MemoryLocation: AnySlotLocation {
    func end()
}

/// A slot shared by key (`@AppStorage`), possibly in a store other than the host's.
protocol SharedSlotLocation: AnySlotLocation {
    var store: StateStore { get }
}

/// A stored property that refers to a slot without owning it (`Binding`): two values are the
/// same input when they refer to the same place.
protocol SlotReferenceProperty {
    func refersToSamePlace(as other: Self) -> Bool
}
