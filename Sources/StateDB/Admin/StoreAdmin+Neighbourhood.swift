/// The keys a mistyped key is compared with: a bounded neighbourhood of it in the key index,
/// never every key, so that a typo costs about what a hit does at any store size.
extension StoreAdmin {
    /// How many keys each range scan around the typed text reads.
    static let neighbourhoodWindow = 64

    /// Keys near `typed` in key order: those right after it (which include every key it is a
    /// prefix of, the "you typed the start" case), those right before it, and those right after
    /// each identity prefix it has (`A/B/` of `A/B/prop`), where its siblings and the properties
    /// of its views are. A typo in an early segment finds only what sorts near it.
    func neighbourhood(of typed: String, _ connection: SQLiteConnection) throws -> [String] {
        var keys: [ByteKey: String] = [:]
        let after = try connection.prepare("SELECT key FROM slots WHERE key >= ?1 ORDER BY key LIMIT ?2")
        let before = try connection.prepare("SELECT key FROM slots WHERE key < ?1 ORDER BY key DESC LIMIT ?2")
        func collect(_ statement: SQLiteStatement, from start: String) throws {
            statement.reset()
            statement.bind(start, at: 1)
            statement.bind(Int64(Self.neighbourhoodWindow), at: 2)
            while try statement.step() {
                let key = statement.string(at: 0)
                keys[ByteKey(key)] = key
            }
        }
        try collect(after, from: typed)
        try collect(before, from: typed)
        var bytes = Array(typed.utf8)
        // Each identity prefix, longest first: `A/B/`, then `A/`.
        while let slash = bytes.dropLast().lastIndex(of: UInt8(ascii: "/")) {
            bytes.removeSubrange((slash + 1)...)
            try collect(after, from: String(decoding: bytes, as: UTF8.self))
            bytes.removeLast()
        }
        return keys.keys.sorted().map { keys[$0]! }
    }
}
