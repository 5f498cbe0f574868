extension StateStore {
    /// Commits every pending write in one transaction. When it returns, those writes survive
    /// a crash or `kill -9` of the process.
    ///
    /// A failed commit (disk full, read-only file) rolls back, keeps every pending write in
    /// memory for the next try, and throws a `StateStoreError` that says what to do.
    public func flush() throws {
        try flush(compactingLoadedRows: true)
    }

    /// `flush()`. `compactingLoadedRows`: the rows loaded at open that nothing asked for are
    /// first copied out of the buffer that holds every row's bytes (`SlotIndex.compactLoadedRows`);
    /// not when the store is closing, which lets go of them all.
    func flush(compactingLoadedRows: Bool) throws {
        pollInPlaceChanges()
        try databaseLock.withLock {
            if isInMemory && database != nil { return settleInMemory() }
            let batch = takeBatch(compactingLoadedRows: compactingLoadedRows)
            guard !batch.isEmpty else { return }
            guard let database else {
                restore(batch)
                throw StateStoreError(.closed, path: path, "the store is closed; open it again.")
            }
            do {
                let (tick, missedAdoptions) = try commit(batch, on: database)
                noteOwnCommit(tick)
                noteSuccessLocked()
                lock.withLock {
                    // The row to rename was gone (another process deleted it) or its new key was
                    // taken: the value in memory is written under the new key next time instead.
                    for adoption in missedAdoptions where !adoption.cell.isEnded {
                        adoption.cell.hasRow = false
                        adoption.cell.needsWrite = true
                        enqueueLocked(adoption.cell)
                    }
                    for item in batch.cells where item.writesValue { item.cell.hasRow = true }
                    noteRowsGoneLocked(batch.deletions)
                    noteRowsGoneLocked(batch.adoptions.map(\.fromKey))
                }
            } catch {
                restore(batch)
                noteFailureLocked(of: database, error)
                throw error
            }
        }
    }

    /// What one commit writes, captured under the memory lock.
    struct CommitBatch {
        struct Item {
            let cell: SlotCell
            let writesValue: Bool
            let encode: CapturedValue?
            /// The row was in the file when the cell was last committed or hydrated.
            let rowExists: Bool
            /// The value is the initial one, written only where there is no row (`SlotCell.holdsInitialValue`).
            let insertsOnly: Bool
        }
        var cells: [Item] = []
        var deletions: [String] = []
        var quarantine: [QuarantineEntry] = []
        var adoptions: [Adoption] = []
        var explicitKeys: [String] = []
        let now = nowMilliseconds()
        var isEmpty: Bool { cells.isEmpty && deletions.isEmpty && quarantine.isEmpty && adoptions.isEmpty && explicitKeys.isEmpty }
    }

    /// Takes the pending work out of memory (the commit puts it back if it fails), and, when
    /// `compactingLoadedRows`, compacts the rows loaded at open under the same lock.
    private func takeBatch(compactingLoadedRows: Bool) -> CommitBatch {
        lock.withLock {
            if compactingLoadedRows { slots.compactLoadedRows() }
            var batch = CommitBatch()
            batch.cells.reserveCapacity(commitQueue.count)  // no regrowth when a mount queues every slot
            for cell in commitQueue {
                cell.isQueued = false
                guard !cell.isEnded else { continue }
                let writesValue = cell.needsWrite
                batch.cells.append(.init(cell: cell, writesValue: writesValue, encode: writesValue ? cell.captureForCommit() : nil,
                                         rowExists: cell.hasRow, insertsOnly: writesValue && cell.holdsInitialValue))
                cell.needsWrite = false
                cell.needsSeenStamp = false
            }
            commitQueue.removeAll(keepingCapacity: true)
            batch.deletions = pendingDeletions
            pendingDeletions.removeAll()
            batch.quarantine = pendingQuarantine
            pendingQuarantine.removeAll()
            batch.adoptions = pendingAdoptions
            pendingAdoptions.removeAll()
            batch.explicitKeys = pendingExplicitKeys
            pendingExplicitKeys.removeAll()
            return batch
        }
    }

    /// Puts a failed batch back, unless a cell was written again or ended meanwhile.
    private func restore(_ batch: CommitBatch) {
        lock.withLock {
            for item in batch.cells where !item.cell.isEnded {
                if item.writesValue {
                    // Still the initial value unless the app wrote meanwhile.
                    if item.insertsOnly && !item.cell.needsWrite { item.cell.recordInitialValue() } else { item.cell.needsWrite = true }
                } else {
                    item.cell.needsSeenStamp = true
                }
                enqueueLocked(item.cell)
            }
            // Deletions and quarantine go first so their order against newer work is kept.
            pendingDeletions.insert(contentsOf: batch.deletions, at: 0)
            pendingQuarantine.insert(contentsOf: batch.quarantine, at: 0)
            pendingAdoptions.insert(contentsOf: batch.adoptions, at: 0)
            pendingExplicitKeys.insert(contentsOf: batch.explicitKeys, at: 0)
        }
    }

    /// Encodes `batch` and hands it to the database as one `StoreCommit`: one call per batch,
    /// so the seam costs nothing per row.
    private func commit(_ batch: CommitBatch, on database: any StoreDatabase) throws -> (tick: Int64, missedAdoptions: [Adoption]) {
        // Encode before the transaction: a value that cannot be encoded is reported and left
        // pending instead of failing everyone's commit.
        var work = StoreCommit(now: batch.now)
        work.writes.reserveCapacity(batch.cells.count)
        for item in batch.cells {
            let cell = item.cell
            guard let captured = item.encode else { work.seenStamps.append(cell.key); continue }
            do {
                let value: StoredValue
                switch captured {
                case .encoded(let encoded): value = encoded
                case .deferred(let encode): value = try encode()
                }
                work.writes.append(StoreCommit.Write(slotKey: cell.slotKey, type: cell.typeName, value: value, rowExists: item.rowExists,
                                                     insertsOnly: item.insertsOnly))
                if !unencodableKeys.isEmpty { unencodableKeys.remove(cell.key) }
            } catch {
                // Once per slot until it encodes again, not at every write of it.
                guard unencodableKeys.insert(cell.key).inserted else { continue }
                report(StateDiagnostic(kind: .flushFailed, key: cell.key, message: "the value cannot be encoded (\(error)); it is kept in memory only, and stored again once it can be encoded."))
            }
        }
        let adoptions = batch.adoptions.filter { !$0.cell.isEnded }
        work.renames = adoptions.map { StoreCommit.Rename(fromKey: $0.fromKey, to: $0.cell.slotKey, key: $0.key, type: $0.type) }
        work.quarantine = batch.quarantine
        work.deletions = batch.deletions
        work.explicitKeys = batch.explicitKeys
        let result = try database.commit(work)
        return (result.tick, result.missedRenames.map { adoptions[$0] })
    }
}
