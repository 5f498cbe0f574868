/// Names one value in the environment: an `EnvironmentKey` type, or the type of an object
/// put there with `.environment(object)`.
struct EnvironmentID: Hashable {
    let type: ObjectIdentifier
    let isObject: Bool

    init<K: EnvironmentKey>(key: K.Type) {
        type = ObjectIdentifier(key)
        isObject = false
    }

    init(objectType: Any.Type) {
        type = ObjectIdentifier(objectType)
        isObject = true
    }
}

/// One value set for a subtree (by `.environment`, `.disabled`, or the host for the root).
///
/// The entries a view sees form a chain, innermost first, through its ancestors' entries to
/// the root's. An entry belongs to the view whose modifier set it; a new value from that
/// modifier is written into the same entry, so every descendant sees it at once, and the views
/// that read the entry (`EnvironmentDependencies`) are re-run — only those.
///
/// Used on the main actor only (the host and the bodies it runs), but not isolated to it: the
/// `EnvironmentValues` subscript that reads it is called from users' nonisolated extensions.
final class EnvironmentEntry {
    let id: EnvironmentID
    fileprivate(set) var value: Any
    /// The next entry outwards (the parent view's, or the same view's outer modifier's); nil
    /// past the root's. Changed only when an ancestor's entries are rebuilt.
    var parent: EnvironmentEntry?

    init(id: EnvironmentID, value: Any, parent: EnvironmentEntry?) {
        self.id = id
        self.value = value
        self.parent = parent
    }

    /// Replaces the value; false (and nothing changed) when the new one equals it.
    func replaceValue(with newValue: Any) -> Bool {
        if environmentValuesAreEqual(value, newValue) { return false }
        value = newValue
        return true
    }
}

/// Whether two environment values are the same, as SwiftUI decides whether a value changed:
/// `==` for `Equatable` values, identity for objects; anything else counts as changed.
func environmentValuesAreEqual(_ lhs: Any, _ rhs: Any) -> Bool {
    if let lhs = lhs as? any Equatable { return lhs.isEqual(toAny: rhs) }
    // An optional object (`.environment(model as Model?)`): compare what it holds.
    if let lhs = lhs as? any OptionalValue, let rhs = rhs as? any OptionalValue {
        switch (lhs.wrappedAny, rhs.wrappedAny) {
        case (nil, nil): return type(of: lhs) == type(of: rhs)
        case (let lhs?, let rhs?): return environmentValuesAreEqual(lhs, rhs)
        default: return false
        }
    }
    if type(of: lhs) is AnyClass, type(of: rhs) is AnyClass {
        return (lhs as AnyObject) === (rhs as AnyObject)
    }
    return false
}

extension Equatable {
    fileprivate func isEqual(toAny other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}

