/// One row for `AdminTransaction.upsert(_:)`: the arguments of the one-row `upsert`.
struct AdminRowWrite {
    let key: String
    let type: String
    let value: StoredValue
    /// Overrides the value's own encoding (to copy a row as it is); nil: the value's.
    var encoding: String? = nil
    let createdAt: Int64
    /// Nil: the transaction's `now`.
    var updatedAt: Int64? = nil
    let seenAt: Int64
}

extension AdminTransaction {
    /// One statement per row: what SQLite does well (a prepared statement in process, no
    /// round trip). PostgreSQL sends batches instead (PostgresAdminTransaction+Batches.swift).
    func upsert(_ rows: [AdminRowWrite]) throws {
        for row in rows {
            try upsert(key: row.key, type: row.type, value: row.value, encoding: row.encoding,
                       createdAt: row.createdAt, updatedAt: row.updatedAt, seenAt: row.seenAt)
        }
    }

    func delete(keys: [String]) throws {
        for key in keys { try delete(key: key) }
    }
}

extension AdminRows {
    /// One lookup per key: a prepared statement in process on SQLite costs no round trip.
    /// PostgreSQL looks up a batch in one statement (PostgresAdminTransaction+Batches.swift).
    func rows(_ keys: [String]) throws -> [StoredRow?] {
        try keys.map { try row($0) }
    }
}
