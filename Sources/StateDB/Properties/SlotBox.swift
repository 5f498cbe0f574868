/// The storage a `@State` or `@NonState` wrapper carries. A fresh view struct carries a fresh
/// box holding only the initial value; when the view host mounts or re-evaluates the view, it
/// attaches the box to the slot of the view's identity, and from then on reads and writes go
/// to the store.
///
/// An attached box is itself the location `$x` hands out: it keeps the store and the slot's
/// cell, so attaching allocates nothing (a separate location object per slot was one more
/// allocation for every slot mounted).
///
/// Before it is attached (a view struct used outside a `ViewHost`) the box behaves like a
/// plain in-memory variable, as SwiftUI's `State` does outside a view graph.
@usableFromInline
final class SlotBox<Value: Codable>: Location<Value>, @unchecked Sendable {
    let initialValue: Value
    let tracksReads: Bool
    private var localValue: Value
    // Set once by the view host, on the main actor, before `body` runs.
    private var store: StateStore?
    private var cell: TypedSlotCell<Value>?

    @usableFromInline
    init(initialValue: Value, tracksReads: Bool) {
        self.initialValue = initialValue
        self.localValue = initialValue
        self.tracksReads = tracksReads
    }

    /// Attaches to the slot `key` of `store`, hydrating or creating it.
    func attach(store: StateStore, key: SlotKey, types: SlotTypes<Value>) throws -> SlotCell {
        if let cell, cell.slotKey == key, self.store === store { return cell }
        let cell = try store.slot(key, types: types, initialValue: { initialValue })
        self.store = store
        self.cell = cell
        return cell
    }

    /// Attaches to a slot a previous struct of the same view was attached to; false when its
    /// value type is not `Value` (the code changed).
    func reattach(_ cell: SlotCell, store: StateStore) -> Bool {
        guard let cell = cell as? TypedSlotCell<Value> else { return false }
        self.store = store
        self.cell = cell
        return true
    }

    // `if let` rather than `cell.map(…) ?? localValue`: the optional of the generic `Value`
    // cost a run-time metadata lookup on every read.
    override func get() -> Value {
        if let cell, let store {
            if tracksReads { ReadTracker.recordRead(of: cell) }
            return store.read(cell)
        }
        return localValue
    }
    override func set(_ newValue: Value) {
        if let cell, let store { store.write(cell, newValue) } else { localValue = newValue }
    }
    override func modify(_ change: (inout Value) -> Void) {
        if let cell, let store { store.modify(cell, change) } else { change(&localValue) }
    }
    override func isSame(as other: Location<Value>) -> Bool {
        if let cell { return other.slotCell === cell }
        return self === other
    }
    override var slotCell: SlotCell? { cell }
    override var slotKey: String? { cell?.key }
}
