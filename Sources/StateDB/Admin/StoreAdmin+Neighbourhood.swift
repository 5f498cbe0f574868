/// The keys a mistyped key is compared with: a bounded neighbourhood of it in the key index,
/// never every key, so that a typo costs about what a hit does at any store size.
extension StoreAdmin {
    /// How many keys each range scan around the typed text reads.
    static let neighbourhoodWindow = 64

    /// Keys near `typed` in key order: those right after it (which include every key it is a
    /// prefix of, the "you typed the start" case), those right before it, and those right after
    /// each identity prefix it has (`A/B/` of `A/B/prop`), where its siblings and the properties
    /// of its views are. A typo in an early segment finds only what sorts near it.
    func neighbourhood(of typed: String, _ rows: any AdminRows) throws -> [String] {
        var keys: [ByteKey: String] = [:]
        // Keys that cannot be named (not UTF-8: a hand edit, which `check` lists) are passed
        // over: a suggestion must be a key that can be typed back.
        func collect(_ found: [String]) {
            for key in found { keys[ByteKey(key)] = key }
        }
        collect(try rows.nameableKeys(from: typed, limit: Self.neighbourhoodWindow))
        collect(try rows.nameableKeys(before: typed, limit: Self.neighbourhoodWindow))
        var bytes = Array(typed.utf8)
        // Each identity prefix, longest first: `A/B/`, then `A/`.
        while let slash = bytes.dropLast().lastIndex(of: UInt8(ascii: "/")) {
            bytes.removeSubrange((slash + 1)...)
            collect(try rows.nameableKeys(from: String(decoding: bytes, as: UTF8.self), limit: Self.neighbourhoodWindow))
            bytes.removeLast()
        }
        return keys.keys.sorted().map { keys[$0]! }
    }
}
