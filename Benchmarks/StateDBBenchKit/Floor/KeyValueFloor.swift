/// The smallest table a key-value store needs, `(key TEXT PRIMARY KEY, value)`, written with a
/// prepared UPSERT: what the store's schema (identity, type, encoding, timestamps, version,
/// indexes, triggers) costs on top shows as the distance between this and `SchemaFloor`.
final class KeyValueFloor {
    let database: RawDatabase
    private let upsert: RawStatement
    private let begin: RawStatement
    private let commitStatement: RawStatement

    init(path: String) {
        database = RawDatabase(path: path)
        database.execute("CREATE TABLE slots (key TEXT PRIMARY KEY, value)")
        upsert = database.prepare("INSERT INTO slots (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = excluded.value")
        begin = database.prepare("BEGIN IMMEDIATE")
        commitStatement = database.prepare("COMMIT")
    }

    /// Writes `rows` in one transaction.
    func commit(_ rows: [SchemaFloor.Row]) {
        begin.run()
        for row in rows {
            upsert.bind(row.key, at: 1)
            row.value.bind(to: upsert, at: 2)
            upsert.run()
        }
        commitStatement.run()
    }
}
