import CSQLite

/// Reads every row of a table that can still be read from a damaged database, for
/// `StoreAdmin.recover`.
///
/// SQLite stops a scan at the first page it cannot read. The rows of a rowid table are kept
/// in rowid order, a leaf page holding one stretch of rowids, so the scan starts again past the
/// damage: at the first rowid the table's indexes list beyond it that a seek reaches, or,
/// past those, at the smallest rowid from which a seek succeeds (doubling the distance, then
/// halving the interval); rows the indexes list that the scan stepped over are then looked up
/// one by one. The table is read itself (`NOT INDEXED`): a damaged index hides no row. The
/// indexes are read on their own (covering scans touch no table page), and tell which rows
/// were lost: every rowid an index lists that could not be read.
struct RowSalvage {
    /// The statements for one table. `scanSQL` selects `rowid` first and reads from rowid ?1
    /// on, in rowid order; `probeSQL` selects the first rowid from ?1 on (nil for a table
    /// without rowids); each of `indexSQL` lists `rowid` and, optionally, a name for it (the
    /// key) from one index.
    struct Source {
        let table: String
        let scanSQL: SQL
        let probeSQL: SQL?
        var indexSQL: [SQL] = []
    }

    /// A `WITHOUT ROWID` table: `scanSQL` selects a placeholder first and takes no parameter.
    /// Its rows are read in one pass, up to the first damaged page.
    static func withoutRowid(table: String, scanSQL: SQL) -> Source {
        Source(table: table, scanSQL: scanSQL, probeSQL: nil)
    }

    /// What a scan read and stepped over.
    struct Outcome {
        /// Rows read and handed on.
        var read: Set<Int64> = []
        /// Rows whose place could be read but not their content (a damaged overflow page).
        var unreadable: Set<Int64> = []
        /// Stretches stepped over without knowing which rows they held.
        var damagedStretches = 0
        /// What SQLite said, first met first.
        var errors: [String] = []
        /// Rowids the indexes know, with the names they give them.
        var indexed: [Int64: String?] = [:]
        /// True when the table has indexes and each of them was read to its end and listed the
        /// same rows: then they know every row, stepped-over stretches included.
        var indexesAreComplete = false
        /// True when the table could not be read at all (not in the schema).
        var missing = false

        /// Every row known to exist: read, seen, or listed by an index. When the indexes are
        /// complete they list every row, and only those count: a rowid only the damage gave
        /// (garbled cells read as a row, or as a row's place) is not a row lost.
        var known: Set<Int64> {
            indexesAreComplete ? Set(indexed.keys) : read.union(unreadable).union(indexed.keys)
        }
    }

    /// A failure of the code the rows are handed to (the new store), which ends the recovery,
    /// as opposed to the old store's damage, which is stepped over.
    private struct HandlerFailure: Error { let error: Error }

    let source: Source
    let connection: SQLiteConnection

    /// Scans the table, handing each row (the statement on it, and its rowid) to `handle`.
    /// - Throws: only what `handle` throws.
    func scan(_ handle: (SQLiteStatement, Int64) throws -> Void) throws -> Outcome {
        var outcome = Outcome()
        let statement: SQLiteStatement, probe: SQLiteStatement
        do {
            statement = try connection.prepare(source.scanSQL)
            guard let probeSQL = source.probeSQL else { return try scanOnce(statement, handle) }
            probe = try connection.prepare(probeSQL)
        } catch let failure as HandlerFailure {
            throw failure.error
        } catch {
            outcome.missing = true
            outcome.errors.append(message(error))
            return outcome
        }
        defer { statement.reset() }
        (outcome.indexed, outcome.indexesAreComplete) = indexedRows()
        let indexed = outcome.indexed.keys.sorted()

        /// Reads rows from `start` on (only the first with `first`) until the end (true) or an
        /// error (false); `next` is then the rowid after the last row read.
        func read(from start: Int64, next: inout Int64, only first: Bool = false) throws -> Bool {
            statement.reset()
            statement.bind(start, at: 1)
            next = start
            do {
                while try statement.step() {
                    let rowid = statement.int64(at: 0)
                    // Rowids only grow along a healthy table; one that does not (a damaged page
                    // linked in the wrong place, pages a cut file lacks) ends the pass as
                    // damage, so every pass moves forward and the scan ends.
                    guard rowid >= next else {
                        outcome.errors.append("rowid \(rowid) found after \(next - 1): the table's pages are out of order")
                        return false
                    }
                    // Read by an earlier pass already.
                    if outcome.read.contains(rowid) {
                        if rowid == Int64.max || first { return true }
                        next = rowid + 1
                        continue
                    }
                    do {
                        try handle(statement, rowid)
                    } catch {
                        throw HandlerFailure(error: error)
                    }
                    outcome.read.insert(rowid)
                    if rowid == Int64.max || first { return true }
                    next = rowid + 1
                }
                return true
            } catch let failure as HandlerFailure {
                throw failure.error
            } catch {
                outcome.errors.append(message(error))
                return false
            }
        }

        var next: Int64? = Int64.min
        while let start = next {
            var after = start
            if try read(from: start, next: &after) { break }
            // The first row from `after` on cannot be read. If its rowid can, only that row is
            // lost; otherwise the page that holds it is, and reading resumes past it. (A pass
            // also stops where rowids went back: the row a fresh seek finds may then read well.)
            switch first(from: after, probe) {
            case .row(let rowid):
                var ignored: Int64 = 0
                if try !read(from: rowid, next: &ignored, only: true) { outcome.unreadable.insert(rowid) }
                next = rowid == Int64.max ? nil : rowid + 1
            case .end:
                next = nil
            case .damaged:
                outcome.damagedStretches += 1
                next = resumePoint(after: after, indexed: indexed, probe)
            }
        }

        // Rows the indexes list that the scan stepped over (a seek past the damage may land
        // beyond healthy pages): each is looked up on its own.
        for rowid in indexed where !outcome.read.contains(rowid) && !outcome.unreadable.contains(rowid) {
            var ignored: Int64 = 0
            guard case .row(rowid) = first(from: rowid, probe) else { continue }
            if try !read(from: rowid, next: &ignored, only: true) { outcome.unreadable.insert(rowid) }
        }
        return outcome
    }

    /// One pass, numbering the rows 1, 2, …, up to the first error.
    private func scanOnce(_ statement: SQLiteStatement, _ handle: (SQLiteStatement, Int64) throws -> Void) throws -> Outcome {
        var outcome = Outcome()
        defer { statement.reset() }
        var number: Int64 = 0
        do {
            while try statement.step() {
                number += 1
                do {
                    try handle(statement, number)
                } catch {
                    throw HandlerFailure(error: error)
                }
                outcome.read.insert(number)
            }
        } catch let failure as HandlerFailure {
            throw failure
        } catch {
            outcome.errors.append(message(error))
            outcome.damagedStretches += 1
        }
        return outcome
    }

    private enum Probe { case row(Int64), end, damaged }

    private func first(from rowid: Int64, _ probe: SQLiteStatement) -> Probe {
        probe.reset()
        probe.bind(rowid, at: 1)
        defer { probe.reset() }
        do {
            guard try probe.step() else { return .end }
            // A seek that lands before where it was asked to go went through a damaged page.
            let found = probe.int64(at: 0)
            return found >= rowid ? .row(found) : .damaged
        } catch {
            return .damaged
        }
    }

    /// A rowid above `start` from which a seek succeeds, given that one from `start` fails;
    /// nil when none does. The rowids the indexes list are tried first, in order: the first
    /// that can be reached is where reading resumes. Past them (or without indexes), seeks fail
    /// over one interval of rowids (those whose path leads through the damaged page), so
    /// doubling then halving finds its end in at most ~128 seeks.
    private func resumePoint(after start: Int64, indexed: [Int64], _ probe: SQLiteStatement) -> Int64? {
        var candidates = indexed[indexed.partitionPoint { $0 <= start }...].makeIterator()
        while let candidate = candidates.next() {
            switch first(from: candidate, probe) {
            case .row: return candidate
            case .end: return nil
            case .damaged: continue
            }
        }
        var failing = start
        var step: Int64 = 1
        var succeeding: Int64
        while true {
            let (sum, overflow) = start.addingReportingOverflow(step)
            // Once the step stops growing (it is as large as it gets), the last try is the end.
            let target = overflow || sum <= failing ? Int64.max : sum
            if case .damaged = first(from: target, probe) {
                if target == Int64.max { return nil }
                failing = target
                step = step > Int64.max / 2 ? Int64.max : step * 2
                continue
            }
            succeeding = target
            break
        }
        while true {
            let (gap, overflow) = succeeding.subtractingReportingOverflow(failing)
            if !overflow && gap <= 1 { return succeeding }
            let middle = (failing >> 1) + (succeeding >> 1) + (failing & succeeding & 1)
            if case .damaged = first(from: middle, probe) { failing = middle } else { succeeding = middle }
        }
    }

    /// Every rowid the table's indexes list, with the name the first index to list it gives,
    /// and whether every index was read whole and listed the same rows.
    private func indexedRows() -> (rows: [Int64: String?], complete: Bool) {
        var rows: [Int64: String?] = [:]
        var complete = !source.indexSQL.isEmpty
        var firstListing: Set<Int64>?
        for sql in source.indexSQL {
            guard let statement = try? connection.prepare(sql) else {  // the index is gone
                complete = false
                continue
            }
            var listing: Set<Int64> = []
            do {
                while try statement.step() {
                    let rowid = statement.int64(at: 0)
                    listing.insert(rowid)
                    let name = sqlite3_column_count(statement.handle) > 1 && statement.columnType(at: 1) == SQLITE_TEXT ? statement.string(at: 1) : nil
                    if case .some(.some) = rows[rowid] { continue }  // named by an earlier index
                    rows.updateValue(name, forKey: rowid)
                }
            } catch {
                complete = false  // a damaged index: what it listed before the damage still counts
            }
            if let firstListing, firstListing != listing { complete = false }
            firstListing = firstListing ?? listing
        }
        return (rows, complete)
    }

    private func message(_ error: Error) -> String {
        (error as? SQLiteError)?.message ?? "\(error)"
    }
}

private extension Array where Element == Int64 {
    /// The index of the first element (of a sorted array) for which `belongsBefore` is false.
    func partitionPoint(_ belongsBefore: (Int64) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if belongsBefore(self[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

extension SQLiteStatement {
    /// Binds column `column` of `row` (a statement of any connection, on a row) exactly as
    /// stored: same type, same bytes, invalid UTF-8 and all.
    func bind(column: Int32, of row: SQLiteStatement, at index: Int32) {
        sqlite3_bind_value(handle, index, sqlite3_column_value(row.handle, column))
    }
}
