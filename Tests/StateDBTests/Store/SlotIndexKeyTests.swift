@testable import StateDB
import Testing

// The store finds a mounting view's slot by its identity and property without joining them:
// both spellings of a key must meet in the index, and different keys must not.

struct SlotIndexKeyTests {
    static let keys = ["", "x", "/x", "a/", "a/b", "a/b/c", "ContentView/VStack/Row[id: 42]/isOn",
                       "Root/ForEach/Row[id: \"a\\u002Fb\"]/title", "Ü/ß", "a//b", "abcdefgh/ijklmnop",
                       // A `/` that Unicode joins with its neighbour into one character: the
                       // split is still at the `/` byte.
                       "Settings/\u{301}x", "A\u{600}/x", "a/b/\u{200D}c", "caf\u{E9}/x", "cafe\u{301}/x"]

    @Test func aKeyInTwoPartsEqualsTheWholeKeyAndHashesAlike() {
        for text in Self.keys {
            let parts = SlotKey(text)
            let joined = SlotKey(identity: parts.identity, property: parts.property).key
            let whole = SlotIndexKey(joined)
            let split = SlotIndexKey(identity: parts.identity, property: parts.property)
            #expect(split == whole, "\(text)")
            #expect(whole == split, "\(text)")
            #expect(split.hashValue == whole.hashValue, "\(text)")
            #expect(split.text == joined)
        }
    }

    @Test func differentKeysAreDifferent() {
        let whole = Self.keys.map(SlotIndexKey.init)
        let split = Self.keys.map { SlotIndexKey(identity: SlotKey($0).identity, property: SlotKey($0).property) }
        for (i, a) in Self.keys.enumerated() {
            for (j, b) in Self.keys.enumerated() where SlotKey(a).key != SlotKey(b).key {
                #expect(whole[i] != whole[j], "\(a) vs \(b)")
                #expect(split[i] != whole[j], "\(a) vs \(b)")
                #expect(split[i] != split[j], "\(a) vs \(b)")
            }
        }
    }

    @Test func everyByteOfAKeyCountsInItsHash() {
        // The hash reads a text's last bytes in overlapping loads: a byte that no load covered
        // would make keys that differ only there collide, every time, in every process.
        for length in 1...40 {
            let base = String(repeating: "a", count: length)
            let baseHash = SlotIndexKey(identity: "Root", property: base).hash
            for position in 0..<length {
                var bytes = Array(base.utf8)
                bytes[position] = UInt8(ascii: "b")
                let changed = String(decoding: bytes, as: UTF8.self)
                #expect(SlotIndexKey(identity: "Root", property: changed).hash != baseHash, "length \(length), byte \(position)")
                #expect(SlotIndexKey(identity: changed, property: "x").hash != SlotIndexKey(identity: base, property: "x").hash,
                        "identity of length \(length), byte \(position)")
            }
        }
    }

    @Test func keysAreTheirBytes() {
        // Canonically equivalent, different bytes: two slots, as in SQLite's UNIQUE index.
        #expect(SlotIndexKey("caf\u{E9}/x") != SlotIndexKey("cafe\u{301}/x"))
        #expect(SlotKey("a/b/\u{200D}c").identity == "a/b" && SlotKey("a/b/\u{200D}c").property == "\u{200D}c")
    }

    @Test func aDictionaryFindsWholeKeysByTheirParts() {
        var index: [SlotIndexKey: Int] = [:]
        for i in 0..<2_000 { index[SlotIndexKey("Root/ForEach/Row[id: \(i)]/count")] = i }
        for i in 0..<2_000 {
            #expect(index[SlotIndexKey(identity: "Root/ForEach/Row[id: \(i)]", property: "count")] == i)
        }
        #expect(index[SlotIndexKey(identity: "Root/ForEach/Row[id: 2000]", property: "count")] == nil)
        #expect(index[SlotIndexKey(identity: "Root/ForEach/Row[id: 1]", property: "coun")] == nil)
    }
}
