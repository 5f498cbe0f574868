extension PostgresStoreDatabase {
    /// Applies `commit` in one transaction with one clock tick, and notifies listeners when it
    /// commits. On failure nothing was written; the caller keeps the work and may run it again.
    ///
    /// One statement per row for now: each is a round trip to the server (pipelining them is
    /// the next step for latency; docs/postgresql.md).
    func commit(_ commit: StoreCommit) throws -> StoreCommitResult {
        try run("committing \(commit.writes.count) slots", retry: .flush, retryingOnReconnect: false) {
            try connection.transaction {
                let tick = try advanceClock()
                let now = PostgresParameter.integer(commit.now)
                let version = PostgresParameter.integer(tick)
                var missed: [Int] = []
                for (index, rename) in commit.renames.enumerated() {
                    if try !self.rename(rename, now: now, version: version) { missed.append(index) }
                }
                for entry in commit.quarantine {
                    try connection.execute("""
                        INSERT INTO quarantine (key, identity, property, stored_type, expected_type, encoding, value, blob, error, quarantined_at)
                        SELECT key, identity, property, type, $2, encoding, value, blob, $3, $4 FROM slots WHERE key = $1
                        """, [.text(entry.row.key), .text(entry.expectedType), .text(entry.error), now])
                }
                for key in commit.deletions {
                    // The tombstone first, at this tick: the delete trigger then leaves the clock alone.
                    try tombstone(key, version: version)
                    try connection.execute("DELETE FROM slots WHERE key = $1", [.text(key)])
                }
                for write in commit.writes {
                    let columns = PostgresParameter.columns(of: write.value)
                    let encoding = PostgresParameter.text(write.value.encoding)
                    if write.rowExists {
                        let updated = try connection.execute("""
                            UPDATE slots SET type = $2, encoding = $3, value = $4, blob = $5, updated_at = $6, seen_at = $6, version = $7
                            WHERE key = $1
                            """, [.text(write.key), .text(write.type), encoding, columns.value, columns.blob, now, version])
                        if updated.affectedRows == 1 { continue }
                    }
                    try connection.execute("""
                        INSERT INTO slots (key, identity, property, type, encoding, value, blob, created_at, updated_at, seen_at, version)
                        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $8, $9)
                        ON CONFLICT (key) DO UPDATE SET type = EXCLUDED.type, encoding = EXCLUDED.encoding,
                            value = EXCLUDED.value, blob = EXCLUDED.blob, updated_at = EXCLUDED.updated_at,
                            seen_at = EXCLUDED.seen_at, version = EXCLUDED.version
                        """, [.text(write.key), .text(write.slotKey.identity), .text(write.slotKey.property), .text(write.type),
                              encoding, columns.value, columns.blob, now, version])
                }
                for key in commit.explicitKeys {
                    try connection.execute("INSERT INTO statedb_explicit_keys (key) VALUES ($1) ON CONFLICT DO NOTHING", [.text(key)])
                }
                for key in commit.seenStamps {
                    try connection.execute("UPDATE slots SET seen_at = $1 WHERE key = $2", [now, .text(key)])
                }
                try notify(tick)
                return StoreCommitResult(tick: tick, missedRenames: missed)
            }
        }
    }

    private func tombstone(_ key: String, version: PostgresParameter) throws {
        try connection.execute("""
            INSERT INTO slot_tombstones (key, version) VALUES ($1, $2)
            ON CONFLICT (key) DO UPDATE SET version = EXCLUDED.version
            """, [.text(key), version])
    }

    /// Renames the row `rename.fromKey` to `rename.key` as a write of this tick, with a
    /// tombstone for the old key and a record in `statedb_adoptions`. False, changing nothing,
    /// when there is no such row or the new key has one.
    private func rename(_ rename: StoreCommit.Rename, now: PostgresParameter, version: PostgresParameter) throws -> Bool {
        let renamed = try connection.execute("""
            UPDATE slots SET key = $2, identity = $3, property = $4, seen_at = $5, version = $6
            WHERE key = $1 AND NOT EXISTS (SELECT 1 FROM slots WHERE key = $2)
            """, [.text(rename.fromKey), .text(rename.key), .text(rename.to.identity), .text(rename.to.property), now, version])
        guard renamed.affectedRows == 1 else { return false }
        try tombstone(rename.fromKey, version: version)
        try connection.execute("INSERT INTO statedb_adoptions (key, from_key, type, adopted_at) VALUES ($1, $2, $3, $4)",
                               [.text(rename.key), .text(rename.fromKey), .text(rename.type), now])
        return true
    }
}
