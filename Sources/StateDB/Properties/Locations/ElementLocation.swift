import Foundation

/// The element of a collection with a given id, wherever it is now.
final class ElementLocation<C: MutableCollection>: Location<C.Element>, @unchecked Sendable where C.Element: Identifiable {
    let collection: Location<C>
    let id: C.Element.ID
    /// (`SideLocks.lock(for: self)`) Bindings are used from any thread.
    private var _lastValue: C.Element

    init(collection: Location<C>, id: C.Element.ID, current: C.Element) {
        self.collection = collection
        self.id = id
        self._lastValue = current
    }

    /// The element as last seen, for reads once it is gone.
    private var lastValue: C.Element {
        get { SideLocks.lock(for: self).withLock { _lastValue } }
        set {
            var old = newValue
            SideLocks.lock(for: self).withLock { swap(&_lastValue, &old) }
        }
    }

    override func get() -> C.Element {
        if let element = collection.get().first(where: { $0.id == id }) {
            lastValue = element
            return element
        }
        return lastValue
    }

    override func set(_ newValue: C.Element) {
        modify { $0 = newValue }
    }

    override func modify(_ change: (inout C.Element) -> Void) {
        collection.modify { elements in
            // Gone (removed meanwhile): the write is dropped rather than hitting another element.
            guard let index = elements.firstIndex(where: { $0.id == id }) else { return }
            change(&elements[index])
        }
    }

    override func isSame(as other: Location<C.Element>) -> Bool {
        guard let other = other as? ElementLocation<C> else { return false }
        return id == other.id && collection.isSame(as: other.collection)
    }

    override var slotKey: String? { collection.slotKey }
}
