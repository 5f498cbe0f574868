/// A value kept in the store under a key the app names, shared by every view that names the
/// key, as SwiftUI's `@AppStorage` keeps one in `UserDefaults`.
///
/// ```swift
/// struct SettingsView: View {
///     @AppStorage("volume") private var volume = 5
///     var body: some View {
///         Button("Volume: \(volume)") { volume += 1 }
///     }
/// }
/// ```
///
/// - The slot's key is `AppStorage/` and the key (`AppStorage/volume`), in the host's store
///   (or the `store:` given). `statedb get STORE AppStorage/volume` shows it; `statedb set`
///   and `statedb rm` change it, also while the app runs.
/// - The default is **not stored**: while the key has no value, each declaration reads its own
///   default, and nothing is written. The first write stores the value; from then on every
///   declaration reads it. Setting an optional to nil, or `statedb rm`, takes it away again.
/// - A write re-runs every view that read the key, and only those.
/// - Views leaving the tree leave the value as it is; so does the end of the process.
///
/// Values: any `Codable` type (Bool, Int, Double, String, URL, Data, Date, your own structs)
/// and `RawRepresentable` types with `Int` or `String` raw values, stored by their raw value as
/// SwiftUI stores them (also when they are `Codable`); a raw value that no case has reads as
/// the default. One key has one type: a declaration of it with another type (`Int` and
/// `Int?` are two types) is reported (`typeConflict`) and keeps its value in memory only.
///
/// Outside a view host, a declaration without `store:` is a plain variable, as `@State` is.
@propertyWrapper
public struct AppStorage<Value>: _KeyedStorage, KeyedSlotProperty {
    let box: KeyedSlotBox<Value>

    /// The key's value, or this declaration's default while the key has none. Reading it in
    /// `body` makes the view depend on the key; setting it stores the value for everyone.
    public var wrappedValue: Value {
        get { box.get() }
        nonmutating set { box.set(newValue) }
    }

    /// A binding to the key's slot.
    public var projectedValue: Binding<Value> { Binding(location: box) }

    public static var _namespace: String { StorageNamespace.app }

    public init(_slot: _KeyedStorageSlot<Value>) { box = _slot.box }
}
