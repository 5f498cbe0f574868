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
        let wakeUps = lock.withLock { removeLocked(cell) }
        for wake in wakeUps { wake() }
    }

    /// Changes the slot's value under one lock, so concurrent changes of different parts of it
    /// (key-path bindings) keep each other's. `change` gets the value (nil when there is none)
    /// and returns the new one (nil: take the value away, as `removeStoredValue`).
    func modifyStoredDefault<Stored>(_ cell: TypedSlotCell<Stored>, _ change: (Stored?) -> Stored?) {
        let wakeUps: [@Sendable () -> Void] = lock.withLock {
            guard !cell.isEnded else { return [] }
            guard let newValue = change(cell.hasNoValue ? nil : cell.value) else { return removeLocked(cell) }
            return setLocked(cell, newValue)
        }
        for wake in wakeUps { wake() }
    }

    /// Gives the slot `value` when it has none (`binding(for:)`, which always has a value).
    func recordIfNoValue<Stored>(_ cell: TypedSlotCell<Stored>, _ value: Stored) {
        let wakeUps: [@Sendable () -> Void] = lock.withLock {
            guard !cell.isEnded, cell.hasNoValue else { return [] }
            return setLocked(cell, value)
        }
        for wake in wakeUps { wake() }
    }

    /// (lock held) Sets the value, as `write` does.
    private func setLocked<Stored>(_ cell: TypedSlotCell<Stored>, _ newValue: Stored) -> [@Sendable () -> Void] {
        // False while the cell has no value (`EquatableStoredDefaultCell`).
        if cell.isUnchanged(newValue) { return [] }
        cell.value = newValue
        cell.revision &+= 1
        cell.needsWrite = true
        enqueueLocked(cell)
        return noteChangeLocked(cell)
    }

    /// (lock held) See `removeStoredValue`.
    private func removeLocked<Stored>(_ cell: TypedSlotCell<Stored>) -> [@Sendable () -> Void] {
        guard !cell.isEnded, !cell.hasNoValue else { return [] }
        guard !cell.recordsInitialValue else { return setLocked(cell, cell.initialValue) }
        cell.resetToInitial()  // no value from here on
        cell.needsWrite = false
        // Deleted even when the row may not exist yet (a first write not committed): a commit
        // in progress may be writing it now.
        cell.createdAt = nil
        pendingDeletions.append(cell.key)
        return noteChangeLocked(cell)
    }
}

/// `SlotTypes(storedDefaults:)` per stored type, made once: the wrappers that use them learn
/// their stored type only when they are made, not from the view's field table.
enum StoredDefaultTypes {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var table: [ObjectIdentifier: AnySlotTypes] = [:]

    static func of<Stored: Codable>(_ type: Stored.Type) -> SlotTypes<Stored> {
        let id = ObjectIdentifier(type)
        return lock.withLock {
            // The entry for `Stored` was made by this function for `Stored`.
            if let types = table[id] { return unsafeDowncast(types, to: SlotTypes<Stored>.self) }
            let types = SlotTypes<Stored>(storedDefaults: ())
            table[id] = types
            return types
        }
    }
}
