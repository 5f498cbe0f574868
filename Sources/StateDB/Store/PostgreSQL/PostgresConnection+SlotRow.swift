extension PostgresConnection {
    /// Writes one slot row, inserted or replacing the row at its key (whose `created_at` and
    /// `seen_at` stay). For the one-row writers — state migrations and the CLI; the store's
    /// commits write their batch over arrays (`PostgresStoreDatabase+Commit`).
    func upsertSlot(key: String, type: String, value: StoredValue, encoding: String,
                    createdAt: Int64, updatedAt: Int64, seenAt: Int64, version: Int64) throws {
        let slotKey = SlotKey(key)
        let columns = PostgresParameter.columns(of: value)
        try execute("""
            INSERT INTO slots (key, identity, property, type, encoding, value, blob, created_at, updated_at, seen_at, version)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
            ON CONFLICT (key) DO UPDATE SET identity = EXCLUDED.identity, property = EXCLUDED.property,
                type = EXCLUDED.type, encoding = EXCLUDED.encoding, value = EXCLUDED.value, blob = EXCLUDED.blob,
                updated_at = EXCLUDED.updated_at, version = EXCLUDED.version
            """, [.text(key), .text(slotKey.identity), .text(slotKey.property), .text(type), .text(encoding),
                  columns.value, columns.blob, .integer(createdAt), .integer(updatedAt), .integer(seenAt), .integer(version)])
    }
}
