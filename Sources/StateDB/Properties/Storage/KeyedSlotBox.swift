/// The storage an `@AppStorage` or `@SceneStorage` wrapper carries: the key, this declaration's
/// own default, and, once attached, the slot of the key, which every declaration of the key
/// shares. The slot's default is not stored: while it has no value, each declaration reads its
/// own default.
///
/// Abstract over how the value is stored: `StoredFormBox` says.
class KeyedSlotBox<Value>: Location<Value>, @unchecked Sendable {
    /// Attaches to the slot of the key in the store the declaration named, or else in
    /// `hostStore`.
    func attach(hostStore: StateStore) throws -> AnySlotLocation { fatalError("abstract") }

    /// Attaches to the slot a previous struct of the same view used, when it is the same key
    /// in the same store with the same stored type.
    func reattach(_ location: AnySlotLocation) -> Bool { fatalError("abstract") }

    /// This box, once attached (see `SlotProperty.attachedLocation`).
    var attachedLocation: AnySlotLocation? { fatalError("abstract") }
}

/// A `KeyedSlotBox` whose slot holds `Stored`: the value itself (`Codable` values), its raw
/// value (`RawRepresentable` ones, as SwiftUI stores them), or either as an optional.
///
/// Before it is attached (a view struct used outside a `ViewHost`, without a store of its own)
/// it is a plain in-memory variable, as `@State` is.
final class StoredFormBox<Value, Stored: Codable>: KeyedSlotBox<Value>, @unchecked Sendable {
    let key: SlotKey
    let defaultValue: Value
    /// What the slot holds while it has no value; never shown.
    let placeholder: Stored
    /// The stored form of a value; nil to take the slot's value away (an optional set to nil).
    let toStored: (Value) -> Stored?
    /// The value of a stored form; nil when it stands for none (a raw value no case has), and
    /// the default is shown.
    let fromStored: (Stored) -> Value?
    /// The store the declaration named (`store:`), else nil: the host's.
    let namedStore: StateStore?

    private var localValue: Value
    /// Set once by the view host on the main actor before `body` runs, or when the box is made
    /// with a store of its own.
    private(set) var attachment: (store: StateStore, cell: TypedSlotCell<Stored>)?

    init(key: SlotKey, defaultValue: Value, placeholder: Stored, store: StateStore?,
         toStored: @escaping (Value) -> Stored?, fromStored: @escaping (Stored) -> Value?) {
        self.key = key
        self.defaultValue = defaultValue
        self.placeholder = placeholder
        self.namedStore = store
        self.toStored = toStored
        self.fromStored = fromStored
        localValue = defaultValue
        super.init()
        // A declaration that names its store reads it at once, inside a view or not, as
        // SwiftUI's reads its `UserDefaults`.
        if let store {
            do {
                _ = try attach(hostStore: store)
            } catch {
                store.report(StateDiagnostic(kind: .typeConflict, key: key.key, message: "\(error) The property keeps its value in memory only."))
            }
        }
    }

    override func attach(hostStore: StateStore) throws -> AnySlotLocation {
        let store = namedStore ?? hostStore
        if let attachment, attachment.store === store { return self }
        attachment = (store, try store.storedDefaultSlot(key, placeholder: placeholder))
        return self
    }

    override func reattach(_ location: AnySlotLocation) -> Bool {
        guard let previous = location as? StoredFormBox<Value, Stored>, let attachment = previous.attachment,
              previous.key == key, previous.namedStore === namedStore else { return false }
        self.attachment = attachment
        return true
    }

    override var attachedLocation: AnySlotLocation? { attachment == nil ? nil : self }

    override func get() -> Value {
        guard let attachment else { return localValue }
        ReadTracker.recordRead(of: attachment.cell)
        guard let stored = attachment.store.readStoredDefault(attachment.cell), let value = fromStored(stored) else {
            return defaultValue
        }
        return value
    }

    override func set(_ newValue: Value) {
        guard let attachment else {
            localValue = newValue
            return
        }
        if let stored = toStored(newValue) {
            attachment.store.write(attachment.cell, stored)
        } else {
            attachment.store.removeStoredValue(attachment.cell)
        }
    }

    override func modify(_ change: (inout Value) -> Void) {
        guard let attachment else {
            change(&localValue)
            return
        }
        attachment.store.modifyStoredDefault(attachment.cell) { stored in
            var value = stored.flatMap(fromStored) ?? defaultValue
            change(&value)
            return toStored(value)
        }
    }

    override func isSame(as other: Location<Value>) -> Bool {
        guard let attachment else { return self === other }
        guard let other = other as? StoredFormBox<Value, Stored>, let theirs = other.attachment else { return false }
        return theirs.cell === attachment.cell
    }

    override var slotKey: String? { attachment?.cell.key }
}

extension StoredFormBox: SharedSlotLocation {
    // Asked for only once attached (the host keeps what `attach` returned).
    var anyCell: SlotCell? { attachment!.cell }
    var isOwnedByView: Bool { false }
    var store: StateStore { attachment!.store }
}
