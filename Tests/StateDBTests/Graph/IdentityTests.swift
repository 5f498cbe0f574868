import Foundation
@testable import StateDB
import Testing

// Identity strings are the keys of persisted state: a test pins them literally, so an
// accidental change of the format fails here before it orphans users' state.

private struct Item: Identifiable, Codable, Equatable {
    var id: String
    var title: String
}

private struct Row: View {
    let title: String
    @State var isOn = false
    var body: some View { Toggle(title, isOn: $isOn) }
}

private struct Card<Content: View>: View {
    @State var expanded = true
    let content: Content
    init(@ViewBuilder content: () -> Content) { self.content = content() }
    var body: some View {
        if expanded { content }
    }
}

private struct Screen: View {
    @State var showDetail = true
    @State var items = [Item(id: "a/b", title: "slash"), Item(id: "42", title: "answer")]
    var body: some View {
        VStack {
            Text("header")
            if showDetail {
                Row(title: "detail")
            } else {
                Row(title: "summary")
            }
            ForEach(items) { item in
                Row(title: item.title)
            }
            ForEach(0..<2) { index in
                HStack {
                    Text("#\(index)")
                    Row(title: "n\(index)")
                }
            }
            Card {
                Row(title: "in card")
            }
            Row(title: "explicit").id(UUID(uuidString: "8A4C2B5E-0D9B-4B7E-9C11-2F2E3A4B5C6D")!)
            Group {
                Row(title: "grouped")
            }
        }
    }
}

@MainActor
struct IdentityTests {
    @Test func identitiesArePinnedLiterally() {
        let host = ViewHost(root: Screen(), store: .inMemory())
        #expect(host.identities == [
            "Screen",
            "Screen/VStack",
            "Screen/VStack/Text",
            "Screen/VStack/Row[then]",
            "Screen/VStack/Row[then]/Toggle",
            "Screen/VStack/ForEach",
            #"Screen/VStack/ForEach/Row[id: "a\u002Fb"]"#,
            #"Screen/VStack/ForEach/Row[id: "a\u002Fb"]/Toggle"#,
            #"Screen/VStack/ForEach/Row[id: "42"]"#,
            #"Screen/VStack/ForEach/Row[id: "42"]/Toggle"#,
            "Screen/VStack/ForEach[#2]",
            "Screen/VStack/ForEach[#2]/HStack[id: 0]",
            "Screen/VStack/ForEach[#2]/HStack[id: 0]/Text",
            "Screen/VStack/ForEach[#2]/HStack[id: 0]/Row",
            "Screen/VStack/ForEach[#2]/HStack[id: 0]/Row/Toggle",
            "Screen/VStack/ForEach[#2]/HStack[id: 1]",
            "Screen/VStack/ForEach[#2]/HStack[id: 1]/Text",
            "Screen/VStack/ForEach[#2]/HStack[id: 1]/Row",
            "Screen/VStack/ForEach[#2]/HStack[id: 1]/Row/Toggle",
            "Screen/VStack/Card",
            "Screen/VStack/Card/Row",
            "Screen/VStack/Card/Row/Toggle",
            #"Screen/VStack/Row[.id: "8A4C2B5E-0D9B-4B7E-9C11-2F2E3A4B5C6D"]"#,
            #"Screen/VStack/Row[.id: "8A4C2B5E-0D9B-4B7E-9C11-2F2E3A4B5C6D"]/Toggle"#,
            "Screen/VStack/Group",
            "Screen/VStack/Group/Row[#3]",
            "Screen/VStack/Group/Row[#3]/Toggle",
        ])
    }

    @Test func slotKeysAreIdentityPlusPropertyNameAndRecordedOnMount() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        _ = ViewHost(root: Screen(), store: store)
        let keys = SQLiteProbe(path: folder.storePath).keys
        #expect(keys.contains("Screen/showDetail"))
        #expect(keys.contains("Screen/items"))
        #expect(keys.contains(#"Screen/VStack/ForEach/Row[id: "42"]/isOn"#))
        #expect(keys.contains("Screen/VStack/Card/expanded"))
        #expect(keys.contains("Screen/VStack/ForEach[#2]/HStack[id: 1]/Row/isOn"))
        #expect(keys.count == 11, "every slot of every mounted view, initial values included: \(keys)")
    }

    @Test func idsAreEncodedByValueNotByHash() {
        // The same tree in two hosts (and, by construction, two processes) gets the same keys.
        let first = ViewHost(root: Screen(), store: .inMemory()).identities
        let second = ViewHost(root: Screen(), store: .inMemory()).identities
        #expect(first == second)
        #expect(!first.joined().contains("0x"), "no addresses or hashes in identities")
    }

    @Test func integerIdsAreSpelledInDecimalWithTheirSign() {
        // Integer ids have a path of their own (written without building `String(id)`); it
        // must spell every value as the general encoding does, the extremes included.
        let ids = [0, 7, -1, 42_000, Int.max, Int.min]
        let host = ViewHost(root: NumberedRows(ids: ids), store: .inMemory())
        #expect(host.identities.filter { $0.hasSuffix("]") }.map { $0.components(separatedBy: "/").last! } == [
            "Text[id: 0]", "Text[id: 7]", "Text[id: -1]", "Text[id: 42000]",
            "Text[id: 9223372036854775807]", "Text[id: -9223372036854775808]",
        ])
        #expect(ids.map { IdentityEncoding.idQualifier($0) } == ids.map { "[id: " + IdentityEncoding.encode(id: $0) + "]" })
    }
}

private struct NumberedRows: View {
    let ids: [Int]
    var body: some View {
        ForEach(ids, id: \.self) { Text("row \($0)") }
    }
}

private enum Mode: String, Codable { case list, grid, map }

private struct Switcher: View {
    @State var mode = Mode.list
    @State var name: String? = nil
    var body: some View {
        switch mode {
        case .list: Row(title: "list")
        case .grid: Row(title: "grid")
        case .map: Row(title: "map")
        }
        if let name {
            Text(name)
        }
    }
}

@MainActor
struct BranchIdentityTests {
    @Test func switchCasesAndIfLetHaveTheirOwnIdentities() throws {
        let store = StateStore.inMemory()
        let host = ViewHost(root: Switcher(), store: store)
        let mode = try store.binding(for: "Switcher/mode", default: Mode.list)
        var rows: [String] = []
        for next in [Mode.list, .grid, .map] {
            mode.wrappedValue = next
            host.update()
            rows.append(host.identities.first { $0.contains("/Row") } ?? "none")
        }
        #expect(rows == ["Switcher/Row[then][then]", "Switcher/Row[then][else][#2]", "Switcher/Row[else][#3]"])
        #expect(!host.identities.contains { $0.contains("Text") })
        try store.binding(for: "Switcher/name", default: String?.none).wrappedValue = "Ada"
        host.update()
        #expect(host.identities.contains("Switcher/Text"))
    }
}

private struct Erased: View {
    @State var useRow = true
    var body: some View {
        VStack {
            Text("head")
            content
        }
    }

    private var content: AnyView {
        useRow ? AnyView(Row(title: "erased")) : AnyView(Text("plain"))
    }
}

@MainActor
struct AnyViewTests {
    @Test func anyViewMarksItsContentAndKeepsItsState() throws {
        let store = StateStore.inMemory()
        let host = ViewHost(root: Erased(), store: store)
        #expect(host.identities.contains("Erased/VStack/Row[any]"))
        try host.toggle("erased").toggle()
        try #expect(host.toggle("erased").isOn, "the erased view's state lives under its own identity")
        try store.binding(for: "Erased/useRow", default: true).wrappedValue = false
        host.update()
        #expect(host.render() == "head\nplain")
        try store.binding(for: "Erased/useRow", default: true).wrappedValue = true
        host.update()
        try #expect(!host.toggle("erased").isOn, "switching the erased type ended the row's state")
    }
}

/// Siblings of one generic view type with different arguments share a segment name but not a
/// type: each keeps slots of its own value type (the graph's per-type tables must not mix).
private struct Holder<Value: Codable & CustomStringConvertible>: View {
    @State var value: Value
    init(_ value: Value) { _value = State(initialValue: value) }
    var body: some View { Text("\(value)") }
}

private struct MixedHolders: View {
    var body: some View {
        VStack {
            Holder(1)
            Holder("one")
            Holder(2)
            Holder(true)
        }
    }
}

@MainActor
struct GenericSiblingTests {
    @Test func siblingsOfOneGenericTypeKeepTheirOwnSlotTypes() throws {
        let folder = TemporaryDirectory()
        do {
            let store = try StateStore(path: folder.storePath)
            let host = ViewHost(root: MixedHolders(), store: store)
            #expect(host.texts == ["1", "one", "2", "true"])
            try store.flush()
            store.close()
        }
        let probe = SQLiteProbe(path: folder.storePath)
        #expect(probe.value("MixedHolders/VStack/Holder/value") == "1")
        #expect(probe.value("MixedHolders/VStack/Holder[#2]/value") == "one")
        #expect(probe.value("MixedHolders/VStack/Holder[#4]/value") == "1", "a Bool, stored as 1")

        let store = try StateStore(path: folder.storePath)
        let host = ViewHost(root: MixedHolders(), store: store)
        #expect(host.texts == ["1", "one", "2", "true"], "hydrated, each as its own type")
        store.close()
    }
}

private enum Left { struct Row: View { @State var isOn = false; var body: some View { Toggle("row", isOn: $isOn) } } }
private enum Right { struct Row: View { @State var isOn = false; var body: some View { Toggle("row", isOn: $isOn) } } }

private struct ErasedSwap: View {
    @State var useLeft = true
    var body: some View {
        useLeft ? AnyView(Left.Row()) : AnyView(Right.Row())
    }
}

@MainActor
struct ExactTypeTests {
    @Test func anAnyViewWhoseContentTypeChangesHoldsANewViewEvenWithTheSameName() throws {
        let store = StateStore.inMemory()
        let host = ViewHost(root: ErasedSwap(), store: store)
        #expect(host.identities.contains("ErasedSwap/Row[any]"))
        try host.toggle("row").toggle()
        try #expect(host.toggle("row").isOn)
        try store.binding(for: "ErasedSwap/useLeft", default: true).wrappedValue = false
        host.update()
        #expect(host.identities.contains("ErasedSwap/Row[any]"), "the same key…")
        try #expect(!host.toggle("row").isOn, "…but another view, whose state starts afresh")
        #expect(try store.binding(for: "ErasedSwap/Row[any]/isOn", default: true).wrappedValue == false, "the new view's slot, not the old one's")
    }
}
