/// The namespaces of the keys that `@AppStorage` and `@SceneStorage` name: `AppStorage/volume`
/// for `@AppStorage("volume")`. A view's slot key starts with its root view's type name, so
/// these keys are apart from every view's unless a root view is named `AppStorage` or
/// `SceneStorage` (which a host reports).
enum StorageNamespace {
    static let app = "AppStorage"
    static let scene = "SceneStorage"
    static let all = [app, scene]

    /// The slot key of `key` in `namespace`.
    static func slotKey(_ key: String, in namespace: String) -> SlotKey {
        SlotKey(namespace.appendingPathSegment(key))
    }
}

/// The boxes behind the initialisers of `AppStorage` and `SceneStorage`, one per stored form.
enum StorageBoxes {
    /// A `Codable` value, stored as itself.
    static func value<Value: Codable>(_ defaultValue: Value, _ key: String, _ namespace: String, _ store: StateStore?) -> KeyedSlotBox<Value> {
        StoredFormBox<Value, Value>(key: StorageNamespace.slotKey(key, in: namespace), defaultValue: defaultValue,
                                    placeholder: defaultValue, store: store,
                                    toStored: { $0 }, fromStored: { $0 })
    }

    /// An optional `Codable` value, stored as an optional: nil takes the value away (the row
    /// is deleted), as `UserDefaults` removes a key set to nil. A NULL stored by hand reads as
    /// nil.
    static func optional<T: Codable>(_ defaultValue: T?, _ key: String, _ namespace: String, _ store: StateStore?) -> KeyedSlotBox<T?> {
        StoredFormBox<T?, T?>(key: StorageNamespace.slotKey(key, in: namespace), defaultValue: defaultValue,
                              placeholder: nil, store: store,
                              toStored: { (value: T?) -> T?? in value.map { .some($0) } },
                              fromStored: { (stored: T?) -> T?? in .some(stored) })
    }

    /// A raw-representable value, stored as its raw value, as SwiftUI stores it; a raw value
    /// that no case has reads as the default.
    static func raw<R: RawRepresentable>(_ defaultValue: R, _ key: String, _ namespace: String, _ store: StateStore?) -> KeyedSlotBox<R>
    where R.RawValue: Codable {
        StoredFormBox<R, R.RawValue>(key: StorageNamespace.slotKey(key, in: namespace), defaultValue: defaultValue,
                                     placeholder: defaultValue.rawValue, store: store,
                                     toStored: { $0.rawValue }, fromStored: { R(rawValue: $0) })
    }

    /// An optional raw-representable value, stored as an optional raw value; nil takes the
    /// value away.
    static func optionalRaw<R: RawRepresentable>(_ key: String, _ namespace: String, _ store: StateStore?) -> KeyedSlotBox<R?>
    where R.RawValue: Codable {
        StoredFormBox<R?, R.RawValue?>(key: StorageNamespace.slotKey(key, in: namespace), defaultValue: nil,
                                       placeholder: nil, store: store,
                                       toStored: { (value: R?) -> R.RawValue?? in value.map { .some($0.rawValue) } },
                                       fromStored: { (stored: R.RawValue?) -> R?? in
                                           guard let stored else { return .some(nil) }
                                           return R(rawValue: stored).map { .some($0) }
                                       })
    }
}
