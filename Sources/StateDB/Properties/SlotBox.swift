import Foundation

/// The storage a `@State` or `@NonState` wrapper carries. A fresh view struct carries a fresh
/// box holding only the initial value; when the view host mounts or re-evaluates the view, it
/// attaches the box to the slot of the view's identity, and from then on reads and writes go
/// to the store.
///
/// An attached box is itself the slot's location: it holds the store and the cell, and the view
/// node keeps the first box attached as the slot's `AnySlotLocation` (a re-created struct's box
/// attaches to the same cell). Mounting makes no location object per slot: allocating a
/// `SlotLocation<Value>` looked its generic class up in the runtime's metadata cache on every
/// mount (~460 instructions) and cost 48 bytes a slot. One is made only for bindings (`$x`),
/// on first use, and shared by the boxes of later structs (see `_location`).
///
/// Before it is attached (a view struct used outside a `ViewHost`) the box behaves like a
/// plain in-memory variable, as SwiftUI's `State` does outside a view graph.
///
/// Either way it may be used from any thread, as bindings may: the attachment and the local value
/// are guarded by a side lock (`SideLocks`), under which nothing but a copy or a swap happens.
///
/// Mounting reaches a box through its view's field table (an existential `SlotProperty`), so
/// its methods run as generic code, every operation on `Value` through the type's witness
/// table. The ones a mount calls, and `StateStore.slot`, are also compiled for the four
/// standard types most slots hold (`@_specialize`: Int, String, Bool, Double), which the
/// generic entry switches to: 2.6% of mounting 10,000 rows of an Int and a String (801.5 M →
/// 780.4 M instructions; BENCHMARKS.md, tenth pass). Other types take the generic path.
@usableFromInline
final class SlotBox<Value: Codable>: StateBox<Value>, @unchecked Sendable {
    // The fields are declared in this order so they pack: `tracksReads` and the 32-bit
    // `localRevision` share 8 bytes, and the store and the location share one reference. That
    // makes a box of an `Int` 56 bytes (a 64-byte malloc chunk, from 80) and of a `String` 72
    // (80, from 96): a mounted tree holds one per slot.
    let initialValue: Value
    /// (side lock) The value while unattached, and its revision (see `modify`; 32 bits: it only
    /// tells whether another write came during one `modify`).
    private var localValue: Value
    let tracksReads: Bool
    private var localRevision: UInt32 = 0
    /// (side lock) The slot, set by the view host, on the main actor only, when it mounts or
    /// re-evaluates the view; read by whoever holds the box (a binding taken in the view's
    /// `init`, an action on another thread). `_cell` and `_reach` are both nil, or both set.
    /// The host reads `_cell` without the lock, being its one writer (see `attach`).
    private var _cell: TypedSlotCell<Value>?
    private var _reach: StoreReach?

    /// How an attached box reaches its slot's store: the store itself, until `$x` makes the
    /// slot's location, which holds it. The location is made on first use and passed on to the
    /// boxes of re-created structs. Bindings write through it, not through the box: its store
    /// and cell are constants, where the box's must be read under its lock and retained (the
    /// store's reference count takes the slow path), which cost the write profile 11%.
    private enum StoreReach {
        case store(StateStore)
        case location(SlotLocation<Value>)
    }

    /// (side lock) The attached slot's store.
    private var _store: StateStore? {
        switch _reach {
        case .store(let store)?: store
        case .location(let location)?: location.store
        case nil: nil
        }
    }

    /// (side lock) The attached slot's location, once `$x` (or a re-created struct) made it.
    private var _location: SlotLocation<Value>? {
        if case .location(let location)? = _reach { return location }
        return nil
    }

    @usableFromInline
    init(initialValue: Value, tracksReads: Bool) {
        self.initialValue = initialValue
        self.localValue = initialValue
        self.tracksReads = tracksReads
    }

    private var lock: NSLock { SideLocks.lock(for: self) }

    /// The cell attached, if any. Locked directly, not through `withLock`, whose generic result
    /// looked the optional's type up per call.
    var cell: TypedSlotCell<Value>? { let lock = self.lock; lock.lock(); defer { lock.unlock() }; return _cell }

    /// Attaches to the slot `key` of `store`: nothing to do when it is already on it.
    @_specialize(where Value == Int)
    @_specialize(where Value == String)
    @_specialize(where Value == Bool)
    @_specialize(where Value == Double)
    func attach(store: StateStore, key: SlotKey, types: SlotTypes<Value>) throws -> TypedSlotCell<Value> {
        // Only the view host, on the main actor, writes `_cell` (the other `attach`), and this
        // is the host: its own read of it cannot race, so a box not attached yet (every box a
        // mount attaches) is told without the lock: 1.2% of mounting 10,000 rows (769.0 M →
        // 760.1 M instructions). An attached one is checked under it, since `$x` on another
        // thread may set `_reach` meanwhile.
        assert(isAttachedOnTheMainActor())
        if _cell != nil {
            let lock = self.lock
            lock.lock()
            let attached = _store === store && _cell?.hasKey(key) == true ? _cell : nil
            lock.unlock()
            // An ended cell is not taken back: a struct the app kept (a navigation link's
            // destination) mounting again after its view left the tree starts afresh, as a
            // new struct would. (Asked after the box's lock: the store's comes first.)
            if let attached, !store.hasEnded(attached) { return attached }
        }
        let cell = try store.slot(key, types: types, initialValue: { initialValue })
        attach(store: store, cell: cell)
        return cell
    }

    /// Attaches to a cell already obtained (a re-created struct of a mounted view). The view
    /// host's, on the main actor: `_cell` has that one writer.
    @_specialize(where Value == Int)
    @_specialize(where Value == String)
    @_specialize(where Value == Bool)
    @_specialize(where Value == Double)
    private func attach(store: StateStore, cell: TypedSlotCell<Value>, location: SlotLocation<Value>? = nil) {
        assert(isAttachedOnTheMainActor())
        let lock = self.lock
        lock.lock()
        // Assignments, not `swap`: the generic function ran unspecialized and looked the
        // optional's type up in the metadata cache. A cell replaced, if any, is released at the
        // end of the scope, after the lock (a local's lifetime is not shortened across
        // `unlock()`).
        // `_reach` keeps the location alone when there is one: it must be on the same store.
        assert(location.map { $0.store === store } ?? true, "a slot location of another store")
        let previous = _cell
        var previousReach: StoreReach?
        if previous !== cell {
            _cell = cell
            previousReach = _reach
            if let location { _reach = .location(location) } else { _reach = .store(store) }
        }
        lock.unlock()
        _ = previousReach
    }

    // `if let` rather than `attachment?.get() ?? localValue`: the optional of the generic
    // `Value` cost a run-time metadata lookup on every read.
    @_specialize(where Value == Int)
    @_specialize(where Value == String)
    @_specialize(where Value == Bool)
    @_specialize(where Value == Double)
    override func get() -> Value {
        // A body being evaluated (a recorder on this thread) runs on the main actor, where the
        // host, `_cell`'s one writer, runs: its read cannot race, and skips the side lock.
        if tracksReads, let recorder = ReadTracker.current, let cell = _cell {
            recorder.record(cell)
            return cell.lockedValue
        }
        // Not in a body (nothing to record), or not attached: under the lock.
        let lock = self.lock
        lock.lock()
        if let cell = _cell {
            lock.unlock()
            return cell.lockedValue
        }
        let value = localValue
        lock.unlock()
        return value
    }
    override func set(_ newValue: Value) {
        let lock = self.lock
        lock.lock()
        if let cell = _cell, let store = _store {
            lock.unlock()
            // A write that changed a tracked slot during a body is noted (see `SlotLocation`).
            if case .changed(let revision) = store.write(cell, newValue), tracksReads {
                ReadTracker.recordWrite(of: cell, revision: revision)
            }
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
            if let cell = _cell, let store = _store {
                lock.unlock()
                if case .changed(let revision) = store.modify(cell, change), tracksReads {
                    ReadTracker.recordWrite(of: cell, revision: revision)
                }
                return
            }
            let revision = localRevision
            var changed = localValue
            lock.unlock()
            change(&changed)
            lock.lock()
            guard localRevision == revision, _cell == nil else {
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
        if let cell { return cell === other.attachedCell }
        return self === other
    }
    override var attachedCell: SlotCell? { cell }
    override var slotKey: String? { cell?.key }
    override var slotOfParts: SlotCell? { tracksReads ? cell : nil }

    /// What `$x` hands out: the slot's location once attached, else the box itself, which
    /// writes to the slot once it is attached.
    override var location: Location<Value> { slotLocation() ?? self }

    /// The attached slot's location, made on first use; nil while unattached.
    private func slotLocation() -> SlotLocation<Value>? {
        let lock = self.lock
        lock.lock()
        if let location = _location {
            lock.unlock()
            return location
        }
        guard let cell = _cell, let store = _store else {
            lock.unlock()
            return nil
        }
        lock.unlock()
        let made = SlotLocation(store: store, cell: cell, tracksReads: tracksReads)
        lock.lock()
        // Another thread may have made one meanwhile, or the box moved to another cell.
        if _location == nil, _cell === cell { _reach = .location(made) }
        let location = _location ?? made
        lock.unlock()
        return location
    }

    // `types` came from `makeSlotTypes()` of the wrapper holding this box (the view's field
    // table): a `SlotTypes<Value>`, since this box is made only for `Codable` values.
    @_specialize(where Value == Int)
    @_specialize(where Value == String)
    @_specialize(where Value == Bool)
    @_specialize(where Value == Double)
    override func attachProperty(store: StateStore, key: SlotKey, types: AnySlotTypes, attachment: inout SlotAttachment) throws -> AnySlotLocation {
        try attachSlot(store: store, key: key, types: types.downcast(to: Value.self), attachment: &attachment)
    }

    /// `location` is the box a previous struct of the view attached (see `attachSlot`).
    override func reattachProperty(_ location: AnySlotLocation) -> Bool {
        guard let previous = location as? SlotBox<Value> else { return false }
        if previous === self { return true }
        let lock = previous.lock
        lock.lock()
        let store = previous._store
        let cell = previous._cell
        lock.unlock()
        guard let store, let cell else { return false }
        // The node's box makes the location once (on the first re-creation, if no `$x` did),
        // and every later struct's box shares it, so handing out `$x` allocates nothing.
        attach(store: store, cell: cell, location: previous.slotLocation())
        return true
    }

    /// An attached box is itself the slot's location.
    override var attachedLocation: AnySlotLocation? { cell == nil ? nil : self }
}

extension SlotBox: AnySlotLocation {
    var anyCell: SlotCell? { cell }
    var isOwnedByView: Bool { true }
}

extension SlotBox {
    /// Attaches the box, which the view node then keeps as the slot's location.
    @_specialize(where Value == Int)
    @_specialize(where Value == String)
    @_specialize(where Value == Bool)
    @_specialize(where Value == Double)
    func attachSlot(store: StateStore, key: SlotKey, types: SlotTypes<Value>, attachment: inout SlotAttachment) throws -> AnySlotLocation {
        // The cell `attach` returns, not a second locked read.
        let cell = try attach(store: store, key: key, types: types)
        cell.didAttach(to: store)
        // Taken, so a later attach to the same cell does not count it again. Only the mounting
        // host's thread reads and clears it.
        attachment.cell = cell
        attachment.foundNoRow = cell.foundNoRow
        cell.foundNoRow = false
        return self
    }
}

/// For `assert`s only (release builds never call it): traps, with its own message, rather than
/// returning false, when not isolated to the main actor, which is a serial executor but not
/// always the main thread (a test runner's may run on a worker thread).
private func isAttachedOnTheMainActor() -> Bool {
    MainActor.assertIsolated("a slot box is attached by its view host, on the main actor")
    return true
}
