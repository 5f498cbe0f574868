@testable import StateDB
import Foundation
import Testing

// The store's own hash table (`SlotIndex`): checked against a `Dictionary` through long runs of
// insertions, replacements and removals, at loads where probe runs overlap and removals must
// move entries back.

struct SlotIndexTests {
    private static func cell(_ key: String) -> SlotCell {
        EquatableSlotCell<Int>(key: SlotKey(key), value: 0, initialValue: 0, types: SlotTypes<Int>(), storeLock: NSLock())
    }

    private static func key(_ n: Int) -> String { "Root/ForEach/Row[id: \(n)]/count" }

    @Test func aCellIsFoundByItsWholeKeyAndByItsParts() {
        // A cell keeps its key as the identity and property it was asked for; a lookup may
        // spell the key whole (a row's text, a deletion) or in parts (a view mounting).
        var index = SlotIndex()
        let nested = Self.cell("Root/Row[id: 1]/count")
        let topLevel = Self.cell("theme")
        index[SlotIndexKey(identity: "Root/Row[id: 1]", property: "count")] = .live(nested)
        index[SlotIndexKey("theme")] = .live(topLevel)
        #expect(index[SlotIndexKey("Root/Row[id: 1]/count")]?.liveCell === nested)
        #expect(index[SlotIndexKey(identity: "Root/Row[id: 1]", property: "count")]?.liveCell === nested)
        #expect(index[SlotIndexKey(identity: "", property: "theme")]?.liveCell === topLevel)
        #expect(index[SlotIndexKey("theme")]?.liveCell === topLevel)
        // Same hash (split at the last `/`), other bytes: other slots.
        #expect(index[SlotIndexKey("/theme")] == nil)
        #expect(index[SlotIndexKey("Root/Row[id: 1]/coun")] == nil)
        #expect(index[SlotIndexKey(identity: "Root/Row[id: 1]/count", property: "")] == nil)
        #expect(nested.key == "Root/Row[id: 1]/count" && topLevel.key == "theme")
    }

    @Test func aBucketIsSixteenBytes() {
        // The hash and one word for the entry: an empty bucket is the entry's spare bits, not
        // a tag, and a loaded row is its number.
        #expect(SlotIndex.bucketStride == 16)
    }

    @Test func itAgreesWithADictionaryThroughInsertionsAndRemovals() {
        var index = SlotIndex()
        var model: [String: SlotCell] = [:]
        var generator = SeededGenerator(state: 17)
        for step in 0..<40_000 {
            let key = Self.key(Int(generator.next() % 3_000))
            switch generator.next() % 4 {
            case 0, 1:
                // Insert, or replace the entry of a key already there.
                let cell = Self.cell(key)
                index[SlotIndexKey(key)] = .live(cell)
                model[key] = cell
            case 2:
                index[SlotIndexKey(key)] = nil
                model[key] = nil
            default:
                // Replace in place through a position, as a dormant row turning live does.
                if let position = index.position(of: SlotIndexKey(key)) {
                    let cell = Self.cell(key)
                    index[position] = .live(cell)
                    model[key] = cell
                } else {
                    #expect(model[key] == nil, "step \(step): \(key) is in the model but not found")
                }
            }
            #expect(index.count == model.count)
        }
        for n in 0..<3_000 {
            let key = Self.key(n)
            let parts = SlotKey(key)
            let byWhole = index[SlotIndexKey(key)]?.liveCell
            let byParts = index[SlotIndexKey(identity: parts.identity, property: parts.property)]?.liveCell
            #expect(byWhole === model[key], "\(key)")
            #expect(byParts === model[key], "\(key)")
        }
        let keys = index.allEntries.map(\.key).sorted()
        #expect(keys == model.keys.sorted())
    }

    @Test func aTinyTableAgreesWithADictionaryWhereProbeRunsWrapAround() {
        // At most six keys, so the table stays at eight buckets, three quarters full: probe
        // runs often cross its end, and removals must move entries back across it.
        var generator = SeededGenerator(state: 99)
        for round in 0..<500 {
            var index = SlotIndex()
            var model: [String: SlotCell] = [:]
            for _ in 0..<40 {
                let key = Self.key(Int(generator.next() % 6) + round * 10)
                if generator.next() % 3 == 0 {
                    index[SlotIndexKey(key)] = nil
                    model[key] = nil
                } else {
                    let cell = Self.cell(key)
                    index[SlotIndexKey(key)] = .live(cell)
                    model[key] = cell
                }
                for n in 0..<6 {
                    let probe = Self.key(n + round * 10)
                    #expect(index[SlotIndexKey(probe)]?.liveCell === model[probe], "round \(round): \(probe)")
                }
            }
            #expect(index.count == model.count)
        }
    }

    @Test func removingEveryEntryInAnyOrderLeavesNothingBehind() {
        var index = SlotIndex()
        index.reserveCapacity(1_000)
        for n in 0..<1_000 { index[SlotIndexKey(Self.key(n))] = .live(Self.cell(Self.key(n))) }
        var order = Array(0..<1_000)
        var generator = SeededGenerator(state: 5)
        order.shuffle(using: &generator)
        for (removed, n) in order.enumerated() {
            index[SlotIndexKey(Self.key(n))] = nil
            // Every key not yet removed is still found (a removal moved its followers back).
            if removed % 97 == 0 {
                for later in order[(removed + 1)...] {
                    #expect(index[SlotIndexKey(Self.key(later))] != nil, "\(later) lost after removing \(n)")
                }
            }
        }
        #expect(index.isEmpty)
        #expect(index.allEntries.map(\.key).isEmpty)
    }

    @Test func keysAreTheirBytesInTheIndexToo() {
        var index = SlotIndex()
        index[SlotIndexKey("caf\u{E9}/x")] = .live(Self.cell("caf\u{E9}/x"))
        #expect(index[SlotIndexKey("cafe\u{301}/x")] == nil)
        #expect(index[SlotIndexKey(identity: "caf\u{E9}", property: "x")] != nil)
        #expect(index[SlotIndexKey(identity: "caf\u{E9}", property: "xx")] == nil)
    }
}
