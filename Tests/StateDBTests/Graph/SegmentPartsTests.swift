@testable import StateDB
import Testing

// A child's segment is compared and hashed as the parts it is spelled from (the position's
// name and qualifiers, the block's prefix) rather than as a built string: the parts must
// behave exactly as the text they spell, and duplicates must keep their own slots when their
// parent is evaluated again.

private struct CountingRow: View {
    let label: String
    @State var count = 0
    var body: some View {
        Button("\(label): \(count)") { count += 1 }
    }
}

private struct RepeatedIDs: View {
    @State var round = 0
    @State var order = [1, 2, 1]
    var body: some View {
        VStack {
            Text("round \(round)")
            ForEach(order, id: \.self) { number in
                CountingRow(label: "n\(number)")
            }
        }
    }
}

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
        #expect(SegmentParts(position: position("Text"), prefix: "").text == "Text")
    }

    @MainActor @Test func duplicatesKeepTheirOwnSlotsWhenTheParentRunsAgain() throws {
        let store = StateStore.inMemory()
        let host = ViewHost(root: RepeatedIDs(), store: store)
        try host.buttons("n1: 0")[1].tap()  // the duplicate, `[duplicate 2]`
        try host.buttons("n1: 1")[0].tap()
        #expect(host.controls.map(\.title) == ["n1: 0", "n2: 0", "n1: 2"])
        // The same children in the same places: matched by position, duplicate included.
        try store.binding(for: "RepeatedIDs/round", default: 0).wrappedValue = 1
        host.update()
        #expect(host.render().contains("round 1"))
        #expect(host.controls.map(\.title) == ["n1: 0", "n2: 0", "n1: 2"])
        // Moved: matched by segment, the duplicate still the second `1`.
        try store.binding(for: "RepeatedIDs/order", default: [Int]()).wrappedValue = [1, 1, 2]
        host.update()
        #expect(host.controls.map(\.title) == ["n1: 0", "n1: 2", "n2: 0"])
        #expect(host.identities.contains("RepeatedIDs/VStack/ForEach/CountingRow[id: 1][duplicate 2]"))
    }
}
