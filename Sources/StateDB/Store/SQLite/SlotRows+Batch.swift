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

    /// Whether `write` goes into a batch: not a value of more than 16 KB, whose bytes a batch
    /// would copy (a statement's cost is small beside such a row's, and 32 copies of large
    /// values would double a commit's memory for its run).
    static func isBatched(_ write: StoreCommit.Write) -> Bool {
        switch write.value {
        case .text(let text), .json(let text): text.utf8.count <= 16_384
        case .blob(let bytes): bytes.count <= 16_384
        default: true
        }
    }

    /// Writes `writes` (none of them `insertsOnly`, all `isBatched`), `batchLimit` rows to a statement: inserted
    /// with `created_at`, `updated_at` and `seen_at` all `now`, or, where the key has a row,
    /// updated as `updateValue` does (value, type, encoding, `updated_at`, `seen_at`, the tick).
    static func upsertValues(_ writes: ArraySlice<StoreCommit.Write>, now: Int64, tick: Int64, on connection: SQLiteConnection) throws {
        for rows in batches(of: writes.count) {
            try upsert(writes[(writes.startIndex + rows.lowerBound)..<(writes.startIndex + rows.upperBound)], now: now, tick: tick, on: connection)
        }
    }

    /// `count` rows split into as few statements as `batchLimit` allows, of nearly equal
    /// sizes: 33 rows go as 17 and 16, not as 32 and a single row, which costs more as an
    /// UPSERT of its own than in a batch.
    static func batches(of count: Int) -> some Sequence<Range<Int>> {
        let statements = (count + batchLimit - 1) / batchLimit
        return (0..<statements).lazy.map { index in
            (count * index / statements)..<(count * (index + 1) / statements)
        }
    }

    /// One statement's rows. Their texts (key, identity, property, type, a text or blob value)
    /// are copied into one temporary buffer, on the stack for a usual batch, and lent to SQLite
    /// from there for the statement's run, which resets and unbinds it before the buffer goes.
    /// Unsafe pointers, for a measured gain: with each text bound as a copy SQLite makes (and
    /// each key joined in a new string), sixty ten-row flushes took 12.67 M instructions instead
    /// of 11.24 M (+13%). Every copy is bounds-checked against the size counted beforehand.
    private static func upsert(_ rows: ArraySlice<StoreCommit.Write>, now: Int64, tick: Int64, on connection: SQLiteConnection) throws {
        let statement = try connection.cached(upsertSQL(rows: rows.count))
        let shared = Int32(rows.count * 6)
        statement.bind(now, at: shared + 1)
        statement.bind(tick, at: shared + 2)
        let byteCount = rows.reduce(0) { $0 + textByteCount(of: $1) }
        try withUnsafeTemporaryAllocation(byteCount: max(byteCount, 1), alignment: 1) { buffer in
            let lent = UnsafeRawBufferPointer(buffer)
            var texts = TextCopies(buffer: buffer)
            for (offset, row) in zip(0..., rows) {
                let first = Int32(offset * 6)
                let key = row.slotKey
                // The key, joined as `SlotKey.key` joins it.
                let keyStart = texts.end
                if !key.identity.isEmpty {
                    _ = texts.copy(key.identity)
                    texts.append(UInt8(ascii: "/"))
                }
                _ = texts.copy(key.property)
                statement.bindStatic(text: lent, keyStart..<texts.end, at: first + 1)
                statement.bindStatic(text: lent, texts.copy(key.identity), at: first + 2)
                statement.bindStatic(text: lent, texts.copy(key.property), at: first + 3)
                statement.bindStatic(text: lent, texts.copy(row.type), at: first + 4)
                statement.bindStatic(row.value.staticEncoding, at: first + 5)
                switch row.value {
                case .text(let text), .json(let text):
                    statement.bindStatic(text: lent, texts.copy(text), at: first + 6)
                case .blob(let bytes):
                    statement.bindStatic(blob: lent, bytes.withUnsafeBytes { texts.copy($0) }, at: first + 6)
                default:
                    row.value.bind(to: statement, at: first + 6)
                }
            }
            try statement.run()  // resets and unbinds every parameter, however it ends
        }
    }

    /// Bytes copied one after the other into a buffer made for exactly them (a struct, not
    /// closures over a captured offset: those took a runtime exclusivity check per copy, 3% of a
    /// ten-row commit).
    private struct TextCopies {
        let buffer: UnsafeMutableRawBufferPointer
        /// How many bytes are copied so far.
        private(set) var end = 0

        init(buffer: UnsafeMutableRawBufferPointer) { self.buffer = buffer }

        /// Copies `string`'s UTF-8 bytes after the ones so far; returns where they are.
        mutating func copy(_ string: String) -> Range<Int> {
            var string = string
            return string.withUTF8 { copy(UnsafeRawBufferPointer($0)) }
        }

        mutating func copy(_ bytes: UnsafeRawBufferPointer) -> Range<Int> {
            precondition(end + bytes.count <= buffer.count, "a batch's texts outgrew the count made of them")
            let start = end
            UnsafeMutableRawBufferPointer(rebasing: buffer[start..<(start + bytes.count)]).copyMemory(from: bytes)
            end += bytes.count
            return start..<end
        }

        mutating func append(_ byte: UInt8) {
            precondition(end < buffer.count, "a batch's texts outgrew the count made of them")
            buffer[end] = byte
            end += 1
        }
    }

    /// How many bytes `upsert` copies for `row`'s texts.
    private static func textByteCount(of row: StoreCommit.Write) -> Int {
        let identity = row.slotKey.identity.utf8.count, property = row.slotKey.property.utf8.count
        let key = identity == 0 ? property : identity + 1 + property
        let value: Int
        switch row.value {
        case .text(let text), .json(let text): value = text.utf8.count
        case .blob(let bytes): value = bytes.count
        default: value = 0
        }
        return key + identity + property + row.type.utf8.count + value
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

    /// By row count. An array, not a dictionary by count: the first use of `Int`'s `Hashable`
    /// in a process made the runtime scan every conformance record (~0.2 M instructions).
    private static let upsertSQLs = Locked<[SQL?]>(Array(repeating: nil, count: batchLimit + 1))
}
