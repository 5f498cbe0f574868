import Foundation

/// The element of a collection whose id (read through a key path: `\.id`, `\.self`,
/// `\.name`) is `id`, wherever it is now: the element binding of `ForEach($items)` and
/// `ForEach($items, id: \.name)`.
///
/// The id may be part of what the binding edits (with `\.self`, it is the whole value): after
/// a write, the location follows the element it wrote, under its new id, so a second write
/// through the same binding reaches it too.
///
/// The element is looked for first where it was (`index`, where the `ForEach` found it, then
/// wherever it was last found), and only when another element is there, by its id: so two
/// elements with one id (two empty tags of `\.self`) are each their own row's, and a row's
/// read or write costs no scan of the collection while nothing moved.
final class KeyPathElementLocation<C: MutableCollection, ID: Hashable>: Location<C.Element>, @unchecked Sendable {
    let collection: Location<C>
    let idPath: KeyPath<C.Element, ID>
    /// (`SideLocks.lock(for: self)`, as `_lastValue` and `_index`) Bindings are used from any thread.
    private var _id: ID
    private var _lastValue: C.Element
    private var _index: C.Index

    init(collection: Location<C>, id idPath: KeyPath<C.Element, ID>, index: C.Index, current: C.Element) {
        self.collection = collection
        self.idPath = idPath
        _id = current[keyPath: idPath]
        _lastValue = current
        _index = index
    }

    /// The id of the element, and where it was last found.
    private var place: (id: ID, index: C.Index) {
        get { SideLocks.lock(for: self).withLock { (_id, _index) } }
        set { SideLocks.lock(for: self).withLock { (_id, _index) = newValue } }
    }

    /// The element as last seen, for reads once it is gone.
    private var lastValue: C.Element {
        get { SideLocks.lock(for: self).withLock { _lastValue } }
        set {
            var old = newValue
            SideLocks.lock(for: self).withLock { swap(&_lastValue, &old) }
        }
    }

    /// Where the element with `id` is: at `index` if it still is there, else the first
    /// element with that id; nil when none has it.
    private func find(_ id: ID, near index: C.Index, in elements: C) -> C.Index? {
        if index >= elements.startIndex && index < elements.endIndex && elements[index][keyPath: idPath] == id { return index }
        return elements.firstIndex { $0[keyPath: idPath] == id }
    }

    /// Where the element is in `elements` (see `find`), remembered for the next look; nil when
    /// it is gone.
    private func locate(in elements: C) -> (id: ID, index: C.Index)? {
        let (id, hint) = place
        guard let index = find(id, near: hint, in: elements) else { return nil }
        if index != hint { place = (id, index) }
        return (id, index)
    }

    override func get() -> C.Element {
        readAsPart {
            let elements = collection.get()
            guard let index = locate(in: elements)?.index else { return lastValue }
            let element = elements[index]
            lastValue = element
            return element
        }
    }

    override func set(_ newValue: C.Element) {
        modify { $0 = newValue }
    }

    override func modify(_ change: (inout C.Element) -> Void) {
        let (id, hint) = place
        var found: (id: ID, index: C.Index)?
        collection.modify { elements in
            // Gone (removed meanwhile): the write is dropped rather than hitting another element.
            guard let index = find(id, near: hint, in: elements) else { return }
            change(&elements[index])
            found = (elements[index][keyPath: idPath], index)
        }
        if let found { place = found }
    }

    /// The same element of the same collection, wherever each binding last found it: after
    /// an insert or a move, a row's old binding and the one its parent's new struct carries
    /// reach the same element, so the row is not re-run for it.
    override func isSame(as other: Location<C.Element>) -> Bool {
        guard let other = other as? KeyPathElementLocation<C, ID>, idPath == other.idPath,
              collection.isSame(as: other.collection) else { return false }
        let mine = currentPlace(), theirs = other.currentPlace()
        return mine.id == theirs.id && mine.index == theirs.index
    }

    /// Where the element is now (see `find`), remembered; where it was last found when it is
    /// gone. Read untracked: a parent comparing its children's inputs does not read the slot.
    private func currentPlace() -> (id: ID, index: C.Index) {
        locate(in: ReadTracker.untracked { collection.get() }) ?? place
    }

    override var slotKey: String? { collection.slotKey }
    override var slotOfParts: SlotCell? { collection.slotOfParts }
}
