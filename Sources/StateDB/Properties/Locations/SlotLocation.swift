/// A typed row reference: the store, the slot and the value type (what `store.binding(for:)`
/// hands out; a view's `@State` box is its own, see `SlotBox`). Reads come from the
/// store's memory and are recorded as dependencies of the body being evaluated; writes go to
/// the store, which invalidates the readers and commits the row.
final class SlotLocation<Value: Codable>: Location<Value>, @unchecked Sendable {
    let store: StateStore
    let cell: TypedSlotCell<Value>
    /// `@NonState` slots: reads create no dependency.
    let tracksReads: Bool

    init(store: StateStore, cell: TypedSlotCell<Value>, tracksReads: Bool = true) {
        self.store = store
        self.cell = cell
        self.tracksReads = tracksReads
    }

    override func get() -> Value {
        if tracksReads { ReadTracker.recordRead(of: cell) }
        return store.read(cell)
    }

    // A write that changed a tracked slot is noted when it happens during a body (a body should
    // only read; `ViewHost` reports it and keeps it from re-running the body in a loop).
    // `@NonState` slots refresh nothing, so writing one in a body is harmless.
    override func set(_ newValue: Value) {
        if case .changed(let revision) = store.write(cell, newValue), tracksReads {
            ReadTracker.recordWrite(of: cell, revision: revision)
        }
    }
    override func modify(_ change: (inout Value) -> Void) {
        if case .changed(let revision) = store.modify(cell, change), tracksReads {
            ReadTracker.recordWrite(of: cell, revision: revision)
        }
    }

    override func isSame(as other: Location<Value>) -> Bool {
        cell === other.attachedCell
    }
    override var attachedCell: SlotCell? { cell }

    override var slotKey: String? { cell.key }
    override var slotOfParts: SlotCell? { tracksReads ? cell : nil }
}
