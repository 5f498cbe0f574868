import Foundation
@_spi(Admin) import StateDB
import Testing

/// `KeyPattern` matches keys byte for byte, as the store tells keys apart, and
/// `StoreAdmin.forEachSlot(matching:)` seeks to the pattern's literal start without losing a
/// key the pattern matches.
@Suite struct KeyPatternTests {
    @Test func wildcardsAndLiterals() {
        #expect(KeyPattern("Settings/*").matches("Settings/volume"))
        #expect(KeyPattern("*/isOn").matches(#"List/Row[id: "a"]/isOn"#))
        #expect(!KeyPattern("*/isOn").matches("List/isOnly"))
        #expect(KeyPattern(#"Row[id: "a"]/x"#).matches(#"Row[id: "a"]/x"#), "brackets are literal")
        #expect(!KeyPattern("Row?/x").matches("Rows/x"), "? is literal")
        #expect(KeyPattern("a*b*c").matches("a-b-b-c"))
        #expect(!KeyPattern("a*b*c").matches("a-c"))
        #expect(KeyPattern("*").matches("") && KeyPattern("*").matches("any/key"))
        #expect(KeyPattern("").matches("") && !KeyPattern("").matches("a"))
        #expect(KeyPattern("**").matches("x"))
        #expect(!KeyPattern("a*a").matches("a"), "the head and the tail do not share a byte")
        #expect(KeyPattern("a*a").matches("aa"))
        #expect(!KeyPattern("*b*b").matches("ab"))
        #expect(KeyPattern("*b*b").matches("abb"))
        #expect(KeyPattern("x*😀*y").matches("x-😀-y") && !KeyPattern("x*😀*y").matches("x-y"))
    }

    @Test func canonicallyEquivalentKeysAreTwoKeys() {
        let composed = "Caf\u{E9}/x", decomposed = "Cafe\u{301}/x"
        #expect(composed == decomposed, "Swift's String calls them equal; the store does not")
        #expect(KeyPattern(composed).matches(composed) && !KeyPattern(composed).matches(decomposed))
        #expect(KeyPattern("Caf\u{E9}/*").matches(composed) && !KeyPattern("Caf\u{E9}/*").matches(decomposed))
        #expect(KeyPattern("*e\u{301}/x").matches(decomposed) && !KeyPattern("*e\u{301}/x").matches(composed))
        // U+212A KELVIN SIGN is canonically equivalent to K.
        #expect(!KeyPattern("A/K*").matches("A/\u{212A}elvin"))
        #expect(KeyPattern("A/*").matches("A/\u{212A}elvin"))
    }

    @Test func aScanFromThePatternsStartFindsWhatAFullScanFinds() throws {
        let folder = TemporaryDirectory()
        let keys = [
            "App/List/Row[id: 1]/isOn", "App/List/Row[id: 1]/title", "App/List/Row[id: 10]/isOn",
            "App/List/Row[id: 2]/isOn", "App/List/Rows/isOn", "App/List/Row/isOn", "App/List/Ro/isOn",
            "App/note", "Apps/x", "Ap/x", "B/x", "Caf\u{E9}/x", "Cafe\u{301}/x", "Caf\u{E9}s/x",
            "Z\u{10FFFF}/x", "A/\u{212A}elvin", "A/Kelvin",
        ]
        let store = try StateStore(path: folder.storePath)
        for (index, key) in keys.enumerated() { _ = try store.binding(for: key, default: index) }
        try store.flush()
        store.close()

        let admin = try StoreAdmin(path: folder.storePath, access: .read)
        defer { admin.close() }
        let all = try admin.slots().map(\.key)
        // Compared as bytes: Swift's `==` on strings calls canonically equivalent keys equal.
        func bytes(_ keys: [String]) -> [[UInt8]] { keys.map { Array($0.utf8) } }
        #expect(all.count == keys.count && Set(bytes(all)) == Set(bytes(keys)))
        func scanned(_ pattern: String, under prefix: String? = nil) throws -> [String] {
            var found: [String] = []
            let count = try admin.forEachSlot(under: prefix.map(KeyPrefix.init), matching: KeyPattern(pattern)) { found.append($0.key) }
            #expect(count == found.count)
            return found
        }
        let patterns = [
            "App/List/Row[id: 1]/*", "App/List/Row[id: 1*", "App/List/Row*", "App/*", "Ap*", "A*", "*/isOn", "*",
            "App/note", "App/nothing", "Caf\u{E9}*", "Cafe\u{301}/*", "Caf*", "Z*", "Z\u{10FFFF}*", "\u{10FFFF}*",
            "A/K*", "A/\u{212A}*", "", "App/List/Row[id: 2]/isOn*",
        ]
        for pattern in patterns {
            let expected = all.filter { KeyPattern(pattern).matches($0) }
            #expect(bytes(try scanned(pattern)) == bytes(expected), "\(pattern)")
        }
        // Spelled out, so the expectations above are not only the pattern checked against itself.
        #expect(try scanned("App/List/Row[id: 1*") == ["App/List/Row[id: 10]/isOn", "App/List/Row[id: 1]/isOn", "App/List/Row[id: 1]/title"])
        #expect(bytes(try scanned("Caf\u{E9}*")) == bytes(["Caf\u{E9}/x", "Caf\u{E9}s/x"]))
        #expect(bytes(try scanned("A/K*")) == bytes(["A/Kelvin"]))
        #expect(try scanned("*/isOn").count == 6)
        // With a prefix: the keys under it that match; a prefix with nothing under it is an error
        // naming the closest keys, whatever the pattern.
        #expect(try scanned("*/isOn", under: "App/List/Ro") == ["App/List/Ro/isOn"])
        #expect(try scanned("*/title", under: "App/List") == ["App/List/Row[id: 1]/title"])
        #expect(try scanned("Nothing*", under: "App") == [])
        #expect(throws: AdminError.self) { try scanned("*", under: "App/Lost") }
    }
}
