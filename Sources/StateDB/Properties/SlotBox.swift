import Foundation

/// The storage a `@State` or `@NonState` wrapper carries. A fresh view struct carries a fresh
/// box holding only the initial value; when the view host mounts or re-evaluates the view, it
/// attaches the box to the slot of the view's identity, and from then on reads and writes go
/// to the store.
///
/// Before it is attached (a view struct used outside a `ViewHost`) the box behaves like a
/// plain in-memory variable, as SwiftUI's `State` does outside a view graph.
///
/// Either way it may be used from any thread, as bindings may: the attachment and the local value
/// are guarded by a side lock (`SideLocks`), under which nothing but a copy or a swap happens.
@usableFromInline
final class SlotBox<Value: Codable>: StateBox<Value>, @unchecked Sendable {
    let initialValue: Value
    let tracksReads: Bool
    /// (side lock) The value while unattached, and its revision (see `modify`).
    private var localValue: Value
    private var localRevision: UInt64 = 0
    /// (side lock) Set by the view host, on the main actor, when it mounts or re-evaluates the
    /// view; read by whoever holds the box (a binding taken in the view's `init`, an action on
    /// another thread).
    private var _attachment: SlotLocation<Value>?

    @usableFromInline
    init(initialValue: Value, tracksReads: Bool) {
        self.initialValue = initialValue
        self.localValue = initialValue
        self.tracksReads = tracksReads
    }

    private var lock: NSLock { SideLocks.lock(for: self) }

    var attachment: SlotLocation<Value>? { let lock = self.lock; lock.lock(); defer { lock.unlock() }; return _attachment }  // not `withLock`, whose generic result looked `SlotLocation<Value>?` up: 2.4% of hydrate

    /// Returns the location attached: the one it had when it is already on `key` in `store`.
    @discardableResult
    func attach(store: StateStore, key: SlotKey, types: SlotTypes<Value>) throws -> SlotLocation<Value> {
        if let attachment, attachment.cell.hasKey(key), attachment.store === store { return attachment }
        let cell = try store.slot(key, types: types, initialValue: { initialValue })
        let location = SlotLocation(store: store, cell: cell, tracksReads: tracksReads)
        attach(location)
        return location
    }

    /// Attaches to a cell already obtained (a re-created struct of a mounted view).
    func attach(_ location: SlotLocation<Value>) {
        let lock = self.lock
        lock.lock()
        // An assignment, not `swap` (nor `withExtendedLifetime`): those generic functions were
        // called unspecialized and looked `Optional<SlotLocation<Value>>` up in the metadata
        // cache, ~330 instructions a slot.
        let previous = _attachment
        // Re-evaluating a view attaches its box again: nothing to write then.
        if previous !== location { _attachment = location }
        lock.unlock()
        // `previous` (a location replaced, if any) is released at the end of the scope, after
        // the lock: a local's lifetime is not shortened across a call such as `unlock()`.
    }

    // `if let` rather than `attachment?.get() ?? localValue`: the optional of the generic
    // `Value` cost a run-time metadata lookup on every read.
    override func get() -> Value {
        let lock = self.lock
        lock.lock()
        if let attachment = _attachment {
            lock.unlock()
            return attachment.get()
        }
        let value = localValue
        lock.unlock()
        return value
    }
    override func set(_ newValue: Value) {
        let lock = self.lock
        lock.lock()
        if let attachment = _attachment {
            lock.unlock()
            attachment.set(newValue)
            return
        }
        var incoming = newValue
        swap(&localValue, &incoming)
        localRevision &+= 1
        lock.unlock()
        // `incoming` holds the old value, released after the lock.
    }
    /// Unattached: `change` runs outside the lock on a copy, which goes in only if no other
    /// write came meanwhile (else `change` runs again), as the store does for slots.
    override func modify(_ change: (inout Value) -> Void) {
        let lock = self.lock
        while true {
            lock.lock()
            if let attachment = _attachment {
                lock.unlock()
                attachment.modify(change)
                return
            }
            let revision = localRevision
            var changed = localValue
            lock.unlock()
            change(&changed)
            lock.lock()
            guard localRevision == revision, _attachment == nil else {
                lock.unlock()
                continue
            }
            swap(&localValue, &changed)
            localRevision &+= 1
            lock.unlock()
            return
        }
    }
    override func isSame(as other: Location<Value>) -> Bool {
        if let attachment { return attachment.isSame(as: other) }
        return self === other
    }
    override var slotKey: String? { attachment?.slotKey }

    /// What `$x` hands out: a reference to the slot once attached.
    override var location: Location<Value> { attachment ?? self }

    // `types` came from `makeSlotTypes()` of the wrapper holding this box (the view's field
    // table): a `SlotTypes<Value>`, since this box is made only for `Codable` values.
    override func attachProperty(store: StateStore, key: SlotKey, types: AnySlotTypes, foundNoRow: inout Bool) throws -> AnySlotLocation {
        try attachSlot(store: store, key: key, types: types as! SlotTypes<Value>, foundNoRow: &foundNoRow)
    }

    override func reattachProperty(_ location: AnySlotLocation) -> Bool {
        guard let location = location as? SlotLocation<Value> else { return false }
        attach(location)
        return true
    }
}

extension SlotLocation: AnySlotLocation {
    var anyCell: SlotCell? { cell }
    var isOwnedByView: Bool { true }
}

extension SlotBox {
    func attachSlot(store: StateStore, key: SlotKey, types: SlotTypes<Value>, foundNoRow: inout Bool) throws -> AnySlotLocation {
        // The location `attach` returns, not a second locked read of `attachment`.
        let attachment = try attach(store: store, key: key, types: types)
        attachment.cell.didAttach(to: store)
        // Taken, so a later attach to the same cell does not count it again. Only the mounting
        // host's thread reads and clears it.
        foundNoRow = attachment.cell.foundNoRow
        attachment.cell.foundNoRow = false
        return attachment
    }
}
