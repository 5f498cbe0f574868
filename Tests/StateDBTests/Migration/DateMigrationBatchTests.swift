import Foundation
@testable import StateDB
import Testing

/// Schema version 6's date conversion on a store with more candidate rows than one of its
/// batches (`DateTextMigration.batchSize`): every date converted exactly, every other row
/// untouched, progress as before, and all or nothing across the batches.
struct DateMigrationBatchTests {
    let folder = TemporaryDirectory()
    var path: String { folder.storePath }

    /// Rows in the store: candidates for the conversion span three batches, with rows that
    /// are not candidates (other types) and candidates that need nothing (not a date) between.
    static let rowCount = 14_000

    /// What row `i` holds before the migration: a date (as JSON, a real or an integer, the
    /// forms older stores hold), or a row the conversion must leave as it is.
    enum OldRow {
        case date(seconds: Double, encoding: String)
        case other(type: String, encoding: String, value: String)

        init(_ i: Int) {
            switch i % 10 {
            case 3: self = .other(type: "Swift.Double", encoding: "real", value: "\(Double(i) + 0.5)")
            case 7: self = .other(type: "StateDBTests.Visit", encoding: "json", value: #"{"at":\#(i).25,"byName":{},"stops":[]}"#)
            case 5: self = .other(type: "Foundation.Date", encoding: "json", value: #""soon""#)  // not a date: left
            case 1: self = .date(seconds: Double(i) * 1_000.5, encoding: "real")
            case 9: self = .date(seconds: Double(i * 60_000), encoding: "integer")
            default: self = .date(seconds: 817_840_372.44 + Double(i) * 0.001 - 1e7, encoding: "json")
            }
        }
    }

    static func key(_ i: Int) -> String { "App/Row[id: \(i)]/at" }

    /// A store at schema version 5 holding `OldRow(0..<rowCount)`, written as the previous
    /// build wrote them (created, updated and seen at distinct times, which must stay).
    func makeVersion5Store() throws {
        let connection = try SQLiteConnection(path: path, mode: .readWriteCreate)
        defer { connection.close() }
        let migrator = SchemaMigrator(connection: connection, path: path)
        for migration in SchemaMigration.all where migration.version <= 5 { try migrator.apply(migration) }
        try connection.execute("PRAGMA journal_mode = wal")  // as every store is
        let insert = try connection.prepare("""
            INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at)
            VALUES (?1, ?2, 'at', ?3, ?4, ?5, ?6, ?7, ?8)
            """)
        try connection.transaction {
            for i in 0..<Self.rowCount {
                insert.bind(Self.key(i), at: 1)
                insert.bind("App/Row[id: \(i)]", at: 2)
                switch OldRow(i) {
                case .date(let seconds, let encoding):
                    insert.bind(i % 2 == 0 ? "Foundation.Date" : "Swift.Optional<Foundation.Date>", at: 3)
                    insert.bind(encoding, at: 4)
                    switch encoding {
                    case "real": insert.bind(seconds, at: 5)
                    case "integer": insert.bind(Int64(seconds), at: 5)
                    default: insert.bind("\(seconds)", at: 5)  // as JSONEncoder wrote a Double
                    }
                case .other(let type, let encoding, let value):
                    insert.bind(type, at: 3)
                    insert.bind(encoding, at: 4)
                    if encoding == "real" { insert.bind(Double(value)!, at: 5) } else { insert.bind(value, at: 5) }
                }
                insert.bind(Int64(i), at: 6)
                insert.bind(Int64(i) * 2, at: 7)
                insert.bind(Int64(i) * 3, at: 8)
                try insert.run()
            }
        }
        chmod(path, 0o600)
        #expect(try SQLiteShell.run(path, "PRAGMA user_version") == "5")
    }

    /// Every column of every row, in rowid order, the value with its SQL type and as an SQL
    /// literal (exact), then as text.
    func everyRow() -> [[String?]] {
        SQLiteProbe(path: path).rows("""
            SELECT rowid, key, identity, property, type, encoding, typeof(value), quote(value), created_at, updated_at, seen_at,
                value
            FROM slots ORDER BY rowid
            """)
    }

    @Test func everyDateIsConvertedExactlyAcrossBatchesAndNothingElseChanges() throws {
        try makeVersion5Store()
        let before = everyRow()
        #expect(before.count == Self.rowCount)

        let connection = try SQLiteConnection(path: path, mode: .readWrite)
        var reports: [(done: Int, total: Int)] = []
        let migrator = SchemaMigrator(connection: connection, path: path, progress: { reports.append(($0, $1)) })
        try migrator.apply(try #require(SchemaMigration.all.first { $0.version == DateTextMigration.version }))
        connection.close()

        let after = everyRow()
        try #require(after.count == before.count)
        for (i, (old, new)) in zip(before, after).enumerated() {
            guard case .date(let seconds, _) = OldRow(i) else {
                #expect(new == old, "row \(i) is not a date and stays as it was")
                continue
            }
            #expect(new[5] == "text", "row \(i): \(new)")
            let text = try #require(new[11])
            #expect(DateText.parse(text)?.timeIntervalSinceReferenceDate.bitPattern == seconds.bitPattern,
                    "row \(i): \(text) is \(seconds) to the bit")
            // Only the value changes: key, type and the row's times stay.
            #expect(Array(new[0...4]) == Array(old[0...4]) && Array(new[8...10]) == Array(old[8...10]), "row \(i)")
        }

        // Progress as before: every 1,024 rows and at the end, which is every candidate row
        // (the dates and the texts that are not dates).
        let candidates = Self.rowCount - (0..<Self.rowCount).filter { $0 % 10 == 3 || $0 % 10 == 7 }.count
        #expect(candidates > 2 * DateTextMigration.batchSize, "the candidates span three batches")
        #expect(reports.last.map { [$0.done, $0.total] } == [candidates, candidates])
        #expect(reports.dropLast().map(\.done) == Array(stride(from: 1_024, to: candidates, by: 1_024)))
        #expect(reports.allSatisfy { $0.total == candidates })
    }

    /// A failure in the last batch, after the earlier batches were written, rolls every batch
    /// back: the store file is byte for byte what it was, at version 5. (A trigger makes the
    /// update of the last date fail, as a full disk or an I/O error would.)
    @Test(arguments: [false, true]) func aFailureInALaterBatchLeavesTheFileAsItWas(throughCLI: Bool) throws {
        try makeVersion5Store()
        let last = try #require((0..<Self.rowCount).last { if case .date = OldRow($0) { true } else { false } })
        try sqlite(path, """
            CREATE TRIGGER fail_late BEFORE UPDATE OF value ON slots WHEN OLD.key = '\(Self.key(last))'
            BEGIN SELECT RAISE(ABORT, 'disk I/O error (simulated)'); END
            """)
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let first = SQLiteProbe(path: path).value(Self.key(0))

        if throughCLI {
            let run = try CLI.run("migrate", "up", path)
            #expect(run.status != 0, "\(run)")
            #expect(run.stderr.contains("0006_dates_as_iso8601.sql failed"), "\(run)")
            #expect(run.stderr.contains("rolled back; the store is at schema version 5"), "\(run)")
        } else {
            let error = #expect(throws: StateStoreError.self) { try StateStore(path: path) }
            #expect(error?.kind == .migrationFailed)
            #expect(error?.message.contains("disk I/O error (simulated)") == true, "\(String(describing: error))")
        }
        #expect(FileManager.default.contents(atPath: path) == bytes, "the store file is as it was")
        #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
        #expect(try SQLiteShell.run(path, "PRAGMA user_version") == "5")
        #expect(first != nil && SQLiteProbe(path: path).value(Self.key(0)) == first, "the first batch was rolled back too")
    }
}
