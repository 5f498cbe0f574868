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
            let score = min(KeySuggestions.editDistance(typed, key), KeySuggestions.editDistance(typed, tail) + 1)
            if score <= threshold { scored.append((score, key)) }
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
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
