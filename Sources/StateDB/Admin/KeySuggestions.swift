/// The keys closest to one that was not found, for "did you mean" in error messages.
@_spi(Admin) public enum KeySuggestions {
    /// Up to `limit` keys: first those the typed text is a prefix of, then those within a
    /// small edit distance (of the whole key, or of as many trailing segments as were typed).
    static func closest(to typed: String, among keys: [String], limit: Int = 3) -> [String] {
        let typedSegments = typed.split(separator: "/", omittingEmptySubsequences: false).count
        let threshold = max(2, typed.count / 3)
        var scored: [(score: Int, key: String)] = []
        for key in keys {
            if key.hasPrefix(typed) || (key.lowercased().hasPrefix(typed.lowercased()) && !typed.isEmpty) {
                scored.append((0, key))
                continue
            }
            let segments = key.split(separator: "/", omittingEmptySubsequences: false)
            let tail = segments.suffix(typedSegments).joined(separator: "/")
            let whole = editDistance(typed, key, atMost: threshold)
            let trailing = editDistance(typed, tail, atMost: threshold - 1).map { $0 + 1 }
            if let score = [whole, trailing].compactMap({ $0 }).min() { scored.append((score, key)) }
        }
        return scored.sorted { ($0.score, $0.key) < ($1.score, $1.key) }.prefix(limit).map(\.key)
    }

    /// "; closest: "a", "b"", or where to look when there is nothing close; and, for a key
    /// typed as a pattern, that keys are exact text.
    static func hint(for typed: String, among keys: [String]) -> String {
        if keys.isEmpty { return "; the store has no slots" }
        let pattern = typed.contains("*") ? "; a key is exact text (`*` included): `statedb inspect --match` lists the keys a pattern matches" : ""
        let close = closest(to: typed, among: keys)
        guard !close.isEmpty else { return pattern.isEmpty ? "; `statedb inspect` lists the keys" : pattern }
        return "; closest: " + close.map { JSONValue.quoted($0) }.joined(separator: ", ") + pattern
    }

    /// Levenshtein distance over characters, for "did you mean".
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        return distance(a, b, atMost: max(a.count, b.count)) ?? max(a.count, b.count)
    }

    /// The edit distance of `a` and `b` when it is at most `limit`, else nil. Only cells
    /// within `limit` of the diagonal are computed and a length difference above `limit`
    /// answers at once, so a name of 300,000 characters (a hostile import, a pasted
    /// argument) is measured against a short one in no time; the whole table took seconds.
    public static func editDistance(_ a: String, _ b: String, atMost limit: Int) -> Int? {
        distance(Array(a), Array(b), atMost: limit)
    }

    private static func distance(_ a: [Character], _ b: [Character], atMost limit: Int) -> Int? {
        guard abs(a.count - b.count) <= limit else { return nil }
        let limit = min(limit, max(a.count, b.count))  // no distance is larger; `limit + 1` stays in range
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        // Cells outside the band hold `limit + 1`: any path through them costs more than allowed.
        let outside = limit + 1
        var previous = (0...b.count).map { $0 <= limit ? $0 : outside }
        var current = Array(repeating: outside, count: b.count + 1)
        for i in 1...a.count {
            let low = max(1, i - limit), high = min(b.count, i + limit)
            current[0] = i <= limit ? i : outside
            if low > 1 { current[low - 1] = outside }
            var best = current[0]
            for j in low...high {
                let cell = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                current[j] = min(cell, outside)
                best = min(best, current[j])
            }
            if high < b.count { current[high + 1] = outside }
            // Every cell of the row is over the limit: no later row can come back under it.
            if best > limit { return nil }
            swap(&previous, &current)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }
}
