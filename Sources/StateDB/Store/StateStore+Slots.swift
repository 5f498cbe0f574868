import Foundation

/// How stale `seen_at` may get before mounting stamps it again. Stamping on every mount
/// would cost a write per slot per launch; `statedb gc` thinks in days.
let seenStampInterval: Int64 = 60 * 60 * 1000

extension StateStore {
    /// The slot at `slotKey`, typed `Value`: already in memory, hydrated from its row, or
    /// created with `initialValue`. Marks it seen, so the next commit records it.
    ///
    /// A row that no longer decodes as `Value` is queued for quarantine, reported once, and
    /// the slot starts from `initialValue`.
    ///
    /// - Throws: `StateStoreError(.typeMismatch)` when this process already uses the slot
    ///   with another type.
    ///
    /// `types` comes from callers that keep one (a view's field table), so it is not worked
    /// out again for every slot. `isExplicitKey`: the app named the key (`binding(for:)`); else
    /// it is a view's slot, which may take over a row an earlier build stored elsewhere.
    ///
    /// With `SlotTypes(storedDefaults:)` (`@AppStorage`) a slot without a row records nothing:
    /// it starts with no value, and a row that does not decode is quarantined and deleted.
    func slot<Value: Codable>(
        _ slotKey: SlotKey, types: SlotTypes<Value> = SlotTypes<Value>(), isExplicitKey: Bool = false,
        initialValue: () -> Value
    ) throws -> TypedSlotCell<Value> {
        let indexKey = SlotIndexKey(identity: slotKey.identity, property: slotKey.property)
        var diagnostic: StateDiagnostic?
        // The cell is kept as a plain `SlotCell?` under the lock: an optional of the generic
        // `TypedSlotCell<Value>` cost a run-time metadata lookup per slot mounted.
        var found: SlotCell?
        var created = false
        lock.lock()
        let index = slots.index(forKey: indexKey)
        if let index, case .dormant(let row) = slots.values[index] {
            let key = row.key  // the text loaded from the file: no new copy
            let now = nowMilliseconds()
            let cell: TypedSlotCell<Value>
            do {
                let stored = try row.value.get()
                let value = try ValueCodec.decode(Value.self, from: stored)
                cell = types.cell.init(slotKey: slotKey, key: key, value: value, initialValue: initialValue(), types: types)
                cell.needsWrite = row.type != cell.typeName  // record the type it has now
            } catch {
                cell = types.cell.init(slotKey: slotKey, key: key, value: initialValue(), initialValue: initialValue(), types: types)
                if types.recordsInitialValue {
                    cell.needsWrite = true
                } else {
                    // No default to write over it: the row goes once it is in quarantine.
                    unsafeDowncast(cell, to: StoredDefaultCell<Value>.self).markHasNoValue()
                    pendingDeletions.append(key)
                }
                pendingQuarantine.append(QuarantineEntry(row: row, expectedType: cell.typeName, error: "\(error)"))
                diagnostic = StateDiagnostic(
                    kind: .quarantined, key: key,
                    message: "the stored \(row.type) value does not decode as \(cell.typeName) (\(error)); it was moved to quarantine and the slot starts from its initial value. See `statedb quarantine`.")
            }
            cell.createdAt = row.createdAt
            cell.seenAt = row.seenAt
            cell.needsSeenStamp = now - row.seenAt > seenStampInterval
            if isExplicitKey {
                // Recorded even though the row exists: a store written before schema 4 does not
                // list the keys its app named.
                cell.isExplicitKey = true
                pendingExplicitKeys.append(key)
            }
            slots.values[index] = .live(cell)
            found = cell
            created = true
        } else if let index {
            found = slots.values[index].liveCell
        } else {
            let key = slotKey.key
            let cell = types.cell.init(slotKey: slotKey, key: key, value: initialValue(), initialValue: initialValue(), types: types)
            if types.recordsInitialValue {
                cell.needsWrite = true
            } else {
                unsafeDowncast(cell, to: StoredDefaultCell<Value>.self).markHasNoValue()
            }
            if isExplicitKey {
                cell.isExplicitKey = true
                pendingExplicitKeys.append(key)
            } else {
                cell.foundNoRow = true
            }
            slots[indexKey.whole(key)] = .live(cell)
            found = cell
            created = true
        }
        if created, let cell = found, cell.needsWrite || cell.needsSeenStamp { enqueueLocked(cell) }
        lock.unlock()
        if let diagnostic { report(diagnostic) }
        if created { return unsafeDowncast(found!, to: TypedSlotCell<Value>.self) }
        guard let cell = found as? TypedSlotCell<Value> else {
            throw StateStoreError(.typeMismatch, path: path, "slot \(found!.key) is in use as \(found!.typeName) in this process, not \(types.typeName).")
        }
        return cell
    }

    /// The current value of a slot: memory only, no SQL.
    func read<Value>(_ cell: TypedSlotCell<Value>) -> Value {
        lock.lock()
        defer { lock.unlock() }
        return cell.value
    }

    /// Sets a slot's value in memory and queues it for the next commit. An equal value
    /// (Equatable types) does nothing. Returns false when the write was dropped because the
    /// slot has ended.
    @discardableResult
    func write<Value>(_ cell: TypedSlotCell<Value>, _ newValue: Value) -> Bool {
        // lock()/unlock() rather than withLock and a wake-up list: this is the path of every
        // write through a binding, and nothing between them can throw.
        lock.lock()
        if cell.isEnded {
            lock.unlock()
            reportWriteAfterEnd(cell)
            return false
        }
        // Compared even when the slot is already pending: `==` may hold between values that
        // differ (canonically equivalent strings, a partial `==`, -0.0), and such a write must
        // leave the value as it is.
        if cell.isUnchanged(newValue) {
            lock.unlock()
            return true
        }
        cell.value = newValue
        cell.revision &+= 1
        cell.needsWrite = true
        enqueueLocked(cell)
        if cell.notedEpoch == changeEpoch {  // already pending for every subscriber
            lock.unlock()
            return true
        }
        let wakeUps = noteChangeLocked(cell)
        lock.unlock()
        for wake in wakeUps { wake() }
        return true
    }

    /// Reads, changes and writes a slot under one lock, so concurrent modifications of
    /// different parts of a value (key-path bindings) do not lose each other's writes.
    @discardableResult
    func modify<Value>(_ cell: TypedSlotCell<Value>, _ change: (inout Value) -> Void) -> Bool {
        var wakeUps: [@Sendable () -> Void] = []
        let accepted: Bool = lock.withLock {
            if cell.isEnded { return false }
            var newValue = cell.value
            change(&newValue)
            if cell.isUnchanged(newValue) { return true }
            cell.value = newValue
            cell.revision &+= 1
            cell.needsWrite = true
            enqueueLocked(cell)
            wakeUps = noteChangeLocked(cell)
            return true
        }
        for wake in wakeUps { wake() }
        if !accepted { reportWriteAfterEnd(cell) }
        return accepted
    }

    private func reportWriteAfterEnd(_ cell: SlotCell) {
        let first = lock.withLock {
            defer { cell.reportedWriteAfterEnd = true }
            return !cell.reportedWriteAfterEnd
        }
        if first {
            report(StateDiagnostic(kind: .writeAfterEnd, key: cell.key, message: "the view owning this slot left the tree, so the write was dropped (a binding outlived its source of truth)."))
        }
    }

    /// Ends a slot's lifetime: its owner left the tree. The row is deleted at the next commit;
    /// later writes through old bindings are dropped.
    func endSlot(_ cell: SlotCell) {
        lock.withLock {
            guard !cell.isEnded else { return }
            cell.isEnded = true
            cell.needsWrite = false
            cell.needsSeenStamp = false
            let key = SlotIndexKey(cell.key)
            if slots[key]?.liveCell === cell { slots[key] = nil }
            pendingDeletions.append(cell.key)
        }
    }

    /// (lock held) Puts `cell` in the commit queue once.
    func enqueueLocked(_ cell: SlotCell) {
        if !cell.isQueued {
            cell.isQueued = true
            commitQueue.append(cell)
        }
    }

    /// Whether the store holds writes that are not committed yet.
    public var hasPendingWrites: Bool {
        lock.withLock {
            !commitQueue.isEmpty || !pendingDeletions.isEmpty || !pendingQuarantine.isEmpty || !pendingAdoptions.isEmpty
                || !pendingExplicitKeys.isEmpty
        }
    }
}
