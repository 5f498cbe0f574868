/// The store-wide commit counter, `statedb_clock.tick`. Every committing writer — the app,
/// a migration, the CLI — advances it once per transaction and stamps the rows it writes
/// with the new tick, so another process can ask for "rows changed since tick N".
enum StoreClock {
    /// The current tick.
    static func current(on connection: SQLiteConnection) throws -> Int64 {
        let statement = try connection.cached("SELECT tick FROM statedb_clock WHERE id = 1")
        defer { statement.reset() }
        return try statement.step() ? statement.int64(at: 0) : 0
    }

    /// Advances the clock inside a write transaction and returns the new tick.
    ///
    /// An UPDATE then a SELECT, rather than `UPDATE … RETURNING`: SQLite 3.40 builds a
    /// temporary table for RETURNING, which cost ~9 µs per commit. The transaction holds the
    /// write lock, so the SELECT reads our own tick.
    ///
    /// A tick at its largest value is not advanced: SQLite would make `tick + 1` a REAL, which
    /// no reader accepts, and the store would be refused from then on. Only a hand edit (or a
    /// hostile file) puts it there; the commit fails instead, saying what to do.
    static func advance(on connection: SQLiteConnection) throws -> Int64 {
        let advance = try connection.cached("UPDATE statedb_clock SET tick = tick + 1 WHERE id = 1 AND tick < 9223372036854775807")
        try advance.run()
        guard connection.changes == 1 else {
            if try current(on: connection) == Int64.max { throw SQLiteError(code: 1, message: exhausted, sql: nil) }
            throw SQLiteError(code: 1, message: "statedb_clock has no row", sql: advance.sql)
        }
        return try current(on: connection)
    }

    /// Why a store whose tick is at its largest value takes no more commits, and what to do.
    static let exhausted = "the store's clock (statedb_clock.tick) is at its largest value, 9223372036854775807, so no commit can be numbered; `statedb recover` copies every row into a new store with a fresh clock"
}
