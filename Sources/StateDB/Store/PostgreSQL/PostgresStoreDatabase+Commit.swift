extension PostgresStoreDatabase {
    /// Applies `commit` in one transaction with one clock tick, and notifies listeners when it
    /// commits. On failure nothing was written; the caller keeps the work and may run it again.
    ///
    /// **One round trip.** The whole transaction is one pipeline (`PostgresConnection`'s
    /// `pipelinedTransaction`), and each kind of work is one statement over arrays
    /// (`unnest($1::text[], …)`) rather than one per row, so a commit costs the same few
    /// statements and one wait for the server whether it writes one slot or ten thousand. Only
    /// renames are one statement each: whether each happened is its own answer. Nothing waits
    /// for the tick: the statements after the clock's read it from the clock row, which this
    /// transaction holds locked until it ends.
    ///
    /// **Prepared once per session.** Every statement is prepared the first time the session
    /// sends it (inside that commit's pipeline) and run by name afterwards, so the server does
    /// not parse and analyse the array statements at every commit, which cost more than
    /// running them for a commit of a few slots. A new session (a reconnect, a failover)
    /// prepares them again.
    func commit(_ commit: StoreCommit) throws -> StoreCommitResult {
        let statements = Self.statements(for: commit)
        return try run("committing \(commit.writes.count) slots", retry: .flush, retryingOnReconnect: false) {
            let results = try connection.pipelinedTransaction(statements)
            guard let tick = results.first?.int64(0, 0) else {
                throw PostgresError(.statement, message: "statedb_clock has no row", sql: "UPDATE statedb_clock")
            }
            let missed = commit.renames.indices.filter { results[1 + $0].int64(0, 0) != 1 }
            return StoreCommitResult(tick: tick, missedRenames: missed)
        }
    }

    /// The commit's statements in `StoreCommit`'s order: the clock first (its result is the
    /// tick), then one per rename (each answers 1 or 0), then one or two per kind of work that
    /// the commit has, and the notification last.
    static func statements(for commit: StoreCommit) -> [PostgresConnection.Statement] {
        let now = PostgresParameter.integer(commit.now)
        var statements = [PostgresConnection.Statement("UPDATE statedb_clock SET tick = tick + 1 WHERE id = 1 RETURNING tick", preparedAs: "statedb_tick")]
        for rename in commit.renames {
            statements.append(.init(Self.renameSQL, [.text(rename.fromKey), .text(rename.key), .text(rename.to.identity),
                                                     .text(rename.to.property), now, .text(rename.type)],
                                     preparedAs: "statedb_rename"))
        }
        if !commit.quarantine.isEmpty {
            statements.append(.init("""
                INSERT INTO quarantine (key, identity, property, stored_type, expected_type, encoding, value, blob, error, quarantined_at)
                SELECT s.key, s.identity, s.property, s.type, q.expected_type, s.encoding, s.value, s.blob, q.error, $4::bigint
                FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS q (key, expected_type, error, position)
                JOIN slots AS s ON s.key = q.key
                ORDER BY q.position
                """, [.textArray(commit.quarantine.map(\.row.key)), .textArray(commit.quarantine.map(\.expectedType)),
                      .textArray(commit.quarantine.map(\.error)), now], preparedAs: "statedb_quarantine"))
        }
        if !commit.deletions.isEmpty {
            let keys = PostgresParameter.textArray(unique(commit.deletions))
            // The tombstones first, at this tick: the delete trigger then leaves the clock alone.
            statements.append(.init("""
                INSERT INTO slot_tombstones (key, version)
                SELECT d.key, clock.tick FROM unnest($1::text[]) AS d (key), statedb_clock AS clock WHERE clock.id = 1
                ON CONFLICT (key) DO UPDATE SET version = EXCLUDED.version
                """, [keys], preparedAs: "statedb_tombstones"))
            statements.append(.init("DELETE FROM slots WHERE key = ANY($1::text[])", [keys], preparedAs: "statedb_delete"))
        }
        statements += writeStatements(commit.writes, now: now)
        if !commit.explicitKeys.isEmpty {
            statements.append(.init("INSERT INTO statedb_explicit_keys (key) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING",
                                    [.textArray(commit.explicitKeys)], preparedAs: "statedb_explicit_keys"))
        }
        if !commit.seenStamps.isEmpty {
            statements.append(.init("UPDATE slots SET seen_at = $1::bigint WHERE key = ANY($2::text[])", [now, .textArray(commit.seenStamps)],
                                    preparedAs: "statedb_seen"))
        }
        statements.append(.init("SELECT pg_notify('statedb_changes', tick::text) FROM statedb_clock WHERE id = 1", preparedAs: "statedb_notify"))
        return statements
    }

    /// The writes as one UPSERT, and the initial values (`StoreCommit.Write.insertsOnly`) as
    /// one INSERT that leaves a row already there alone: none, one or two statements. An
    /// UPSERT inserts again a row believed to exist but deleted meanwhile, so it is not lost. A
    /// key written twice in one batch keeps its last value (one statement may not update a row
    /// twice).
    private static func writeStatements(_ writes: [StoreCommit.Write], now: PostgresParameter) -> [PostgresConnection.Statement] {
        var last: [String: Int] = [:]
        for (index, write) in writes.enumerated() { last[write.key] = index }
        let batch = writes.indices.filter { last[writes[$0].key] == $0 }.map { writes[$0] }
        let upserts = batch.filter { !$0.insertsOnly }
        let initialValues = batch.filter(\.insertsOnly)
        var statements: [PostgresConnection.Statement] = []
        if !upserts.isEmpty {
            statements.append(.init(insertWrittenRows + """
                ON CONFLICT (key) DO UPDATE SET type = EXCLUDED.type, encoding = EXCLUDED.encoding,
                    value = EXCLUDED.value, blob = EXCLUDED.blob, updated_at = EXCLUDED.updated_at,
                    seen_at = EXCLUDED.seen_at, version = EXCLUDED.version
                """, writeParameters(upserts, now: now), preparedAs: "statedb_write"))
        }
        if !initialValues.isEmpty {
            statements.append(.init(insertWrittenRows + "ON CONFLICT (key) DO NOTHING",
                                    writeParameters(initialValues, now: now), preparedAs: "statedb_write_initial"))
        }
        return statements
    }

    /// The rows of `writeParameters` inserted at this commit's tick; each write statement adds
    /// what happens to a key that has a row.
    private static let insertWrittenRows: PostgresSQL = """
        INSERT INTO slots (key, identity, property, type, encoding, value, blob, created_at, updated_at, seen_at, version)
        SELECT w.key, w.identity, w.property, w.type, w.encoding, w.value, w.blob, $8::bigint, $8::bigint, $8::bigint, clock.tick
        FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bytea[])
            AS w (key, identity, property, type, encoding, value, blob),
            statedb_clock AS clock
        WHERE clock.id = 1
        """

    /// The eight parameters of a write statement: the rows' columns as arrays, and `now`.
    private static func writeParameters(_ writes: [StoreCommit.Write], now: PostgresParameter) -> [PostgresParameter] {
        let columns = writes.map { PostgresParameter.columns(of: $0.value) }
        return [.textArray(writes.map(\.key)), .textArray(writes.map(\.slotKey.identity)), .textArray(writes.map(\.slotKey.property)),
                .textArray(writes.map(\.type)), .textArray(writes.map(\.value.encoding)),
                .textArray(columns.map { $0.value.text }), .byteaArray(columns.map { $0.blob.bytes }), now]
    }

    /// Renames the row `$1` to `$2` as a write of this tick, with a tombstone for the old key
    /// and a record in `statedb_adoptions`; answers 1, or 0 changing nothing when there is no
    /// such row or the new key has one.
    private static let renameSQL: PostgresSQL = """
        WITH renamed AS (
            UPDATE slots SET key = $2::text, identity = $3::text, property = $4::text, seen_at = $5::bigint, version = clock.tick
            FROM statedb_clock AS clock
            WHERE clock.id = 1 AND slots.key = $1::text AND NOT EXISTS (SELECT 1 FROM slots AS taken WHERE taken.key = $2::text)
            RETURNING clock.tick
        ), tombstone AS (
            INSERT INTO slot_tombstones (key, version) SELECT $1::text, tick FROM renamed
            ON CONFLICT (key) DO UPDATE SET version = EXCLUDED.version
        ), adoption AS (
            INSERT INTO statedb_adoptions (key, from_key, type, adopted_at) SELECT $2::text, $1::text, $6::text, $5::bigint FROM renamed
        )
        SELECT count(*) FROM renamed
        """

    /// `keys` without repeats, in first-seen order (one statement may not touch a row twice).
    private static func unique(_ keys: [String]) -> [String] {
        var seen = Set<String>()
        return keys.filter { seen.insert($0).inserted }
    }
}

private extension PostgresParameter {
    /// The text of a `.text` value; nil for `.null` (the only other kind `columns(of:)` gives
    /// for the `value` column).
    var text: String? {
        if case .text(let text) = self { return text }
        return nil
    }

    /// The bytes of a `.bytes` value; nil for `.null`.
    var bytes: [UInt8]? {
        if case .bytes(let bytes) = self { return bytes }
        return nil
    }
}
