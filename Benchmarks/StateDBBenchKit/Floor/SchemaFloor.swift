import Foundation
import StateDB

/// A floor file with the store's own schema (the embedded migrations, triggers and indexes
/// included) written with the store's own UPSERT: exactly the SQL a commit runs for its rows,
/// with nothing of statedb around it.
final class SchemaFloor {
    /// One row of a floor transaction.
    struct Row {
        let key: String
        let identity: String
        let property: String
        let type: String
        let value: EncodedValue
    }

    let database: RawDatabase
    private let upsert: RawStatement
    private let begin: RawStatement
    private let commitStatement: RawStatement
    private var tick: Int64 = 0

    /// The statement `StateStore` commits values with (`StateStore+Commit.swift`).
    static let upsertSQL = """
        INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at, version)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7, ?7, ?8)
        ON CONFLICT (key) DO UPDATE SET type = excluded.type, encoding = excluded.encoding,
            value = excluded.value, updated_at = excluded.updated_at,
            seen_at = excluded.seen_at, version = excluded.version
        """

    init(path: String) {
        database = RawDatabase(path: path)
        for migration in SchemaMigration.all { database.execute(migration.sql) }
        upsert = database.prepare(Self.upsertSQL)
        begin = database.prepare("BEGIN IMMEDIATE")
        commitStatement = database.prepare("COMMIT")
    }

    /// Writes `rows` in one transaction.
    func commit(_ rows: [Row]) {
        tick += 1
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        begin.run()  // prepared once, as the store does
        for row in rows {
            upsert.bind(row.key, at: 1)
            upsert.bind(row.identity, at: 2)
            upsert.bind(row.property, at: 3)
            upsert.bind(row.type, at: 4)
            upsert.bind(row.value.encoding, at: 5)
            row.value.bind(to: upsert, at: 6)
            upsert.bind(now, at: 7)
            upsert.bind(tick, at: 8)
            upsert.run()
        }
        commitStatement.run()
    }
}
