/// A typed row reference: the store, the slot and the value type. Reads come from the
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

    override func set(_ newValue: Value) { store.write(cell, newValue) }
    override func modify(_ change: (inout Value) -> Void) { store.modify(cell, change) }

    override func isSame(as other: Location<Value>) -> Bool {
        guard let other = other as? SlotLocation<Value> else { return false }
        return cell === other.cell
    }

    override var slotKey: String? { cell.key }
}
