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
    ///
    /// The cell made here is a `types.cell`, a `TypedSlotCell<Value>`, so its downcasts cannot
    /// fail; `unsafeDowncast` (checked in debug builds, which the tests run) rather than `as!`,
    /// whose look-up of the generic class's metadata was 2.1% of the hydrate bench (56 M of
    /// 2,725 M instructions).
    ///
    /// Compiled for the standard types too (`@_specialize`; see `SlotBox`): a view's mount
    /// reaches it through generic code, which cannot specialize it for the slot's type.
    @_specialize(where Value == Int)
    @_specialize(where Value == String)
    @_specialize(where Value == Bool)
    @_specialize(where Value == Double)
    func slot<Value: Codable>(
        _ slotKey: SlotKey, types: SlotTypes<Value> = SlotTypes<Value>(), isExplicitKey: Bool = false,
        initialValue: () -> Value
    ) throws -> TypedSlotCell<Value> {
        let indexKey = SlotIndexKey(identity: slotKey.identity, property: slotKey.property)
        // A stored JSON value is decoded outside the lock (`init(from:)` is the app's code, which
        // may read bindings): the row is looked up, decoded, and looked up again; it is used if
        // it is still the same row (same version), else the whole thing starts over.
        let decodesAppCode = NativeKind.of(Value.self).mayRunAppCode
        var decodedOutside: TypedStagedValue<Value>?
        var decodedVersion: Int64 = 0
        // Why it did not decode, as text: the error may be the app's, and so may its description.
        var decodingError: String?
        var diagnostic: StateDiagnostic?
        // The cell is kept as a plain `SlotCell?` under the lock: an optional of the generic
        // `TypedSlotCell<Value>` cost a run-time metadata lookup per slot mounted.
        var found: SlotCell?
        var created = false
        // With rows read on demand: the file was asked for this key's row.
        var readFromFile = !rowsOnDemand
        while true {
            lock.lock()
            let index = slots.position(of: indexKey)
            if index == nil && !readFromFile {
                lock.unlock()
                readFromFile = true
                try readRowOnDemand(indexKey, key: slotKey.key)
                continue
            }
            if let index, case .dormant(let row) = slots[index] {
                if decodesAppCode && (decodedOutside == nil && decodingError == nil || decodedVersion != row.version) {
                    lock.unlock()
                    decodedVersion = row.version
                    do {
                        decodedOutside = TypedStagedValue(revision: 0, value: try ValueCodec.decode(Value.self, from: row.value.get()))
                        decodingError = nil
                    } catch {
                        decodedOutside = nil
                        decodingError = "\(error)"
                    }
                    continue
                }
                let now = coarseNowMilliseconds()
                // `SlotCell?`, not an optional of the generic type (see `found`).
                var decoded: SlotCell?
                if let decodedOutside {
                    decoded = types.cell.init(key: slotKey, value: decodedOutside.value, initialValue: initialValue(), types: types, storeLock: lock)
                } else if !decodesAppCode {
                    do {
                        let value = try ValueCodec.decode(Value.self, from: row.value.get())
                        decoded = types.cell.init(key: slotKey, value: value, initialValue: initialValue(), types: types, storeLock: lock)
                    } catch {
                        decodingError = "\(error)"  // the store's own errors (a native kind)
                    }
                }
                let cell: TypedSlotCell<Value>
                if let decoded {
                    cell = unsafeDowncast(decoded, to: TypedSlotCell<Value>.self)
                    cell.needsWrite = row.type != cell.typeName  // record the type it has now
                } else {
                    let error = decodingError ?? "unreadable"
                    cell = types.cell.init(key: slotKey, value: initialValue(), initialValue: initialValue(), types: types, storeLock: lock)
                    if types.recordsInitialValue {
                        cell.needsWrite = true
                    } else {
                        // No default to write over it: the row goes once it is in quarantine.
                        (cell as! StoredDefaultCell<Value>).markHasNoValue()
                        pendingDeletions.append(row.key)
                    }
                    pendingQuarantine.append(QuarantineEntry(row: row.row, expectedType: cell.typeName, error: error))
                    diagnostic = StateDiagnostic(
                        kind: .quarantined, key: row.key,
                        message: "the stored \(row.type) value does not decode as \(cell.typeName) (\(error)); it was moved to quarantine and the slot starts from its initial value. See `statedb quarantine`.")
                }
                cell.hasRow = true
                cell.needsSeenStamp = now - row.seenAt > seenStampInterval
                if isExplicitKey {
                    // Recorded even though the row exists: a store written before schema 4 does
                    // not list the keys its app named.
                    cell.isExplicitKey = true
                    pendingExplicitKeys.append(row.key)
                }
                slots.makeLive(cell, at: index)
                found = cell
                created = true
            } else if let index {
                found = slots[index].liveCell
            } else {
                let cell = types.cell.init(key: slotKey, value: initialValue(), initialValue: initialValue(), types: types, storeLock: lock)
                if types.recordsInitialValue {
                    cell.recordInitialValue()
                } else {
                    (cell as! StoredDefaultCell<Value>).markHasNoValue()
                }
                if isExplicitKey {
                    cell.isExplicitKey = true
                    pendingExplicitKeys.append(slotKey.key)
                } else {
                    cell.foundNoRow = true
                }
                slots[indexKey] = .live(cell)
                found = cell
                created = true
            }
            if created, let cell = found, cell.needsWrite || cell.needsSeenStamp { enqueueLocked(cell) }
            lock.unlock()
            break
        }
        if let diagnostic { report(diagnostic) }
        if created { return unsafeDowncast(found!, to: TypedSlotCell<Value>.self) }
        guard let cell = found as? TypedSlotCell<Value> else {
            throw StateStoreError(.typeMismatch, path: path, "slot \(found!.key) is in use as \(found!.typeName) in this process, not \(types.typeName).")
        }
        return cell
    }

    /// The current value of a slot: memory only, no SQL.
    func read<Value>(_ cell: TypedSlotCell<Value>) -> Value {
        cell.lockedValue
    }

    /// Sets a slot's value in memory and queues it for the next commit. An equal value
    /// (Equatable types) does nothing.
    ///
    /// No code of the app runs under the lock: a type's own `==` compares outside it, with a
    /// copy of the current value, and the write goes in only if the slot did not change
    /// meanwhile (else it compares again with the newer value). So an `==` may read other
    /// bindings of the store.
    @discardableResult
    func write<Value>(_ cell: TypedSlotCell<Value>, _ newValue: Value) -> WriteOutcome {
        if cell.comparesOutsideLock { return writeComparingOutsideLock(cell, newValue) }
        // lock()/unlock() rather than withLock and a wake-up list: this is the path of every
        // write through a binding, and nothing between them can throw.
        lock.lock()
        if cell.isEnded {
            lock.unlock()
            reportWriteAfterEnd(cell)
            return .dropped
        }
        // Compared even when the slot is already pending: `==` may hold between values that
        // differ (canonically equivalent strings, a partial `==`, -0.0), and such a write must
        // leave the value as it is.
        if cell.isUnchanged(newValue) {
            lock.unlock()
            return .unchanged
        }
        if cell.valueRunsAppCode {
            var incoming = newValue
            // `incoming` gets the old value, released on return, after the lock.
            return storeAndUnlock(cell, &incoming)
        }
        cell.value = newValue  // a native value: releasing the old one runs nothing of the app's
        return changedAndUnlock(cell)
    }

    private func writeComparingOutsideLock<Value>(_ cell: TypedSlotCell<Value>, _ newValue: Value) -> WriteOutcome {
        while true {
            var revision: UInt64 = 0, hadNoValue = false
            guard let current = liveSnapshot(of: cell, revision: &revision, hasNoValue: &hadNoValue) else { return .dropped }
            // A slot without a value yet (`@AppStorage` before its first write) takes any value,
            // even one equal to the placeholder it holds.
            let unchanged = !hadNoValue && cell.isEqual(current, newValue)
            var incoming = newValue
            // nil: written meanwhile, compare with that value. `current` is released here,
            // outside the lock.
            if let outcome = store(&incoming, in: cell, ifUnchangedSince: revision, unchanged: unchanged) { return outcome }
        }
    }

    /// The slot's value, with its revision and whether it has none yet, read under the lock for
    /// a write that compares or changes outside it; nil, reported once, when the slot's view has
    /// gone.
    ///
    /// The revision and flag come back through `inout`, not in a tuple with the value: a tuple
    /// of the generic `Value` made the runtime look its metadata up in its tuple cache on every
    /// such write (~1,900 instructions, 8.7% of the write profile).
    private func liveSnapshot<Value>(of cell: TypedSlotCell<Value>, revision: inout UInt64, hasNoValue: inout Bool) -> Value? {
        lock.lock()
        if cell.isEnded {
            lock.unlock()
            reportWriteAfterEnd(cell)
            return nil
        }
        revision = cell.revision
        hasNoValue = cell.hasNoValue
        let value = cell.value
        lock.unlock()
        return value
    }

    /// Reads, changes and writes a slot so that concurrent modifications of different parts of
    /// a value (key-path bindings, element bindings) do not lose each other's writes.
    ///
    /// `change` (the app's key-path setters and `didSet` observers) and `==` run outside the
    /// lock, on a copy; the result goes in only if the slot did not change meanwhile, else
    /// `change` runs again on the newer value. So `change` may read other bindings, and may run
    /// more than once when other threads write the slot at the same time.
    @discardableResult
    func modify<Value>(_ cell: TypedSlotCell<Value>, _ change: (inout Value) -> Void) -> WriteOutcome {
        while true {
            var revision: UInt64 = 0, hadNoValue = false
            guard let current = liveSnapshot(of: cell, revision: &revision, hasNoValue: &hadNoValue) else { return .dropped }
            var changed = current
            change(&changed)
            let unchanged = cell.isEqual(current, changed)
            // nil: written meanwhile, change that value instead. The copies are released here,
            // outside the lock.
            if let outcome = store(&changed, in: cell, ifUnchangedSince: revision, unchanged: unchanged) { return outcome }
        }
    }

    /// The second half of a write whose new value and comparison were worked out outside the
    /// lock (`write` of a value whose `==` is the app's, `modify`): takes the lock and puts
    /// `newValue` in place, unless the cell changed since `revision` (nil: the caller starts
    /// over), ended, or `unchanged`. The cell's old value comes back in `newValue`, to be
    /// released after the lock.
    private func store<Value>(_ newValue: inout Value, in cell: TypedSlotCell<Value>, ifUnchangedSince revision: UInt64,
                              unchanged: Bool) -> WriteOutcome? {
        lock.lock()
        // Every exit below unlocks first.
        guard cell.revision == revision else {
            lock.unlock()
            return nil
        }
        if cell.isEnded {
            lock.unlock()
            reportWriteAfterEnd(cell)
            return .dropped
        }
        if unchanged {
            lock.unlock()
            return .unchanged
        }
        return storeAndUnlock(cell, &newValue)
    }

    /// (lock held; released on return) Puts `newValue` in the cell, queues the commit and tells
    /// the subscribers. The cell's old value comes back in `newValue`, so the caller releases
    /// it after the lock (a deinitializer of the app's may read bindings).
    private func storeAndUnlock<Value>(_ cell: TypedSlotCell<Value>, _ newValue: inout Value) -> WriteOutcome {
        swap(&cell.value, &newValue)
        return changedAndUnlock(cell)
    }

    /// (lock held; released on return) The cell's value was just replaced: bumps its revision,
    /// queues the commit and tells the subscribers.
    private func changedAndUnlock(_ cell: SlotCell) -> WriteOutcome {
        cell.revision &+= 1
        let outcome = WriteOutcome.changed(revision: cell.revision)
        cell.needsWrite = true
        enqueueLocked(cell)
        if cell.notedEpoch == changeEpoch {  // already pending for every subscriber
            lock.unlock()
            return outcome
        }
        let wakeUps = noteChangeLocked(cell)
        lock.unlock()
        for wake in wakeUps { wake() }
        return outcome
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

    /// True the first time it is asked for `cell`: a write during a body is reported once per slot.
    func isFirstWriteDuringBody(_ cell: SlotCell) -> Bool {
        lock.withLock {
            defer { cell.reportedWriteDuringBody = true }
            return !cell.reportedWriteDuringBody
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
            let key = SlotIndexKey(identity: cell.identity, property: cell.property)
            if slots[key]?.liveCell === cell { slots[key] = nil }
            pendingDeletions.append(cell.key)
            noteRowGoingLocked(key)
        }
    }

    /// Whether `cell`'s owner left the tree (`endSlot`).
    func hasEnded(_ cell: SlotCell) -> Bool {
        lock.withLock { cell.isEnded }
    }

    /// (lock held) Puts `cell` in the commit queue once.
    func enqueueLocked(_ cell: SlotCell) {
        if !cell.isQueued {
            cell.isQueued = true
            commitQueue.append(cell)
        }
    }

    /// The slot's revision now (see `SlotCell.revision`).
    func revision(of cell: SlotCell) -> UInt64 {
        lock.withLock { cell.revision }
    }

    /// Whether the store holds writes that are not committed yet.
    public var hasPendingWrites: Bool {
        lock.withLock {
            !commitQueue.isEmpty || !pendingDeletions.isEmpty || !pendingQuarantine.isEmpty || !pendingAdoptions.isEmpty
                || !pendingExplicitKeys.isEmpty
        }
    }
}

/// What a write through a binding did.
enum WriteOutcome {
    /// The slot has ended (its view left the tree): nothing changed.
    case dropped
    /// The value equals the slot's (Equatable types): nothing changed, nothing is committed.
    case unchanged
    /// The slot holds the value now, at this revision.
    case changed(revision: UInt64)
}
