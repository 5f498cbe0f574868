import Foundation

// Slots whose declarations' defaults are not stored (`@AppStorage`, `@SceneStorage`): named by
// the app, shared by every declaration of the key, without a value until first written. See
// `StoredDefaultCell`.

extension StateStore {
    /// The slot at `key` for a declaration whose default is not stored: already in memory,
    /// hydrated from its row, or created without a value (nothing is written). `placeholder`
    /// fills the cell while it has no value; readers never see it.
    ///
    /// - Throws: `StateStoreError(.typeMismatch)` when this process already uses the slot with
    ///   another type.
    func storedDefaultSlot<Stored: Codable>(_ key: SlotKey, placeholder: Stored) throws -> TypedSlotCell<Stored> {
        try slot(key, types: StoredDefaultTypes.of(Stored.self), isExplicitKey: true, initialValue: { placeholder })
    }

    /// The slot's value, or nil when it has none (each reader then shows its own default).
    /// Memory only, no SQL.
    func readStoredDefault<Stored>(_ cell: TypedSlotCell<Stored>) -> Stored? {
        lock.lock()
        defer { lock.unlock() }
        return cell.hasNoValue ? nil : cell.value
    }

    /// Takes the slot's value away: the next commit deletes its row, and its readers show their
    /// defaults again (a declaration set to nil, as `UserDefaults` removes a key set to nil). A
    /// slot the app created with `binding(for:)` cannot be without a value; it goes back to that
    /// binding's default instead.
    func removeStoredValue<Stored>(_ cell: TypedSlotCell<Stored>) {
        modifyStoredDefault(cell) { _ in nil }
    }

    /// Changes the slot's value, so concurrent changes of different parts of it (key-path
    /// bindings) keep each other's. `change` gets the value (nil when there is none) and returns
    /// the new one (nil: take the value away, as `removeStoredValue`).
    ///
    /// As `modify` does for other slots, `change` and the comparison (the app's code) run outside
    /// the store's lock, on a copy; the result is put in place under the lock only if the slot
    /// did not change meanwhile, else `change` runs again on the newer value.
    func modifyStoredDefault<Stored>(_ cell: TypedSlotCell<Stored>, _ change: (Stored?) -> Stored?) {
        while true {
            let snapshot: (revision: UInt64, value: Stored?)? = lock.withLock {
                guard !cell.isEnded else { return nil }
                return (cell.revision, cell.hasNoValue ? nil : cell.value)
            }
            guard let snapshot else { return }
            var newValue = change(snapshot.value)
            let unchanged: Bool
            switch (snapshot.value, newValue) {
            case (nil, nil): unchanged = true
            case (let old?, let new?): unchanged = cell.isEqual(old, new)
            default: unchanged = false
            }
            var wakeUps: [@Sendable () -> Void] = []
            var released: StagedValue?
            let done: Bool = lock.withLock {
                guard cell.revision == snapshot.revision else { return false }
                guard !cell.isEnded, !unchanged else { return true }
                if newValue != nil {
                    swap(&cell.value, &newValue!)  // the old value is released after the lock
                    wakeUps = changedLocked(cell)
                } else if cell.recordsInitialValue {
                    released = cell.resetToInitialLocked()  // a `binding(for:)` slot: its default
                    wakeUps = changedLocked(cell, bumped: true)
                } else {
                    released = cell.resetToInitialLocked()  // no value from here on
                    cell.needsWrite = false
                    // Deleted even when the row may not exist yet (a first write not committed):
                    // a commit in progress may be writing it now.
                    cell.hasRow = false
                    pendingDeletions.append(cell.key)
                    wakeUps = noteChangeLocked(cell)
                }
                return true
            }
            guard done else { continue }
            _ = released
            for wake in wakeUps { wake() }
            return
        }
    }

    /// Gives the slot `value` when it has none (`binding(for:)`, which always has a value).
    func recordIfNoValue<Stored>(_ cell: TypedSlotCell<Stored>, _ value: Stored) {
        var value = value
        let wakeUps: [@Sendable () -> Void] = lock.withLock {
            guard !cell.isEnded, cell.hasNoValue else { return [] }
            swap(&cell.value, &value)  // the placeholder is released after the lock
            return changedLocked(cell, initial: true)
        }
        for wake in wakeUps { wake() }
    }

    /// (lock held) The value was just replaced: bumps the revision (unless `bumped`), queues the
    /// commit and tells the subscribers. `initial`: it is a default recorded for a slot without
    /// a value, which a value another process stored meanwhile keeps (`recordInitialValue()`).
    private func changedLocked(_ cell: SlotCell, bumped: Bool = false, initial: Bool = false) -> [@Sendable () -> Void] {
        if !bumped { cell.revision &+= 1 }
        if initial { cell.recordInitialValue() } else { cell.needsWrite = true }
        enqueueLocked(cell)
        return noteChangeLocked(cell)
    }
}

/// `SlotTypes(storedDefaults:)` per stored type, made once: the wrappers that use them learn
/// their stored type only when they are made, not from the view's field table.
enum StoredDefaultTypes {
    private static let lock = NSLock()
    /// (lock) `nonisolated(unsafe)`: the lock guards it; a `Mutex` would need the types to be
    /// `Sendable`, which a class hierarchy the wrappers subclass cannot be checked to be.
    nonisolated(unsafe) private static var table: [ObjectIdentifier: AnySlotTypes] = [:]

    static func of<Stored: Codable>(_ type: Stored.Type) -> SlotTypes<Stored> {
        let id = ObjectIdentifier(type)
        return lock.withLock {
            // The entry for `Stored` was made by this function for `Stored`.
            if let types = table[id] { return types as! SlotTypes<Stored> }
            let types = SlotTypes<Stored>(storedDefaults: ())
            table[id] = types
            return types
        }
    }
}
