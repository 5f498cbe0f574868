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

    /// Candidate rows read (and their changes written) at a time. Memory is one batch's
    /// changes, whatever the store's size: holding every change until the end took 85 MB of
    /// peak RSS at 500,000 dates. Each batch is a range seek on the rowid, so the batches cost
    /// no more reading than one scan.
    static let batchSize = 5_000

    /// The slots this conversion looks at: declared a date, holding a number.
    private static let candidates: SQL = """
        (type = 'Foundation.Date' OR type = 'Swift.Optional<Foundation.Date>'
         OR type = 'Swift.Optional<Swift.Optional<Foundation.Date>>')
        AND (encoding = 'json' OR encoding = 'real' OR encoding = 'integer')
        """

    /// Rewrites the rows and returns how many it changed. A value that does not read as a
    /// date is left for the app to quarantine as it would have before.
    ///
    /// `progress` (when given) is told (rows done, candidate rows): a row is done when it is
    /// found to need nothing, or when it is rewritten.
    @discardableResult
    static func run(_ connection: SQLiteConnection, batchSize: Int = batchSize,
                    progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws -> Int {
        var total = 0
        if progress != nil {
            let count = try connection.prepare("SELECT count(*) FROM slots WHERE " + candidates)
            total = try count.step() ? Int(count.int64(at: 0)) : 0
            count.reset()
        }
        var done = 0
        func advance() {
            done += 1
            if done & 1023 == 0 || done == total { progress?(done, total) }
        }
        // Rows read before they are written, a batch at a time: the reading statement is reset
        // before the batch's updates, so no update runs under an open scan of the same table.
        let rows = try connection.prepare("SELECT rowid, encoding, value FROM slots WHERE rowid > ?1 AND (" + candidates
                                          + ") ORDER BY rowid LIMIT ?2")
        let update = try connection.prepare("UPDATE slots SET encoding = ?1, value = ?2 WHERE rowid = ?3")
        var changed = 0
        var after = Int64.min
        var changes: [(rowid: Int64, value: StoredValue)] = []
        changes.reserveCapacity(batchSize)
        while true {
            rows.bind(after, at: 1)
            rows.bind(Int64(batchSize), at: 2)
            var read = 0
            while try rows.step() {
                read += 1
                after = rows.int64(at: 0)
                let encoding = rows.string(at: 1)
                guard let stored = try? StoredValue.read(from: rows, at: 2, encoding: encoding),
                      let date = try? ValueCodec.decode(Date.self, from: stored),
                      let canonical = try? ValueCodec.encode(date), canonical != stored else {
                    advance()
                    continue
                }
                changes.append((after, canonical))
            }
            rows.reset()
            for change in changes {
                update.bindStatic(change.value.staticEncoding, at: 1)
                change.value.bind(to: update, at: 2)
                update.bind(change.rowid, at: 3)
                try update.run()
                advance()
            }
            changed += changes.count
            changes.removeAll(keepingCapacity: true)
            if read < batchSize { return changed }
        }
    }
}
