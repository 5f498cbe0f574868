// The initializers of `@AppStorage` and `@SceneStorage`, written once for both: the same
// overloads resolve the same way on each, and only the namespace of the stored key differs.

extension _KeyedStorage {
    /// The value stored under `key`, or `wrappedValue` while there is none (not stored).
    /// - Parameter store: the store to keep it in; nil (the default) for the view host's.
    public init(wrappedValue: Value, _ key: String, store: StateStore? = nil) where Value: Codable {
        self.init(_slot: _KeyedStorageSlot(box: StorageBoxes.value(wrappedValue, key, Self._namespace, store)))
    }

    /// The value stored under `key` by its raw value, or `wrappedValue` while there is none.
    public init(wrappedValue: Value, _ key: String, store: StateStore? = nil) where Value: RawRepresentable, Value.RawValue == String {
        self.init(_slot: _KeyedStorageSlot(box: StorageBoxes.raw(wrappedValue, key, Self._namespace, store)))
    }

    /// The value stored under `key` by its raw value, or `wrappedValue` while there is none.
    public init(wrappedValue: Value, _ key: String, store: StateStore? = nil) where Value: RawRepresentable, Value.RawValue == Int {
        self.init(_slot: _KeyedStorageSlot(box: StorageBoxes.raw(wrappedValue, key, Self._namespace, store)))
    }

    /// The value stored under `key` by its raw value, as for any raw-representable value (also
    /// `Codable`), or `wrappedValue` while there is none.
    public init(wrappedValue: Value, _ key: String, store: StateStore? = nil) where Value: RawRepresentable & Codable, Value.RawValue == String {
        self.init(_slot: _KeyedStorageSlot(box: StorageBoxes.raw(wrappedValue, key, Self._namespace, store)))
    }

    /// The value stored under `key` by its raw value, as for any raw-representable value (also
    /// `Codable`), or `wrappedValue` while there is none.
    public init(wrappedValue: Value, _ key: String, store: StateStore? = nil) where Value: RawRepresentable & Codable, Value.RawValue == Int {
        self.init(_slot: _KeyedStorageSlot(box: StorageBoxes.raw(wrappedValue, key, Self._namespace, store)))
    }

    /// The optional value stored under `key`, or `wrappedValue` while there is none. Setting
    /// nil takes the stored value away (deletes the row), as `UserDefaults` removes a key.
    public init<T: Codable>(wrappedValue: T?, _ key: String, store: StateStore? = nil) where Value == T? {
        self.init(_slot: _KeyedStorageSlot(box: StorageBoxes.optional(wrappedValue, key, Self._namespace, store)))
    }

    /// The optional value stored under `key`, nil while there is none. Setting nil takes the
    /// stored value away (deletes the row).
    public init<T: Codable>(_ key: String, store: StateStore? = nil) where Value == T? {
        self.init(_slot: _KeyedStorageSlot(box: StorageBoxes.optional(nil, key, Self._namespace, store)))
    }

    /// The optional value stored under `key` by its raw value, nil while there is none.
    public init<R: RawRepresentable>(_ key: String, store: StateStore? = nil) where Value == R?, R.RawValue == String {
        self.init(_slot: _KeyedStorageSlot(box: StorageBoxes.optionalRaw(key, Self._namespace, store)))
    }

    /// The optional value stored under `key` by its raw value, nil while there is none.
    public init<R: RawRepresentable>(_ key: String, store: StateStore? = nil) where Value == R?, R.RawValue == Int {
        self.init(_slot: _KeyedStorageSlot(box: StorageBoxes.optionalRaw(key, Self._namespace, store)))
    }

    /// The optional value stored under `key` by its raw value (also when `Codable`), nil
    /// while there is none.
    public init<R: RawRepresentable & Codable>(_ key: String, store: StateStore? = nil) where Value == R?, R.RawValue == String {
        self.init(_slot: _KeyedStorageSlot(box: StorageBoxes.optionalRaw(key, Self._namespace, store)))
    }

    /// The optional value stored under `key` by its raw value (also when `Codable`), nil
    /// while there is none.
    public init<R: RawRepresentable & Codable>(_ key: String, store: StateStore? = nil) where Value == R?, R.RawValue == Int {
        self.init(_slot: _KeyedStorageSlot(box: StorageBoxes.optionalRaw(key, Self._namespace, store)))
    }
}
