extension SQLiteStoreDatabase {
    /// Applies `commit` in one transaction with one clock tick. On failure it rolls back:
    /// nothing was written.
    func commit(_ commit: StoreCommit) throws -> StoreCommitResult {
        try run("committing \(commit.writes.count) slots", retry: .flush) {
            try connection.transaction {
                let tick = try StoreClock.advance(on: connection)
                let now = commit.now
                // First, so the writes and seen stamps below find the rows under their new keys.
                var missed: [Int] = []
                for (index, rename) in commit.renames.enumerated() {
                    if try !SlotRows.rename(rename.fromKey, to: rename.to, key: rename.key, now: now, tick: tick, on: connection) {
                        missed.append(index)
                        continue
                    }
                    try SlotRows.recordAdoption(rename, now: now, on: connection)
                }
                if !commit.quarantine.isEmpty {
                    let quarantine = try connection.cached("""
                        INSERT INTO quarantine (key, identity, property, stored_type, expected_type, encoding, value, error, quarantined_at)
                        SELECT key, identity, property, type, ?2, encoding, value, ?3, ?4 FROM slots WHERE key = ?1
                        """)
                    for entry in commit.quarantine {
                        quarantine.bind(entry.row.key, at: 1)
                        quarantine.bind(entry.expectedType, at: 2)
                        quarantine.bind(entry.error, at: 3)
                        quarantine.bind(now, at: 4)
                        try quarantine.run()
                    }
                }
                for key in commit.deletions {
                    try SlotRows.delete(key, tick: tick, on: connection)
                }
                try write(commit.writes, now: now, tick: tick)
                for key in commit.explicitKeys {
                    try SlotRows.markExplicit(key, on: connection)
                }
                if !commit.seenStamps.isEmpty {
                    let stamp = try connection.cached("UPDATE slots SET seen_at = ?1 WHERE key = ?2")
                    for key in commit.seenStamps {
                        stamp.bind(now, at: 1)
                        stamp.bind(key, at: 2)
                        try stamp.run()
                    }
                }
                return StoreCommitResult(tick: tick, missedRenames: missed)
            }
        }
    }

    /// Writes a commit's values. A slot's initial value is inserted only where its key has no
    /// row. The others are written several rows to a statement (`SlotRows.upsertValues`), or,
    /// when there are only a few (or a value is large), one by one.
    private func write(_ writes: [StoreCommit.Write], now: Int64, tick: Int64) throws {
        func goesInBatch(_ write: StoreCommit.Write) -> Bool { !write.insertsOnly && SlotRows.isBatched(write) }
        let batchable = writes.count(where: goesInBatch)
        let batching = batchable >= SlotRows.batchThreshold
        if batching {
            try SlotRows.upsertValues(batchable == writes.count ? writes[...] : ArraySlice(writes.filter(goesInBatch)),
                                      now: now, tick: tick, on: connection)
        }
        for write in writes where !(batching && goesInBatch(write)) {
            if write.insertsOnly {
                try SlotRows.insertValue(of: write.slotKey, type: write.type, value: write.value, now: now, tick: tick, replacing: false, on: connection)
                continue
            }
            // A row known to exist is updated in place: cheaper for SQLite than an UPSERT, which
            // first tries the INSERT. Another process may have deleted it meanwhile; then the
            // UPDATE changes nothing and the UPSERT below puts it back.
            if write.rowExists, try SlotRows.updateValue(of: write.slotKey, type: write.type, value: write.value, now: now, tick: tick, on: connection) {
                continue
            }
            try SlotRows.insertValue(of: write.slotKey, type: write.type, value: write.value, now: now, tick: tick, on: connection)
        }
    }
}
