/// What `@AppStorage` and `@SceneStorage` share: a value kept under a key the app names, in a
/// namespace of keys of their own. Their initializers (for `Codable` values, `Int` and `String`
/// raw values, and optionals of either) are written once, in an extension of this protocol,
/// and each wrapper is a thin shell that says its namespace.
///
/// Not for conformance outside StateDB: `_KeyedStorageSlot` has no public initializer. It is
/// public only because the initializers it carries are.
public protocol _KeyedStorage {
    associatedtype Value
    /// The first segment of the slot keys: `AppStorage` for `@AppStorage("volume")`, whose
    /// slot is `AppStorage/volume`.
    static var _namespace: String { get }
    /// Wraps the slot an initializer made.
    init(_slot: _KeyedStorageSlot<Value>)
}

/// The slot a keyed storage wrapper reads and writes, as the initializers of `_KeyedStorage`
/// made it. Opaque outside StateDB.
public struct _KeyedStorageSlot<Value> {
    let box: KeyedSlotBox<Value>
}

/// The view graph's side of a keyed storage wrapper, the same for each: the box attaches itself
/// to the key's slot, shared by every declaration of the key.
protocol KeyedSlotProperty: SlotProperty {
    associatedtype Value
    var box: KeyedSlotBox<Value> { get }
}

extension KeyedSlotProperty {
    static func makeSlotTypes() -> AnySlotTypes { AnySlotTypes() }  // the box knows its own

    func attach(store: StateStore, key: SlotKey, types: AnySlotTypes, attachment: inout SlotAttachment) throws -> AnySlotLocation {
        let location = try box.attach(hostStore: store)
        attachment.cell = location.anyCell
        return location
    }

    func reattach(_ location: AnySlotLocation) -> Bool { box.reattach(location) }

    var attachedLocation: AnySlotLocation? { box.attachedLocation }

    static var sharesSlotByKey: Bool { true }
}
