import Foundation
import StateDB
import Testing

// Moves that must not happen, or that must not lose anything: each was a wrong move or a loss
// in an earlier version of carrying over.

private struct Item: Identifiable, Codable, Equatable {
    let id: Int
}

private enum ElementsPlain {
    struct Screen: View {
        let items: [Item]
        var body: some View {
            ForEach(items) { _ in Flag(title: "flag") }
        }
    }
}

private enum ElementsWrapped {
    // Each element's content wrapped in a stack: the element id is on the stack's segment now.
    struct Screen: View {
        let items: [Item]
        var body: some View {
            ForEach(items) { item in
                VStack { Flag(title: "flag \(item.id)") }
            }
        }
    }
}

private enum ElementsInHStack {
    struct Screen: View {
        let items: [Item]
        var body: some View {
            ForEach(items) { item in
                HStack { Flag(title: "flag \(item.id)") }
            }
        }
    }
}

/// A value whose encoding this build refuses above 5, as a stricter new version of a type
/// might: carrying it over must not need to encode it again.
private struct Strict: Codable, Equatable {
    var level: Int
    func encode(to encoder: Encoder) throws {
        guard level <= 5 else { throw EncodingError.invalidValue(level, .init(codingPath: [], debugDescription: "above 5")) }
        var container = encoder.singleValueContainer()
        try container.encode(level)
    }
    init(level: Int) { self.level = level }
    init(from decoder: Decoder) throws { level = try decoder.singleValueContainer().decode(Int.self) }
}

private struct Dial: View {
    @State var value = Strict(level: 0)
    var body: some View { Text("level \(value.level)") }
}

private enum DialPlain {
    struct Screen: View {
        var body: some View { Dial() }
    }
}

private enum DialWrapped {
    struct Screen: View {
        var body: some View { VStack { Dial() } }
    }
}

private enum Hideable {
    struct Screen: View {
        @State var shows = true
        var body: some View {
            if shows {
                VStack { Flag(title: "v") }
            }
        }
    }
}

@MainActor
struct WrongMoveTests {
    @Test func anElementsStateFollowsItsIdWhenItsContentIsWrapped() throws {
        let update = AppUpdate()
        try update.run(ElementsPlain.Screen(items: [Item(id: 1), Item(id: 2)])) { host in
            try host.toggles("flag")[0].toggle()  // element 1's (the first of two)
        }
        try update.run(ElementsWrapped.Screen(items: [Item(id: 1), Item(id: 2)])) { host in
            try #expect(host.toggle("flag 1").isOn)
            try #expect(!host.toggle("flag 2").isOn)
        }
        #expect(update.diagnostics(.stateAdopted).count == 2, "\(update.diagnostics)")
    }

    @Test func anElementsStateNeverGoesToAnotherElement() throws {
        let update = AppUpdate()
        try update.run(ElementsWrapped.Screen(items: [Item(id: 1)])) { host in try host.toggle("flag 1").toggle() }
        try update.run(ElementsInHStack.Screen(items: [Item(id: 2)])) { host in
            try #expect(!host.toggle("flag 2").isOn, "element 2 is not element 1")
        }
        #expect(update.diagnostics(.stateAdopted).isEmpty, "\(update.diagnostics)")
        #expect(SQLiteProbe(path: update.path).keys.contains("Screen/ForEach/VStack[id: 1]/Flag/isOn"), "element 1's row waits for it")
    }

    @Test func aValueThisBuildCannotEncodeIsCarriedOverUntouched() throws {
        let update = AppUpdate()
        try update.run(DialPlain.Screen())
        try SQLiteShell.run(update.path, "UPDATE slots SET value = '7' WHERE key = 'Screen/Dial/value'")
        try update.run(DialWrapped.Screen()) { host in #expect(host.texts == ["level 7"]) }
        #expect(update.diagnostics(.stateAdopted).compactMap(\.key) == ["Screen/VStack/Dial/value"])
        #expect(SQLiteProbe(path: update.path).value("Screen/VStack/Dial/value") == "7", "renamed, not re-encoded")
        #expect(update.keys == ["Screen/VStack/Dial/value"])
    }

    @Test func aViewThatComesBackInTheSameRunStartsAfreshAsInSwiftUI() throws {
        let update = AppUpdate()
        // An orphan of some earlier build that the flag's match key would fit.
        do {
            let store = try StateStore(path: update.path)
            _ = ViewHost(root: Hideable.Screen(), store: store)
            store.close()
        }
        try SQLiteShell.run(update.path, """
            INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at, version)
            VALUES ('Screen/Group/Flag/isOn', 'Screen/Group/Flag', 'isOn', 'Swift.Bool', 'bool', 1, 0, 0, 0, 0)
            """)
        try update.run(Hideable.Screen()) { host in
            try #expect(!host.toggle("v").isOn)
            let shows = try host.store.binding(for: "Screen/shows", default: true)
            shows.wrappedValue = false
            host.update()
            shows.wrappedValue = true
            host.update()
            try #expect(!host.toggle("v").isOn, "back in the tree, from its initial value, not the orphan's")
        }
        #expect(update.diagnostics(.stateAdopted).isEmpty, "\(update.diagnostics)")
        #expect(SQLiteProbe(path: update.path).value("Screen/Group/Flag/isOn") == "1")
    }

    @Test func aKeyTheAppBindsIsRecordedAsItsOwnEvenWhenTheRowIsOlderThanTheRecord() throws {
        let update = AppUpdate()
        do {
            let store = try StateStore(path: update.path)
            try store.binding(for: "Screen/Flag/isOn", default: false).wrappedValue = true
            store.close()
        }
        // As a store written before schema 4 would be: the row, but no record of whose key it is.
        try SQLiteShell.run(update.path, "DELETE FROM statedb_explicit_keys")
        do {
            let store = try StateStore(path: update.path)
            _ = try store.binding(for: "Screen/Flag/isOn", default: false)
            store.close()
        }
        #expect(SQLiteProbe(path: update.path).rows("SELECT key FROM statedb_explicit_keys") == [["Screen/Flag/isOn"]])
    }
}
