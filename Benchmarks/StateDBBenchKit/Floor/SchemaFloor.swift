import CSQLite
import Foundation
import StateDB

/// A floor file with the store's own schema (the embedded migrations, triggers and indexes
/// included), written with nothing of statedb around it.
///
/// `.upsert` is the floor issue 8 defines: a prepared UPSERT per row, texts copied by SQLite,
/// triggers on, as a hand-written persistence layer would do it. `.storeStatements` runs
/// exactly what a statedb commit of three or more values runs (multi-row UPSERTs of up to 32
/// rows, texts lent from one buffer rather than copied, triggers off): statedb's distance to it
/// is what statedb itself costs.
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
    private let begin: RawStatement
    private let commitStatement: RawStatement
    private var tick: Int64 = 0

    /// Issue 8's floor statement: a one-row UPSERT of every column (the store's own one-row
    /// UPSERT, `SlotRows.insertValue`, is the same statement).
    static let upsertSQL = """
        INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at, version)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7, ?7, ?8)
        ON CONFLICT (key) DO UPDATE SET type = excluded.type, encoding = excluded.encoding,
            value = excluded.value, updated_at = excluded.updated_at,
            seen_at = excluded.seen_at, version = excluded.version
        """

    init(path: String, statements: Statements = .upsert) {
        database = RawDatabase(path: path)
        self.statements = statements
        for migration in SchemaMigration.all { database.execute(migration.sql) }
        if statements == .storeStatements { database.disableTriggers() }
        upsert = database.prepare(Self.upsertSQL)
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
            // As the store splits them (`SlotRows.batches(of:)`): as few statements as 32 rows
            // a statement allows, of nearly equal sizes.
            let statements = (rows.count + Self.batchLimit - 1) / Self.batchLimit
            for index in 0..<statements {
                upsertBatch(rows[(rows.count * index / statements)..<(rows.count * (index + 1) / statements)], now: now)
            }
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

    /// The most rows one of the store's statements writes (`SlotRows.batchLimit`).
    static let batchLimit = 32

    /// The store's statement for `count` rows (`SlotRows+Batch.swift`): row `i`'s key,
    /// identity, property, type, encoding and value at `6i + 1 … 6i + 6`, then `now` and the tick.
    static func batchSQL(rows count: Int) -> String {
        let now = count * 6 + 1, tick = count * 6 + 2
        let values = (0..<count).map { row in
            let first = row * 6
            return "(?\(first + 1), ?\(first + 2), ?\(first + 3), ?\(first + 4), ?\(first + 5), ?\(first + 6), ?\(now), ?\(now), ?\(now), ?\(tick))"
        }
        return "INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at, version) VALUES "
            + values.joined(separator: ", ") + """
             ON CONFLICT (key) DO UPDATE SET type = excluded.type, encoding = excluded.encoding,
                value = excluded.value, updated_at = excluded.updated_at,
                seen_at = excluded.seen_at, version = excluded.version
            """
    }

    /// By row count, made when first needed.
    private var batchStatements = [RawStatement?](repeating: nil, count: SchemaFloor.batchLimit + 1)

    /// The store's statement for `rows`, their texts lent from one buffer sized beforehand.
    private func upsertBatch(_ rows: ArraySlice<Row>, now: Int64) {
        let statement = batchStatements[rows.count] ?? {
            let made = database.prepare(Self.batchSQL(rows: rows.count))
            batchStatements[rows.count] = made
            return made
        }()
        var byteCount = 0
        for row in rows {
            byteCount += row.key.utf8.count + row.identity.utf8.count + row.property.utf8.count + row.type.utf8.count
                + row.value.encoding.utf8.count + (row.value.text?.utf8.count ?? 0)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(byteCount)
        for row in rows {
            bytes.append(contentsOf: row.key.utf8)
            bytes.append(contentsOf: row.identity.utf8)
            bytes.append(contentsOf: row.property.utf8)
            bytes.append(contentsOf: row.type.utf8)
            bytes.append(contentsOf: row.value.encoding.utf8)
            if let text = row.value.text { bytes.append(contentsOf: text.utf8) }
        }
        let shared = Int32(rows.count * 6)
        statement.bind(now, at: shared + 1)
        statement.bind(tick, at: shared + 2)
        bytes.withUnsafeBufferPointer { lent in
            var lender = Lender(statement: statement, next: UnsafeRawPointer(lent.baseAddress!).assumingMemoryBound(to: CChar.self))
            for (position, row) in zip(0..., rows) {
                let first = Int32(position * 6)
                lender.lend(row.key, at: first + 1)
                lender.lend(row.identity, at: first + 2)
                lender.lend(row.property, at: first + 3)
                lender.lend(row.type, at: first + 4)
                lender.lend(row.value.encoding, at: first + 5)
                if let text = row.value.text { lender.lend(text, at: first + 6) } else { row.value.bind(to: statement, at: first + 6) }
            }
            statement.run()
            statement.clearBindings()  // no pointer into `bytes` stays bound
        }
    }

    /// Binds texts laid one after the other in a buffer, in the order they were copied there.
    private struct Lender {
        let statement: RawStatement
        var next: UnsafePointer<CChar>

        mutating func lend(_ text: String, at index: Int32) {
            let count = text.utf8.count
            statement.bindLent(next, count: count, at: index)
            next += count
        }
    }
}
