import CSQLite
import Foundation
import StateDB

/// A floor file with the store's own schema (the embedded migrations, triggers and indexes
/// included), written with nothing of statedb around it.
///
/// `.upsert` is the floor issue 8 defines: a prepared UPSERT per row, texts copied by SQLite,
/// triggers on, as a hand-written persistence layer would do it. `.storeStatements` runs
/// exactly what a statedb commit runs for rows that exist (an `UPDATE … WHERE key`, texts lent
/// rather than copied, triggers off): statedb's distance to it is what statedb itself costs.
final class SchemaFloor {
    enum Statements {
        case upsert
        case storeStatements
    }

    /// One row of a floor transaction.
    struct Row {
        let key: String
        let identity: String
        let property: String
        let type: String
        let value: EncodedValue
    }

    let database: RawDatabase
    let statements: Statements
    private let upsert: RawStatement
    private let update: RawStatement
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

    /// The statement a statedb commit updates an existing row with (`SlotRows.updateValue`).
    static let updateSQL = """
        UPDATE slots SET type = ?2, encoding = ?3, value = ?4, updated_at = ?5, seen_at = ?5, version = ?6
        WHERE key = ?1
        """

    init(path: String, statements: Statements = .upsert) {
        database = RawDatabase(path: path)
        self.statements = statements
        for migration in SchemaMigration.all { database.execute(migration.sql) }
        if statements == .storeStatements { database.disableTriggers() }
        upsert = database.prepare(Self.upsertSQL)
        update = database.prepare(Self.updateSQL)
        begin = database.prepare("BEGIN IMMEDIATE")
        commitStatement = database.prepare("COMMIT")
    }

    /// Writes `rows` in one transaction. (Not inlined, so a profiler can count it alone.)
    @inline(never)
    func commit(_ rows: [Row]) {
        tick += 1
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        begin.run()  // prepared once, as the store does
        switch statements {
        case .upsert:
            for row in rows { upsert(row, now: now) }
        case .storeStatements:
            // The first frame creates the rows; every later one updates them, as the store does.
            for row in rows where !update(row, now: now) { upsert(row, now: now) }
        }
        commitStatement.run()
    }

    /// The floor's statement: every column bound, texts copied by SQLite.
    @inline(__always)
    private func upsert(_ row: Row, now: Int64) {
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

    /// The store's statement for a row that exists, texts lent; false when there was none.
    @inline(__always)
    private func update(_ row: Row, now: Int64) -> Bool {
        update.bind(now, at: 5)
        update.bind(tick, at: 6)
        row.key.withCString { key in
            row.type.withCString { type in
                update.bindLent(key, count: row.key.utf8.count, at: 1)
                update.bindLent(type, count: row.type.utf8.count, at: 2)
                row.value.bindLent(to: update, encodingAt: 3, valueAt: 4) { update.run() }
            }
        }
        return sqlite3_changes(database.handle) == 1
    }
}
