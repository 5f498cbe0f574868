@_spi(Admin) import StateDB
import Testing

/// "Did you mean" measures typed text against known names. The distance is bounded: only a
/// few edits make a suggestion, so a long name is never measured whole against a short one.
@Suite struct EditDistanceTests {
    /// The full Levenshtein table, the definition the bounded distance must agree with.
    static func referenceDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
        }
        return table[a.count][b.count]
    }

    @Test func theBoundedDistanceAgreesWithTheFullTable() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcé/")
        func word() -> String {
            String((0..<Int.random(in: 0...9, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
        }
        for _ in 0..<3_000 {
            let a = word(), b = word()
            let exact = Self.referenceDistance(a, b)
            #expect(KeySuggestions.editDistance(a, b) == exact, "\(a) \(b)")
            for limit in 0...5 {
                #expect(KeySuggestions.editDistance(a, b, atMost: limit) == (exact <= limit ? exact : nil), "\(a) \(b) \(limit)")
            }
        }
    }

    @Test func knownDistances() {
        #expect(KeySuggestions.editDistance("kitten", "sitting") == 3)
        #expect(KeySuggestions.editDistance("kitten", "sitting", atMost: 2) == nil)
        #expect(KeySuggestions.editDistance("kitten", "sitting", atMost: 3) == 3)
        #expect(KeySuggestions.editDistance("", "abc") == 3)
        #expect(KeySuggestions.editDistance("", "", atMost: 0) == 0)
        #expect(KeySuggestions.editDistance("Settings/volume", "Settings/volumes", atMost: 1) == 1)
    }

    /// A name of 300,000 characters against the standard type names: the length difference
    /// answers at once (the full table took seconds, per name).
    @Test func aLongNameIsFarFromAShortOne() {
        let long = String(repeating: "Swift.Optional<", count: 20_000)
        #expect(KeySuggestions.editDistance("Swift.Int", long, atMost: 1) == nil)
        #expect(KeySuggestions.editDistance(long, long + "x", atMost: 1) == 1)
    }
}
