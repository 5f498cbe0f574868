import Observation

/// The values a view's environment holds, as in SwiftUI: read with `@Environment(\.key)`,
/// set for a subtree with `.environment(\.key, value)`, extended with computed properties over
/// the subscript (see `EnvironmentKey`).
///
/// Built in: `isEnabled` (false inside `.disabled(true)`) and `stateStore` (the host's store).
public struct EnvironmentValues: CustomStringConvertible {
    /// The values the view sees, innermost first; nil: only defaults.
    var head: EnvironmentEntry?
    /// Values set on this copy, latest last: they shadow `head`. A `.environment` modifier
    /// collects its writes here.
    var written: [(id: EnvironmentID, value: Any)] = []

    /// An environment holding only default values.
    public init() {}

    init(head: EnvironmentEntry?) {
        self.head = head
    }

    /// The value for `key`: the innermost one set, or the key's default.
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get {
            if let value = value(for: EnvironmentID(key: key)), let value = value as? K.Value { return value }
            return K.defaultValue
        }
        set {
            write(newValue, for: EnvironmentID(key: key))
        }
    }

    /// The innermost value set for `id`, recording the read when a body is being evaluated.
    func value(for id: EnvironmentID) -> Any? {
        if let local = written.last(where: { $0.id == id }) { return local.value }
        var entry = head
        while let current = entry {
            if current.id == id {
                EnvironmentReadTracker.recordRead(of: current)
                return current.value
            }
            entry = current.parent
        }
        return nil
    }

    mutating func write(_ value: Any, for id: EnvironmentID) {
        written.removeAll { $0.id == id }
        written.append((id, value))
    }

    /// The object of type `T` an ancestor put in the environment with `.environment(_:)`.
    func object<T: AnyObject>(of type: T.Type) -> T? {
        value(for: EnvironmentID(objectType: type)) as? T
    }

    public var description: String {
        var names: [String] = written.map { "\($0.value)" }
        var entry = head
        while let current = entry {
            names.append("\(current.value)")
            entry = current.parent
        }
        return "EnvironmentValues(\(names.joined(separator: ", ")))"
    }
}

// MARK: - Built-in values

/// Set to false by `.disabled(true)`: explicit `isEnabled` values, as SwiftUI's.
struct IsEnabledKey: EnvironmentKey {
    static var defaultValue: Bool { true }
}

/// What `.disabled(_:)` writes: a disabled ancestor disables the subtree whatever a deeper
/// `.disabled(false)` says, as in SwiftUI.
struct DisabledKey: EnvironmentKey {
    static var defaultValue: Bool { false }
}

/// The store of the host the view is mounted in (set by the host at the root).
struct StateStoreKey: EnvironmentKey {
    static var defaultValue: StateStore? { nil }
}

extension EnvironmentValues {
    /// Whether controls in this view can be used: false inside `.disabled(true)`, as in
    /// SwiftUI. The test driver and the terminal host refuse to act on a disabled control.
    ///
    /// The innermost explicit `isEnabled` value counts, unless a `.disabled(true)` deeper
    /// than it disables the subtree; only the entries that decided the answer are read (so a
    /// view re-runs only when they change).
    public var isEnabled: Bool {
        get {
            let enabledID = EnvironmentID(key: IsEnabledKey.self)
            let disabledID = EnvironmentID(key: DisabledKey.self)
            for local in written.reversed() {
                if local.id == disabledID, local.value as? Bool == true { return false }
                if local.id == enabledID { return local.value as? Bool ?? true }
            }
            var entry = head
            while let current = entry {
                if current.id == disabledID {
                    EnvironmentReadTracker.recordRead(of: current)
                    if current.value as? Bool == true { return false }
                } else if current.id == enabledID {
                    EnvironmentReadTracker.recordRead(of: current)
                    return current.value as? Bool ?? true
                }
                entry = current.parent
            }
            return true
        }
        set { self[IsEnabledKey.self] = newValue }
    }

    /// The store of the host the view is mounted in, so a view can reach explicitly keyed
    /// slots: `stateStore.binding(for: "settings/volume", default: 5)`.
    ///
    /// Every view mounted in a `ViewHost` has one; reading it from an `EnvironmentValues()`
    /// made by hand stops the program.
    public var stateStore: StateStore {
        get {
            guard let store = self[StateStoreKey.self] else {
                preconditionFailure("EnvironmentValues.stateStore was read outside a ViewHost: only views mounted in a host have a store")
            }
            return store
        }
        set { self[StateStoreKey.self] = newValue }
    }
}
