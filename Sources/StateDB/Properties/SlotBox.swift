/// The storage a `@State` or `@NonState` wrapper carries. A fresh view struct carries a fresh
/// box holding only the initial value; when the view host mounts or re-evaluates the view, it
/// attaches the box to the slot of the view's identity, and from then on reads and writes go
/// to the store.
///
/// Before it is attached (a view struct used outside a `ViewHost`) the box behaves like a
/// plain in-memory variable, as SwiftUI's `State` does outside a view graph.
@usableFromInline
final class SlotBox<Value: Codable>: Location<Value>, @unchecked Sendable {
    let initialValue: Value
    let tracksReads: Bool
    private var localValue: Value
    /// Set once by the view host, on the main actor, before `body` runs.
    private(set) var attachment: SlotLocation<Value>?

    @usableFromInline
    init(initialValue: Value, tracksReads: Bool) {
        self.initialValue = initialValue
        self.localValue = initialValue
        self.tracksReads = tracksReads
    }

    func attach(store: StateStore, key: SlotKey, types: SlotTypes<Value>) throws {
        if let attachment, attachment.cell.slotKey == key, attachment.store === store { return }
        let cell = try store.slot(key, types: types, initialValue: { initialValue })
        attachment = types.location.init(store: store, cell: cell, tracksReads: tracksReads)
    }

    /// Attaches to a cell already obtained (a re-created struct of a mounted view).
    func attach(_ location: SlotLocation<Value>) { attachment = location }

    // `if let` rather than `attachment?.get() ?? localValue`: the optional of the generic
    // `Value` cost a run-time metadata lookup on every read.
    override func get() -> Value {
        if let attachment { return attachment.get() }
        return localValue
    }
    override func set(_ newValue: Value) {
        if let attachment { attachment.set(newValue) } else { localValue = newValue }
    }
    override func modify(_ change: (inout Value) -> Void) {
        if let attachment { attachment.modify(change) } else { change(&localValue) }
    }
    override func isSame(as other: Location<Value>) -> Bool {
        if let attachment { return attachment.isSame(as: other) }
        return self === other
    }
    override var slotKey: String? { attachment?.slotKey }

    /// What `$x` hands out: a reference to the slot once attached.
    var location: Location<Value> { attachment ?? self }
}

extension SlotLocation: AnySlotLocation {
    var anyCell: SlotCell { cell }
    var isOwnedByView: Bool { true }
}

extension SlotBox {
    func attachProperty(store: StateStore, key: SlotKey, types: SlotTypes<Value>, foundNoRow: inout Bool) throws -> AnySlotLocation {
        try attach(store: store, key: key, types: types)
        let attachment = attachment!
        // Taken, so a later attach to the same cell does not count it again. Only the mounting
        // host's thread reads and clears it.
        foundNoRow = attachment.cell.foundNoRow
        attachment.cell.foundNoRow = false
        return attachment
    }

    func reattachProperty(_ location: AnySlotLocation) -> Bool {
        guard let location = location as? SlotLocation<Value> else { return false }
        attach(location)
        return true
    }
}
