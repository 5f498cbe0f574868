extension StateStore {
    /// (databaseLock held) Records that this process committed `tick`. When nobody else
    /// committed since we last looked, our view of the database is complete up to `tick`.
    func noteOwnCommit(_ tick: Int64) {
        if tick == seenTick + 1 { seenTick = tick } else { ownTicks.insert(tick) }
    }

    /// Picks up rows that other processes (the `statedb` CLI, another app instance, another
    /// node on the same PostgreSQL database) committed since the last look, and tells
    /// subscribers which slots changed.
    ///
    /// Cheap when nothing happened: one `PRAGMA data_version` on SQLite; on PostgreSQL, a look
    /// at the notifications already received (no round trip). What changed is then read as the
    /// rows whose version is past the last tick seen, so a missed notification loses nothing.
    /// The rule when both sides changed a slot: **the last commit wins**. A slot this process
    /// changed but has not committed keeps its value (it will be committed after the other
    /// one); a slot deleted by another process goes back to its initial value (an
    /// `@AppStorage` slot, to no value: its readers show their defaults).
    public func refreshFromDisk() throws {
        guard !isInMemory else { return }  // no other connection sees a `:memory:` database
        try withDatabase { database in
            let polled: StoreChanges?
            do {
                polled = try database.pollChanges(since: seenTick)
            } catch {
                noteFailureLocked(of: database, error)
                throw error
            }
            noteSuccessLocked()
            guard let changes = polled else { return }
            // Our own commits come back too when another's came between them and the last look.
            let changed = ownTicks.isEmpty ? changes.rows : changes.rows.filter { !ownTicks.contains($0.version) }
            let deleted = (ownTicks.isEmpty ? changes.deletions : changes.deletions.filter { !ownTicks.contains($0.version) }).map(\.key)
            seenTick = changes.tick
            ownTicks.removeAll()
            // A model that changed in place since its commit (one whose encoding is compared,
            // not watched) holds a change the other value must not overwrite: found out first.
            if !changed.isEmpty || !deleted.isEmpty { pollInPlaceChanges() }
            applyExternal(changed: changed, deleted: deleted)
        }
    }

    /// Applies rows other processes changed and deleted. A live slot's new value is decoded and
    /// compared outside the lock (`init(from:)` and `==` are the app's code), then put in place
    /// under it unless the slot was written meanwhile — that write commits later and wins.
    private func applyExternal(changed: [StoredRow], deleted: [String]) {
        var wakeUps: [@Sendable () -> Void] = []
        var diagnostics: [StateDiagnostic] = []
        // Old values replaced under the lock, released after it.
        var released: [StagedValue] = []
        struct Candidate {
            let cell: SlotCell
            let row: StoredRow
            let staged: StagedValue
        }
        var candidates: [Candidate] = []
        var resets: [SlotCell] = []
        lock.withLock {
            for deletedKey in deleted {
                if let cell = slots[SlotIndexKey(deletedKey)]?.liveCell { resets.append(cell) }
            }
            for row in changed {
                let key = SlotIndexKey(row.key)
                guard let cell = slots[key]?.liveCell else {
                    // Rows read on demand: one not in memory is read from the file when asked for.
                    if !rowsOnDemand || slots[key] != nil { slots[key] = .dormant(DormantRow(row)) }
                    continue
                }
                if cell.holdsChange { continue }  // ours commits later and wins
                candidates.append(Candidate(cell: cell, row: row, staged: cell.stageLocked()))
            }
        }
        // New copies of initial values that are objects, made outside the lock (app code).
        var freshValues: [ObjectIdentifier: StagedValue] = [:]
        for cell in resets {
            if let fresh = cell.makeFreshInitialValue() { freshValues[ObjectIdentifier(cell)] = fresh }
        }
        // Cells whose values were replaced, told so after the lock (`didReplaceValue`).
        var replaced: [SlotCell] = []
        var replacements: [Candidate] = []
        // The error as text, made here: it may be the app's, and so may its description.
        var undecodable: [(candidate: Candidate, error: String)] = []
        for candidate in candidates {
            do {
                if try candidate.cell.decode(candidate.row.value.get(), into: candidate.staged) { replacements.append(candidate) }
            } catch {
                undecodable.append((candidate, "\(error)"))
            }
        }
        lock.withLock {
            for candidate in replacements {
                let cell = candidate.cell
                guard !cell.isEnded, !cell.holdsChange, cell.applyLocked(candidate.staged) else { continue }
                // An initial value waiting to be recorded gives way: the slot has a value now.
                cell.needsWrite = false
                cell.hasRow = true
                released.append(candidate.staged)
                replaced.append(cell)
                wakeUps += noteChangeLocked(cell)
            }
            for (candidate, error) in undecodable {
                let cell = candidate.cell
                guard !cell.isEnded, !cell.holdsChange else { continue }
                // Keep our value, set the unreadable one aside, and write ours back (see below).
                let row = candidate.row
                pendingQuarantine.append(QuarantineEntry(row: row, expectedType: cell.typeName, error: error))
                // A slot with no value, whose defaults are not stored, has nothing to write back:
                // its row is removed instead.
                if cell.hasNoValue {
                    pendingDeletions.append(row.key)
                } else {
                    cell.needsWrite = true
                    enqueueLocked(cell)
                }
                diagnostics.append(StateDiagnostic(kind: .externalChange, key: row.key, message: "another process stored a \(row.type) value that does not decode as \(cell.typeName) (\(error)); it was moved to quarantine and the slot keeps its value."))
            }
            for deletedKey in deleted {
                let key = SlotIndexKey(deletedKey)
                guard let cell = slots[key]?.liveCell else {
                    slots[key] = nil  // a dormant row, or nothing
                    continue
                }
                guard !cell.isEnded, !cell.hasNoValue else { continue }
                // A change not committed yet commits after the deletion, and wins: it is written
                // as a new row.
                if cell.holdsChange {
                    cell.hasRow = false
                    continue
                }
                released.append(cell.resetToInitialLocked(fresh: freshValues.removeValue(forKey: ObjectIdentifier(cell))))
                replaced.append(cell)
                cell.hasRow = false
                // A slot whose defaults are not stored is left without a value (readers show
                // their defaults) and writes nothing; any other records its initial value again.
                if cell.hasNoValue {
                    cell.needsWrite = false
                } else {
                    cell.recordInitialValue()
                    enqueueLocked(cell)
                }
                wakeUps += noteChangeLocked(cell)
            }
        }
        released.removeAll()
        freshValues.removeAll()
        for cell in replaced { cell.didReplaceValue(in: self) }
        for diagnostic in diagnostics { report(diagnostic) }
        for wake in wakeUps { wake() }
    }
}
