import CSQLite

/// A commit's values written several rows to a statement.
///
/// SQLite's cost of a one-row write is mostly the statement's, not the row's: the cursors it
/// opens, the registers it allocates and frees (Debian's build has no lookaside allocator, so
/// each is a `malloc`), its program's setup. One multi-row UPSERT for ten rows costs 6–10% fewer
/// instructions than ten one-row `UPDATE`s, and 12–17% for 3, 5 or 32 rows (measured in C
/// against Debian's libsqlite3 on the store's schema; BENCHMARKS.md, *Sixteenth pass*).
extension SlotRows {
    /// The most rows one statement writes. Each row takes six parameters; a statement of this
    /// many is prepared once per connection, as is one for each smaller count met.
    static let batchLimit = 32

    /// From how many rows a commit's values are written with `upsertValues`: a single row
    /// known to exist costs less as an `UPDATE` (an UPSERT first tries the insert).
    static let batchThreshold = 3

    /// Writes `writes` (none of them `insertsOnly`), `batchLimit` rows to a statement: inserted
    /// with `created_at`, `updated_at` and `seen_at` all `now`, or, where the key has a row,
    /// updated as `updateValue` does (value, type, encoding, `updated_at`, `seen_at`, the tick).
    ///
    /// Every row's texts are copied into `texts` (kept by the caller between commits, so it
    /// grows once) and lent to SQLite from there for the statement's run, which resets and
    /// unbinds it before the bytes can go away.
    static func upsertValues(_ writes: ArraySlice<StoreCommit.Write>, now: Int64, tick: Int64, texts: inout [UInt8],
                             on connection: SQLiteConnection) throws {
        var start = writes.startIndex
        while start < writes.endIndex {
            let end = min(start + batchLimit, writes.endIndex)
            try upsert(writes[start..<end], now: now, tick: tick, texts: &texts, on: connection)
            start = end
        }
    }

    private static func upsert(_ rows: ArraySlice<StoreCommit.Write>, now: Int64, tick: Int64, texts: inout [UInt8],
                               on connection: SQLiteConnection) throws {
        let statement = try connection.cached(upsertSQL(rows: rows.count))
        // Each row's texts, as places in `texts`: key, identity, property, type, then the
        // value's bytes (a text, JSON or blob; empty for the others).
        texts.removeAll(keepingCapacity: true)
        var places: [Range<Int>] = []
        places.reserveCapacity(rows.count * 5)
        func appendBytes(of string: String) {
            var string = string
            string.withUTF8 { texts.append(contentsOf: $0) }
        }
        func appendText(_ string: String) {
            let start = texts.count
            appendBytes(of: string)
            places.append(start..<texts.count)
        }
        for row in rows {
            let keyStart = texts.count
            if !row.slotKey.identity.isEmpty {  // the key, joined as `SlotKey.key` joins it
                appendBytes(of: row.slotKey.identity)
                texts.append(UInt8(ascii: "/"))
            }
            appendBytes(of: row.slotKey.property)
            places.append(keyStart..<texts.count)
            appendText(row.slotKey.identity)
            appendText(row.slotKey.property)
            appendText(row.type)
            let valueStart = texts.count
            switch row.value {
            case .text(let text), .json(let text): appendBytes(of: text)
            case .blob(let bytes): texts.append(contentsOf: bytes)
            default: break
            }
            places.append(valueStart..<texts.count)
        }
        let shared = Int32(rows.count * 6)
        statement.bind(now, at: shared + 1)
        statement.bind(tick, at: shared + 2)
        try texts.withUnsafeBytes { lent in
            for (offset, row) in zip(0..., rows) {
                let first = Int32(offset * 6)
                let place = offset * 5
                statement.bindStatic(text: lent, places[place], at: first + 1)
                statement.bindStatic(text: lent, places[place + 1], at: first + 2)
                statement.bindStatic(text: lent, places[place + 2], at: first + 3)
                statement.bindStatic(text: lent, places[place + 3], at: first + 4)
                statement.bindStatic(row.value.staticEncoding, at: first + 5)
                switch row.value {
                case .text, .json: statement.bindStatic(text: lent, places[place + 4], at: first + 6)
                case .blob: statement.bindStatic(blob: lent, places[place + 4], at: first + 6)
                default: row.value.bind(to: statement, at: first + 6)
                }
            }
            try statement.run()  // resets and unbinds every parameter, however it ends
        }
    }

    /// The UPSERT of `count` rows: parameters `6i + 1 … 6i + 6` are row `i`'s key, identity,
    /// property, type, encoding and value; the last two, `now` and the tick. Made once per
    /// process for each count met (the statement cache finds a statement by its text).
    private static func upsertSQL(rows count: Int) -> SQL {
        if let made = upsertSQLs.withLock({ $0[count] }) { return made }
        let now = count * 6 + 1, tick = count * 6 + 2
        let rows: [SQL] = (0..<count).map { row in
            let first = row * 6
            return "(?\(first + 1), ?\(first + 2), ?\(first + 3), ?\(first + 4), ?\(first + 5), ?\(first + 6), ?\(now), ?\(now), ?\(now), ?\(tick))"
        }
        let sql: SQL = "INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at, version) VALUES "
            + .joined(rows, separator: ", ") + """
             ON CONFLICT (key) DO UPDATE SET type = excluded.type, encoding = excluded.encoding,
                value = excluded.value, updated_at = excluded.updated_at,
                seen_at = excluded.seen_at, version = excluded.version
            """
        upsertSQLs.withLock { $0[count] = sql }
        return sql
    }

    private static let upsertSQLs = Locked<[Int: SQL]>([:])
}
