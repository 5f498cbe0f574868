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
public struct SceneStorage<Value>: _KeyedStorage, KeyedSlotProperty {
    let box: KeyedSlotBox<Value>

    /// The key's value, or this declaration's default while the key has none. Reading it in
    /// `body` makes the view depend on the key; setting it stores the value for everyone.
    public var wrappedValue: Value {
        get { box.get() }
        nonmutating set { box.set(newValue) }
    }

    /// A binding to the key's slot.
    public var projectedValue: Binding<Value> { Binding(location: box) }

    public static var _namespace: String { StorageNamespace.scene }

    public init(_slot: _KeyedStorageSlot<Value>) { box = _slot.box }
}
