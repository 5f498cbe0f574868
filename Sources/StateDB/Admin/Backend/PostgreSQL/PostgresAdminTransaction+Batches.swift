/// Many rows per statement: each column of a batch is one array parameter, unnested by the
/// server (`INSERT … SELECT … FROM unnest($1::text[], …) ON CONFLICT …`), as the store's own
/// commit writes. One statement per row cost a round trip each: `statedb import` of 200,000
/// rows was 200,000 of them (docs/postgresql.md, "Bulk edits and the key index").
extension PostgresAdminTransaction {
    /// Rows per statement: a few megabytes of parameters at most, a few round trips per
    /// hundred thousand rows.
    static let batchSize = 5_000

    func upsert(_ rows: [AdminRowWrite]) throws {
        guard !rows.isEmpty else { return }
        let tick = PostgresParameter.integer(try stamp())
        let now = PostgresParameter.integer(now)
        for start in stride(from: 0, to: rows.count, by: Self.batchSize) {
            let batch = rows[start..<min(start + Self.batchSize, rows.count)]
            let slotKeys = batch.map { SlotKey($0.key) }
            let columns = batch.map { PostgresParameter.columns(of: $0.value) }
            // One statement may not update a row twice: the caller's keys are distinct.
            try connection.execute("""
                INSERT INTO slots (key, identity, property, type, encoding, value, blob, created_at, updated_at, seen_at, version)
                SELECT r.key, r.identity, r.property, r.type, r.encoding, r.value, r.blob,
                    r.created_at, coalesce(r.updated_at, $11::bigint), r.seen_at, $12::bigint
                FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bytea[],
                            $8::bigint[], $9::bigint[], $10::bigint[])
                    AS r (key, identity, property, type, encoding, value, blob, created_at, updated_at, seen_at)
                ON CONFLICT (key) DO UPDATE SET identity = EXCLUDED.identity, property = EXCLUDED.property,
                    type = EXCLUDED.type, encoding = EXCLUDED.encoding, value = EXCLUDED.value, blob = EXCLUDED.blob,
                    updated_at = EXCLUDED.updated_at, version = EXCLUDED.version
                """, [.textArray(batch.map(\.key)), .textArray(slotKeys.map(\.identity)), .textArray(slotKeys.map(\.property)),
                      .textArray(batch.map(\.type)), .textArray(batch.map { $0.encoding ?? $0.value.encoding }),
                      .textArray(columns.map { $0.value.textElement }), .byteaArray(columns.map { $0.blob.bytesElement }),
                      .textArray(batch.map { String($0.createdAt) }), .textArray(batch.map { $0.updatedAt.map(String.init) }),
                      .textArray(batch.map { String($0.seenAt) }), now, tick])
        }
    }

    func delete(keys: [String]) throws {
        guard !keys.isEmpty else { return }
        let tick = PostgresParameter.integer(try stamp())
        for start in stride(from: 0, to: keys.count, by: Self.batchSize) {
            let batch = PostgresParameter.textArray(Array(keys[start..<min(start + Self.batchSize, keys.count)]))
            // The tombstones first, at this tick: the delete trigger then leaves them and the
            // clock alone.
            try connection.execute("""
                INSERT INTO slot_tombstones (key, version) SELECT unnest($1::text[]), $2::bigint
                ON CONFLICT (key) DO UPDATE SET version = EXCLUDED.version
                """, [batch, tick])
            try connection.execute("DELETE FROM slots WHERE key = ANY($1::text[])", [batch])
        }
    }
}

extension PostgresAdminRows {
    /// A batch of keys per statement (`key = ANY($1::text[])`, by the key index): one round
    /// trip per `batchSize` keys, where `row(_:)` costs one per key.
    func rows(_ keys: [String]) throws -> [StoredRow?] {
        var found: [ByteKey: StoredRow] = [:]
        found.reserveCapacity(keys.count)
        for start in stride(from: 0, to: keys.count, by: PostgresAdminTransaction.batchSize) {
            let batch = keys[start..<min(start + PostgresAdminTransaction.batchSize, keys.count)]
            let result = try connection.execute("""
                SELECT key, type, encoding, value, blob, created_at, updated_at, seen_at, version FROM slots
                WHERE key = ANY($1::text[])
                """, [.textArray(Array(batch))])
            for index in 0..<result.rowCount {
                let row = try StoredRow(readingUTF8: result, row: index, location: location)
                found[ByteKey(row.key)] = row
            }
        }
        return keys.map { found[ByteKey($0)] }
    }
}

private extension PostgresParameter {
    /// The text of `.text`, nil for `.null` (an array element).
    var textElement: String? {
        if case .text(let text) = self { text } else { nil }
    }

    /// The bytes of `.bytes`, nil for `.null` (an array element).
    var bytesElement: [UInt8]? {
        if case .bytes(let bytes) = self { bytes } else { nil }
    }
}
