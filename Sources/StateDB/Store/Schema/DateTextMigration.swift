import Foundation

/// The data half of schema version 6 (`Migrations/0006_dates_as_iso8601.sql`, which explains
/// what it converts and what it leaves): slots declared `Date` (or an optional of one) whose
/// value is seconds since 2001, the form stores held before, are rewritten as the app now
/// writes that date (ISO 8601 text, `DateText`).
///
/// Run by `SchemaMigrator` inside the migration's transaction, after the file's statements:
/// a failure rolls the whole version back.
enum DateTextMigration {
    /// The schema version this conversion belongs to.
    static let version = 6

    /// Rewrites the rows and returns how many it changed. A value that does not read as a
    /// date is left for the app to quarantine as it would have before.
    @discardableResult
    ///
    /// `progress` (when given) is told (rows done, candidate rows): a row is done when it is
    /// found to need nothing, or when it is rewritten.
    static func run(_ connection: SQLiteConnection, progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws -> Int {
        var total = 0
        if progress != nil {
            let count = try connection.prepare("""
                SELECT count(*) FROM slots
                WHERE (type = 'Foundation.Date' OR type = 'Swift.Optional<Foundation.Date>'
                       OR type = 'Swift.Optional<Swift.Optional<Foundation.Date>>')
                  AND (encoding = 'json' OR encoding = 'real' OR encoding = 'integer')
                """)
            total = try count.step() ? Int(count.int64(at: 0)) : 0
            count.reset()
        }
        var done = 0
        func advance() {
            done += 1
            if done & 1023 == 0 || done == total { progress?(done, total) }
        }
        let rows = try connection.prepare("""
            SELECT rowid, encoding, value FROM slots
            WHERE (type = 'Foundation.Date' OR type = 'Swift.Optional<Foundation.Date>'
                   OR type = 'Swift.Optional<Swift.Optional<Foundation.Date>>')
              AND (encoding = 'json' OR encoding = 'real' OR encoding = 'integer')
            """)
        var changes: [(rowid: Int64, value: StoredValue)] = []
        while try rows.step() {
            let encoding = rows.string(at: 1)
            guard let stored = try? StoredValue.read(from: rows, at: 2, encoding: encoding),
                  let date = try? ValueCodec.decode(Date.self, from: stored),
                  let canonical = try? ValueCodec.encode(date), canonical != stored else {
                advance()
                continue
            }
            changes.append((rows.int64(at: 0), canonical))
        }
        rows.reset()
        let update = try connection.prepare("UPDATE slots SET encoding = ?1, value = ?2 WHERE rowid = ?3")
        for change in changes {
            update.bindStatic(change.value.staticEncoding, at: 1)
            change.value.bind(to: update, at: 2)
            update.bind(change.rowid, at: 3)
            try update.run()
            advance()
        }
        return changes.count
    }
}
