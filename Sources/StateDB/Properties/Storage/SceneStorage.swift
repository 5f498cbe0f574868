/// A value kept in the store under a key the app names, as SwiftUI's `@SceneStorage` keeps
/// one per scene: the tab that was open, a draft, a scroll position.
///
/// ```swift
/// struct MainView: View {
///     @SceneStorage("tab") private var tab = 0
///     var body: some View {
///         Button("Tab \(tab)") { tab = (tab + 1) % 3 }
///     }
/// }
/// ```
///
/// It behaves as `@AppStorage` does, under its own namespace: the slot's key is
/// `SceneStorage/` and the key (`SceneStorage/tab`), apart from `AppStorage/tab`. The default
/// is not stored; every view that names the key shares it; a write re-runs every reader; views
/// leaving the tree and the end of the process keep it; `statedb` reads and edits it.
///
/// A scene here is a store: SwiftUI keeps one scene storage per window, statedb one per store,
/// so every host on a store shares its `SceneStorage/` keys. And where SwiftUI drops a scene's
/// storage when the user closes the scene, statedb keeps it until it is removed (`statedb rm`,
/// or setting an optional to nil).
///
/// Values: as `@AppStorage`.
@propertyWrapper
public struct SceneStorage<Value>: SlotProperty {
    let box: KeyedSlotBox<Value>

    /// The key's value, or this declaration's default while the key has none. Reading it in
    /// `body` makes the view depend on the key; setting it stores the value for everyone.
    public var wrappedValue: Value {
        get { box.get() }
        nonmutating set { box.set(newValue) }
    }

    /// A binding to the key's slot.
    public var projectedValue: Binding<Value> {
        Binding(location: box)
    }

    static func makeSlotTypes() -> AnySlotTypes { AnySlotTypes() }  // the box knows its own

    func attach(store: StateStore, key: SlotKey, types: AnySlotTypes, foundNoRow: inout Bool) throws -> AnySlotLocation {
        try box.attach(hostStore: store)
    }

    func reattach(_ location: AnySlotLocation) -> Bool { box.reattach(location) }

    static var sharesSlotByKey: Bool { true }
}

extension SceneStorage {
    /// The value stored under `key`, or `wrappedValue` while there is none (not stored).
    /// - Parameter store: the store to keep it in; nil (the default) for the view host's.
    public init(wrappedValue: Value, _ key: String, store: StateStore? = nil) where Value: Codable {
        box = StorageBoxes.value(wrappedValue, key, StorageNamespace.scene, store)
    }

    /// The value stored under `key` by its raw value, or `wrappedValue` while there is none.
    public init(wrappedValue: Value, _ key: String, store: StateStore? = nil) where Value: RawRepresentable, Value.RawValue == String {
        box = StorageBoxes.raw(wrappedValue, key, StorageNamespace.scene, store)
    }

    /// The value stored under `key` by its raw value, or `wrappedValue` while there is none.
    public init(wrappedValue: Value, _ key: String, store: StateStore? = nil) where Value: RawRepresentable, Value.RawValue == Int {
        box = StorageBoxes.raw(wrappedValue, key, StorageNamespace.scene, store)
    }

    /// The value stored under `key` by its raw value, as for any raw-representable value (also
    /// `Codable`), or `wrappedValue` while there is none.
    public init(wrappedValue: Value, _ key: String, store: StateStore? = nil) where Value: RawRepresentable & Codable, Value.RawValue == String {
        box = StorageBoxes.raw(wrappedValue, key, StorageNamespace.scene, store)
    }

    /// The value stored under `key` by its raw value, as for any raw-representable value (also
    /// `Codable`), or `wrappedValue` while there is none.
    public init(wrappedValue: Value, _ key: String, store: StateStore? = nil) where Value: RawRepresentable & Codable, Value.RawValue == Int {
        box = StorageBoxes.raw(wrappedValue, key, StorageNamespace.scene, store)
    }

    /// The optional value stored under `key`, or `wrappedValue` while there is none. Setting
    /// nil takes the stored value away (deletes the row), as `UserDefaults` removes a key.
    public init<T: Codable>(wrappedValue: T?, _ key: String, store: StateStore? = nil) where Value == T? {
        box = StorageBoxes.optional(wrappedValue, key, StorageNamespace.scene, store)
    }

    /// The optional value stored under `key`, nil while there is none. Setting nil takes the
    /// stored value away (deletes the row).
    public init<T: Codable>(_ key: String, store: StateStore? = nil) where Value == T? {
        box = StorageBoxes.optional(nil, key, StorageNamespace.scene, store)
    }

    /// The optional value stored under `key` by its raw value, nil while there is none.
    public init<R: RawRepresentable>(_ key: String, store: StateStore? = nil) where Value == R?, R.RawValue == String {
        box = StorageBoxes.optionalRaw(key, StorageNamespace.scene, store)
    }

    /// The optional value stored under `key` by its raw value, nil while there is none.
    public init<R: RawRepresentable>(_ key: String, store: StateStore? = nil) where Value == R?, R.RawValue == Int {
        box = StorageBoxes.optionalRaw(key, StorageNamespace.scene, store)
    }

    /// The optional value stored under `key` by its raw value (also when `Codable`), nil
    /// while there is none.
    public init<R: RawRepresentable & Codable>(_ key: String, store: StateStore? = nil) where Value == R?, R.RawValue == String {
        box = StorageBoxes.optionalRaw(key, StorageNamespace.scene, store)
    }

    /// The optional value stored under `key` by its raw value (also when `Codable`), nil
    /// while there is none.
    public init<R: RawRepresentable & Codable>(_ key: String, store: StateStore? = nil) where Value == R?, R.RawValue == Int {
        box = StorageBoxes.optionalRaw(key, StorageNamespace.scene, store)
    }
}
