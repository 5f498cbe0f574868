import Foundation
@_spi(Admin) import StateDB
@testable import StateDBCommandLine
import Testing

/// The `inspect` tree, packed as rows arrive, draws exactly what the whole tree of nodes drew
/// (`ReferenceIdentityTree`), in the shapes where the two could part: slots after child views
/// in key order, root slots after root views, chains of single views, numeric ids, names to
/// escape, unreadable values, colour on and off, values cut or whole.
@Suite struct InspectTreeTests {
    let folder = TemporaryDirectory()
    var path: String { folder.storePath }

    /// Writes `keys` (an Int each) through the library, then sets every update time to one
    /// fixed day, so both renderings show the same age.
    private func makeStore(_ keys: [String]) throws {
        let store = try StateStore(path: path)
        for (index, key) in keys.enumerated() {
            _ = try store.binding(for: key, default: index)
        }
        _ = try store.binding(for: "Long/text", default: String(repeating: "abcdefghij", count: 9))
        try store.flush()
        store.close()
        try sqlite(path, "UPDATE slots SET updated_at = 1577836800000")
    }

    /// The packed tree's bytes, written through an `OutputBuffer` to a file.
    private func packed(_ slots: [AdminSlot], console: Console, valueLimit: Int?) throws -> String {
        let tree = IdentityTree(console: console, valueLimit: valueLimit)
        for slot in slots { tree.add(slot) }
        let file = folder.path("tree-\(UUID().uuidString).txt")
        let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        #expect(descriptor >= 0)
        let output = OutputBuffer(descriptor: descriptor)
        try tree.render(to: output)
        try output.flush()
        close(descriptor)
        return try String(contentsOfFile: file, encoding: .utf8)
    }

    private func reference(_ slots: [AdminSlot], console: Console, valueLimit: Int?) -> String {
        let tree = ReferenceIdentityTree(console: console, valueLimit: valueLimit)
        for slot in slots { tree.add(slot) }
        return tree.render()
    }

    private func slots() throws -> [AdminSlot] {
        let admin = try StoreAdmin(path: path, access: .read)
        defer { admin.close() }
        return try admin.slots()
    }

    private func expectSameDrawing() throws {
        let slots = try slots()
        for colour in [false, true] {
            for limit in [60, nil] as [Int?] {
                let console = Console(colour: colour)
                let drawn = try packed(slots, console: console, valueLimit: limit)
                #expect(drawn == reference(slots, console: console, valueLimit: limit), "colour \(colour), limit \(String(describing: limit))")
            }
        }
    }

    @Test func shapesWhereKeyOrderIsNotDrawingOrder() throws {
        try makeStore([
            "zoom", "appVersion",                     // root slots, one after every root view
            "A/B/C/x", "A/B/y", "A/B/C/D/z",          // a view's slot after its child view
            "V/H/Row[id: 1]/p", "V/H/Row[id: 1]/q",    // a chain of views without slots
            "L/Row[id: 10]/on", "L/Row[id: 2]/on", "L/Row[id: -3]/on", "L/Row[id: 02]/on", "L/Row[id: 100]/on",
            "L/Row[id: 2]/Cell[id: 11]/x", "L/Row[id: 2]/Cell[id: 9]/x",
            "Only/One/Two/Three/leaf",                  // one chain all the way down
            "Tricky/\u{202E}name\u{1B}/x", "Tricky/café/x", "Tricky/cafe\u{301}/x", "Tricky/B-x/y", "Tricky/B/z",
        ])
        // One value that cannot be read.
        try sqlite(path, "UPDATE slots SET value = 'not a number' WHERE key = 'A/B/y'")
        try expectSameDrawing()
        // And the command prints that drawing with its count.
        let run = try CLI.run("inspect", path)
        #expect(run.status == 0, "\(run)")
        let expected = reference(try slots(), console: Console(colour: false), valueLimit: 60) + "\(try slots().count) slot(s)\n"
        #expect(run.stdout == expected, "\(run)")
    }

    /// Ids compare as numbers, fractions and signs included (a `Double` id); equal numbers
    /// spelled differently keep a total order.
    @Test func siblingsAreInNumericOrder() {
        let ordered = ["Row[id: -2.5]", "Row[id: -2]", "Row[id: -0.5]", "Row[id: 0]", "Row[id: 0.25]", "Row[id: 0.5]",
                       "Row[id: 2]", "Row[id: 02]", "Row[id: 2.5]", "Row[id: 2.50]", "Row[id: 10]", "Row[id: 10.05]", "Row[id: 11]"]
        for _ in 0..<20 {
            #expect(ordered.shuffled().sorted(by: SegmentOrder.precedes) == ordered)
        }
        #expect(SegmentOrder.precedes("Row[id: 1.10]", "Row[id: 1.2]"), "a fraction is a decimal's: 1.10 is less than 1.2")
        #expect(SegmentOrder.precedes("Row[id: \"1.9\"]", "Row[id: \"1.10\"]"), "a string id's parts compare one by one")
        #expect(SegmentOrder.precedes("Host[id: 10.0.0.9]", "Host[id: 10.0.0.10]"), "so do a dotted run's")
        #expect(SegmentOrder.precedes("v1.2.3", "v1.10.0"))
        #expect(SegmentOrder.precedes("Row[id: 0.50]", "Row[id: 00.5]") != SegmentOrder.precedes("Row[id: 00.5]", "Row[id: 0.50]"), "a total order")
    }

    @Test func randomTreesDrawAsTheyDid() throws {
        var random = SeededGenerator(state: 17)
        let names = ["A", "B", "b", "Row[id: 1]", "Row[id: 10]", "Row[id: 2]", "Row[id: -1]", "x9", "x10", "Stack", "é"]
        let properties = ["p", "q", "on", "Z"]
        var keys: Set<String> = []
        while keys.count < 400 {
            let depth = Int.random(in: 0...4, using: &random)
            let segments = (0..<depth).map { _ in names.randomElement(using: &random)! }
            keys.insert((segments + [properties.randomElement(using: &random)!]).joined(separator: "/"))
        }
        try makeStore(keys.sorted())
        try expectSameDrawing()
    }
}
