@testable import StateDB
import Testing

// A child's segment is compared and hashed as the parts it is spelled from (the position's
// name and qualifiers, the block's prefix) rather than as a built string: the parts must
// behave exactly as the text they spell (`LifetimeTests` checks duplicates through a host).

@Suite struct SegmentPartsTests {
    private func position(_ name: String, qualifiers: [String] = []) -> BlockShape.Position {
        BlockShape.Position(name: name, qualifiers: qualifiers, legacyQualifiers: "", type: Text.self, kind: .view)
    }

    @Test func partsSpellingTheSameTextAreEqualAndHashAlike() {
        // `Row` + `[id: 1]` + `[then]` and `Row` + `[id: 1][then]` + nothing: two splits of one text.
        let split = SegmentParts(position: position("Row", qualifiers: ["then"]), prefix: "[id: 1]")
        let joined = SegmentParts(position: position("Row"), prefix: "[id: 1][then]")
        #expect(split.text == "Row[id: 1][then]")
        #expect(split == joined)
        #expect(split.hashValue == joined.hashValue)
        #expect(Set([split, joined]).count == 1)
    }

    @Test func partsSpellingDifferentTextsDiffer() {
        let row = position("Row")
        let one = SegmentParts(position: row, prefix: "[id: 1]")
        #expect(one != SegmentParts(position: row, prefix: "[id: 2]"))
        #expect(one != SegmentParts(position: position("Row", qualifiers: ["then"]), prefix: "[id: 1]"))
        #expect(one != SegmentParts(position: position("Rows"), prefix: "[id: 1]"), "same length, one byte apart")
        let resplit = SegmentParts(position: position("Ro"), prefix: "w[id: 1]")
        #expect(resplit == one)
        #expect(resplit.hashValue == one.hashValue)
    }

    @Test func partsSpellTheirTextAndNothingElse() {
        let parts = SegmentParts(position: position("Row", qualifiers: ["#2"]), prefix: "[id: \"é\"]")
        #expect(parts.text == "Row[id: \"é\"][#2]")
        #expect(parts.spells("Row[id: \"é\"][#2]"))
        #expect(!parts.spells("Row[id: \"é\"]"))
        #expect(!parts.spells("Row[id: \"e\"][#2]"))
        #expect(!parts.spells("Row[id: \"é\"][#3]"), "same length, the last byte apart")
        #expect(SegmentParts(position: position("Text", qualifiers: ["then"]), prefix: "").text == "Text[then]")
    }

    @Test func partsCompareAsStringsDoCanonicallyEquivalentTextsAlike() {
        // A `ForEach`'s ids are `String`s compared by canonical equivalence: `é` written as one
        // scalar or as `e` and an accent is one id, and so one segment (a duplicate).
        let row = position("Row")
        let composed = SegmentParts(position: row, prefix: "[id: \"\u{E9}\"]")
        let decomposed = SegmentParts(position: row, prefix: "[id: \"e\u{301}\"]")
        #expect(composed == decomposed)
        #expect(composed.hashValue == decomposed.hashValue)
        // Split differently too, and an ASCII text against its non-ASCII equivalent (the
        // Kelvin sign is `K`).
        let resplit = SegmentParts(position: position("Row[id: \"e"), prefix: "\u{301}\"]")
        #expect(resplit == composed)
        #expect(resplit.hashValue == composed.hashValue)
        let ascii = SegmentParts(position: row, prefix: "[id: K]")
        let kelvin = SegmentParts(position: row, prefix: "[id: \u{212A}]")
        #expect(ascii == kelvin)
        #expect(ascii.hashValue == kelvin.hashValue)
        #expect(Set([composed, decomposed, resplit, ascii, kelvin]).count == 2)
        #expect(composed != SegmentParts(position: row, prefix: "[id: \"e\"]"))
    }
}
