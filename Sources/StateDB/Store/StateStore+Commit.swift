extension StateStore {
    /// Commits every pending write in one transaction. When it returns, those writes survive
    /// a crash or `kill -9` of the process.
    ///
    /// A failed commit (disk full, read-only file) rolls back, keeps every pending write in
    /// memory for the next try, and throws a `StateStoreError` that says what to do.
    public func flush() throws {
        pollInPlaceChanges()
        try databaseLock.withLock {
            if isInMemory && connection != nil { return settleInMemory() }
            let batch = takeBatch()
            guard !batch.isEmpty else { return }
            guard let connection else {
                restore(batch)
                throw StateStoreError(.closed, path: path, "the store is closed; open it again.")
            }
            do {
                let (tick, missedAdoptions) = try commit(batch, on: connection)
                noteOwnCommit(tick, connection: connection)
                lock.withLock {
                    // The row to rename was gone (another process deleted it) or its new key was
                    // taken: the value in memory is written under the new key next time instead.
                    for adoption in missedAdoptions where !adoption.cell.isEnded {
                        adoption.cell.createdAt = nil
                        adoption.cell.needsWrite = true
                        enqueueLocked(adoption.cell)
                    }
                    for item in batch.cells where item.writesValue {
                        if item.cell.createdAt == nil { item.cell.createdAt = batch.now }
                    }
                    for item in batch.cells { item.cell.seenAt = batch.now }
                    noteRowsGoneLocked(batch.deletions)
                    noteRowsGoneLocked(batch.adoptions.map(\.fromKey))
                }
            } catch {
                restore(batch)
                if let error = error as? SQLiteError {
                    throw StateStoreError(error, path: path, doing: "committing \(batch.cells.count) slots", retry: .flush)
                }
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
        }
        var cells: [Item] = []
        var deletions: [String] = []
        var quarantine: [QuarantineEntry] = []
        var adoptions: [Adoption] = []
        var explicitKeys: [String] = []
        let now = nowMilliseconds()
        var isEmpty: Bool { cells.isEmpty && deletions.isEmpty && quarantine.isEmpty && adoptions.isEmpty && explicitKeys.isEmpty }
    }

    /// Takes the pending work out of memory (the commit puts it back if it fails).
    private func takeBatch() -> CommitBatch {
        lock.withLock {
            var batch = CommitBatch()
            batch.cells.reserveCapacity(commitQueue.count)  // no regrowth when a mount queues every slot
            for cell in commitQueue {
                cell.isQueued = false
                guard !cell.isEnded else { continue }
                let writesValue = cell.needsWrite
                batch.cells.append(.init(cell: cell, writesValue: writesValue, encode: writesValue ? cell.captureForCommit() : nil,
                                         rowExists: cell.createdAt != nil))
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
                if item.writesValue { item.cell.needsWrite = true } else { item.cell.needsSeenStamp = true }
                enqueueLocked(item.cell)
            }
            // Deletions and quarantine go first so their order against newer work is kept.
            pendingDeletions.insert(contentsOf: batch.deletions, at: 0)
            pendingQuarantine.insert(contentsOf: batch.quarantine, at: 0)
            pendingAdoptions.insert(contentsOf: batch.adoptions, at: 0)
            pendingExplicitKeys.insert(contentsOf: batch.explicitKeys, at: 0)
        }
    }

    private func commit(_ batch: CommitBatch, on connection: SQLiteConnection) throws -> (tick: Int64, missedAdoptions: [Adoption]) {
        // Encode before the transaction: a value that cannot be encoded is reported and left
        // pending instead of failing everyone's commit.
        var encoded: [(item: CommitBatch.Item, value: StoredValue)] = []
        encoded.reserveCapacity(batch.cells.count)
        var seenOnly: [SlotCell] = []
        for item in batch.cells {
            guard let captured = item.encode else { seenOnly.append(item.cell); continue }
            do {
                switch captured {
                case .encoded(let value): encoded.append((item, value))
                case .deferred(let encode): encoded.append((item, try encode()))
                }
            } catch {
                report(StateDiagnostic(kind: .flushFailed, key: item.cell.key, message: "the value cannot be encoded (\(error)); it stays in memory only."))
            }
        }
        return try connection.transaction {
            let tick = try StoreClock.advance(on: connection)
            // First, so the writes and seen stamps below find the rows under their new keys.
            var missedAdoptions: [Adoption] = []
            for adoption in batch.adoptions where !adoption.cell.isEnded {
                if try !SlotRows.rename(adoption.fromKey, to: adoption.cell.slotKey, key: adoption.key, now: batch.now, tick: tick, on: connection) {
                    missedAdoptions.append(adoption)
                    continue
                }
                try SlotRows.recordAdoption(adoption, now: batch.now, on: connection)
            }
            if !batch.quarantine.isEmpty {
                let quarantine = try connection.cached("""
                    INSERT INTO quarantine (key, identity, property, stored_type, expected_type, encoding, value, error, quarantined_at)
                    SELECT key, identity, property, type, ?2, encoding, value, ?3, ?4 FROM slots WHERE key = ?1
                    """)
                for entry in batch.quarantine {
                    quarantine.bind(entry.row.key, at: 1)
                    quarantine.bind(entry.expectedType, at: 2)
                    quarantine.bind(entry.error, at: 3)
                    quarantine.bind(batch.now, at: 4)
                    try quarantine.run()
                }
            }
            if !batch.deletions.isEmpty {
                for key in batch.deletions {
                    try SlotRows.delete(key, tick: tick, on: connection)
                }
            }
            for (item, value) in encoded {
                let cell = item.cell
                // A row known to exist is updated in place: cheaper for SQLite than an UPSERT,
                // which first tries the INSERT. Another process may have deleted it meanwhile;
                // then the UPDATE changes nothing and the UPSERT below puts it back.
                if item.rowExists, try SlotRows.updateValue(of: cell.key, type: cell.typeName, value: value, now: batch.now, tick: tick, on: connection) {
                    continue
                }
                try SlotRows.insertValue(of: cell.slotKey, key: cell.key, type: cell.typeName, value: value, now: batch.now, tick: tick, on: connection)
            }
            for key in batch.explicitKeys {
                try SlotRows.markExplicit(key, on: connection)
            }
            if !seenOnly.isEmpty {
                let stamp = try connection.cached("UPDATE slots SET seen_at = ?1 WHERE key = ?2")
                for cell in seenOnly {
                    stamp.bind(batch.now, at: 1)
                    stamp.bind(cell.key, at: 2)
                    try stamp.run()
                }
            }
            return (tick, missedAdoptions)
        }
    }
}
