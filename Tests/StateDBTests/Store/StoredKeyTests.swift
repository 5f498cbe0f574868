import Foundation
@testable import StateDB
import Testing

// The store's own load keeps each row's key in parts (`StoredKey`), sharing a view's identity
// text between its rows: the parts must stand for exactly the bytes of the key in the file.

struct StoredKeyTests {
    private static let keys = [
        "App/Row[id: 1]/count", "App/Row[id: 1]/title", "App/VStack/Text/x", "theme", "/x", "a//b",
        "a/", "//", "", "Ä/ü/é", "App/Row[id: 10]/count", "App/Row[id: 1]/coun",
    ]

    private static func loaded(_ keys: [String]) -> [StoredKey] {
        var texts = RepeatedTexts(sharesKeyParts: true)
        return keys.map { key in
            var key = key
            return key.withUTF8 { texts.key($0) }
        }
    }

    @Test func aKeyLoadedInPartsIsTheSameBytes() {
        for (key, stored) in zip(Self.keys, Self.loaded(Self.keys)) {
            #expect(Array(stored.text.utf8) == Array(key.utf8), "\(key)")
            #expect(stored.slotKey == SlotKey(key), "\(key)")
            #expect(stored.indexKey == SlotIndexKey(key) && stored.indexKey.hash == SlotIndexKey(key).hash, "\(key)")
        }
    }

    @Test func onlyKeysWithAnIdentityAreKeptInParts() {
        let stored = Self.loaded(["App/count", "theme", "/x", "a/"])
        #expect(stored.map(\.property) == ["count", nil, nil, ""])
        #expect(stored.map(\.head) == ["App", "theme", "/x", "a"])
    }

    @Test func theRowsOfOneViewShareItsIdentity() {
        let stored = Self.loaded(["App/Row/count", "App/Row/title", "App/Other/count"])
        #expect(stored[0].head == "App/Row" && stored[1].head == "App/Row" && stored[2].head == "App/Other")
        #expect(stored[0].property == "count" && stored[2].property == "count")
    }

    @Test func aPrefixIsMatchedAsOnTheWholeKey() {
        let stored = Self.loaded(Self.keys)
        var prefixes = Set(["App/", "App/Row[id: 1]/", "App/Row[id: 1]", "App/Row[id: 1]/c", "x", "/", "a//", "Ä/", ""])
        for key in Self.keys { for length in 0...key.utf8.count { prefixes.insert(String(decoding: key.utf8.prefix(length), as: UTF8.self)) } }
        for (key, stored) in zip(Self.keys, stored) {
            for prefix in prefixes {
                #expect(stored.hasPrefix(Array(prefix.utf8)) == key.utf8.starts(with: prefix.utf8), "\(key) / \(prefix)")
            }
        }
    }

    @Test func rowsLoadedInPartsAreFoundByTheKeysTheyWereWrittenWith() throws {
        let folder = TemporaryDirectory()
        let keys = ["Settings/theme", "Odd//double/x", "Ünïcode/Rów/value", "Deep/A/B/C/D/n"]
        do {
            let store = try StateStore(path: folder.storePath)
            for (index, key) in keys.enumerated() { try store.binding(for: key, default: 0).wrappedValue = index + 1 }
            try store.flush()
            store.close()
        }
        let store = try StateStore(path: folder.storePath)
        for (index, key) in keys.enumerated() {
            #expect(try store.binding(for: key, default: 0).wrappedValue == index + 1, "\(key)")
        }
        #expect(try store.binding(for: "Odd/double/x", default: -1).wrappedValue == -1, "another key, though it hashes apart only by its bytes")
        try store.flush()
        store.close()
        #expect(SQLiteProbe(path: folder.storePath).value("Odd//double/x") == "2")
    }
}
