import Foundation

/// The element of a collection whose id (read through a key path: `\.id`, `\.self`,
/// `\.name`) is `id`, wherever it is now: the element binding of `ForEach($items)` and
/// `ForEach($items, id: \.name)`.
///
/// The id may be part of what the binding edits (with `\.self`, it is the whole value): after
/// a write, the location follows the element it wrote, under its new id, so a second write
/// through the same binding reaches it too. Several elements with one id are one element here, the first (the host reports
/// their views as duplicates).
final class KeyPathElementLocation<C: MutableCollection, ID: Hashable>: Location<C.Element>, @unchecked Sendable {
    let collection: Location<C>
    let idPath: KeyPath<C.Element, ID>
    /// (`SideLocks.lock(for: self)`, as `_lastValue`) Bindings are used from any thread.
    private var _id: ID
    private var _lastValue: C.Element

    init(collection: Location<C>, id idPath: KeyPath<C.Element, ID>, current: C.Element) {
        self.collection = collection
        self.idPath = idPath
        _id = current[keyPath: idPath]
        _lastValue = current
    }

    /// The id of the element, as of its last write through this location.
    private var id: ID {
        get { SideLocks.lock(for: self).withLock { _id } }
        set { SideLocks.lock(for: self).withLock { _id = newValue } }
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
        let id = id
        if let element = collection.get().first(where: { $0[keyPath: idPath] == id }) {
            lastValue = element
            return element
        }
        return lastValue
    }

    override func set(_ newValue: C.Element) {
        modify { $0 = newValue }
    }

    override func modify(_ change: (inout C.Element) -> Void) {
        let id = id
        var newID: ID?
        collection.modify { elements in
            // Gone (removed meanwhile): the write is dropped rather than hitting another element.
            guard let index = elements.firstIndex(where: { $0[keyPath: idPath] == id }) else { return }
            change(&elements[index])
            newID = elements[index][keyPath: idPath]
        }
        if let newID { self.id = newID }
    }

    override func isSame(as other: Location<C.Element>) -> Bool {
        guard let other = other as? KeyPathElementLocation<C, ID> else { return false }
        return id == other.id && idPath == other.idPath && collection.isSame(as: other.collection)
    }

    override var slotKey: String? { collection.slotKey }
}
