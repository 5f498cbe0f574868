import StateDB
import Testing

// A view that reads a part of a slot through a binding (the element of `ForEach($items)`,
// `$settings.volume`) re-runs when that part changes, not on every change to the slot.

private struct Item: Codable, Equatable, Identifiable {
    var id: Int
    var title: String
    var done = false
}

private struct List: View {
    @State var items = (0..<100).map { Item(id: $0, title: "item \($0)") }
    var body: some View {
        let _ = EvaluationLog.record("List")
        VStack {
            ForEach($items) { $item in
                Row(item: $item)
            }
            Button("Rename 7 in place") { items[7].title = "seven" }
            Button("Insert first") { items.insert(Item(id: 1000, title: "new"), at: 0) }
            Button("Remove 3") { items.removeAll { $0.id == 3 } }
            Button("Reverse") { items.reverse() }
        }
    }
}

private struct Row: View {
    @Binding var item: Item
    var body: some View {
        let _ = EvaluationLog.record("Row \(item.id)")
        Text(item.title + (item.done ? " ✓" : ""))
        Button("Finish \(item.id)") { item.done = true }
    }
}

/// A row reading a single field: `$item.title`.
private struct TitleList: View {
    @State var items = (0..<10).map { Item(id: $0, title: "item \($0)") }
    var body: some View {
        VStack {
            ForEach($items) { $item in
                TitleRow(title: $item.title)
                Button("Finish \(item.id)") { item.done = true }
            }
        }
    }
}

private struct TitleRow: View {
    @Binding var title: String
    var body: some View {
        let _ = EvaluationLog.record("TitleRow \(title)")
        TextField("Title", text: $title)
    }
}

/// Elements that are not `Equatable`: a part cannot tell it is unchanged.
private struct Jotting: Codable, Identifiable {
    var id: Int
    var text: String
}

private struct JottingList: View {
    @State var jottings = (0..<5).map { Jotting(id: $0, text: "jotting \($0)") }
    var body: some View {
        VStack {
            ForEach($jottings) { $jotting in
                JottingRow(jotting: $jotting)
            }
        }
    }
}

private struct JottingRow: View {
    @Binding var jotting: Jotting
    var body: some View {
        let _ = EvaluationLog.record("JottingRow \(jotting.id)")
        Button("Edit \(jotting.id)") { jotting.text += "!" }
    }
}

/// A row reading its element, and the whole list too (its count).
private struct CountingList: View {
    @State var items = (0..<5).map { Item(id: $0, title: "item \($0)") }
    var body: some View {
        VStack {
            ForEach($items) { $item in
                CountingRow(item: $item, all: $items)
            }
        }
    }
}

private struct CountingRow: View {
    @Binding var item: Item
    @Binding var all: [Item]
    var body: some View {
        let _ = EvaluationLog.record("CountingRow \(item.id)")
        Text("\(item.title) of \(all.count)")
        Button("Finish \(item.id)") { item.done = true }
    }
}

private struct Settings: Codable, Equatable {
    var volume = 5
    var name = "speaker"
}

private struct SettingsView: View {
    @State var settings = Settings()
    @State var spare: Settings? = Settings(volume: 1, name: "spare")
    var body: some View {
        let _ = EvaluationLog.record("Settings")
        VStack {
            VolumeView(volume: $settings.volume)
            NameView(name: $settings.name)
            if let spare = Binding($spare) {
                VolumeView(volume: spare.volume)
                TextField("Spare name", text: spare.name)
            }
        }
    }
}

private struct VolumeView: View {
    @Binding var volume: Int
    var body: some View {
        let _ = EvaluationLog.record("Volume")
        Stepper("Volume \(volume)", value: $volume)
    }
}

private struct NameView: View {
    @Binding var name: String
    var body: some View {
        let _ = EvaluationLog.record("Name \(name)")
        TextField("Name", text: $name)
    }
}

/// Rows bound by index (`$items[i]`): deleting the last item removes its row before anything
/// reads `items[last]` again.
private struct IndexedList: View {
    @State var names = ["a", "b", "c"]
    var body: some View {
        VStack {
            ForEach(names.indices, id: \.self) { index in
                NameRow(name: $names[index])
            }
            Button("Drop last") { names.removeLast() }
        }
    }
}

private struct NameRow: View {
    @Binding var name: String
    var body: some View {
        let _ = EvaluationLog.record("NameRow \(name)")
        Text(name)
    }
}

/// Not `Equatable`: a part of this type cannot be told unchanged.
private struct Tag: Codable {
    var label: String
}

/// `==` that leaves out `tags` (which cannot be compared).
private struct Card: Codable, Equatable, Identifiable {
    var id: Int
    var count = 0
    var tags: [Tag] = []
    static func == (lhs: Card, rhs: Card) -> Bool { lhs.id == rhs.id && lhs.count == rhs.count }
}

private struct CardList: View {
    @State var cards = (0..<3).map { Card(id: $0, tags: [Tag(label: "t\($0)")]) }
    var body: some View {
        VStack {
            ForEach($cards) { $card in
                TagsRow(tags: $card.tags, id: card.id)
            }
            Button("Count 0") { cards[0].count += 1 }
        }
    }
}

private struct TagsRow: View {
    @Binding var tags: [Tag]
    let id: Int
    var body: some View {
        let _ = EvaluationLog.record("TagsRow \(id)")
        Text(tags.map(\.label).joined())
    }
}

@MainActor
@Suite(.serialized)
struct PartReadTests {
    @Test func removingTheLastIndexedRowDoesNotReadItsIndexAgain() throws {
        let host = ViewHost(root: IndexedList(), store: .inMemory())
        _ = EvaluationLog.take()
        try host.button("Drop last").tap()
        #expect(host.texts.prefix(2) == ["a", "b"])
        #expect(!host.texts.contains("c"))
        #expect(EvaluationLog.take() == [], "the kept rows' parts did not change")
    }

    /// A part that is not `Equatable` (`$card.tags`) is a read of the whole slot: the row
    /// re-runs on every change, never held unchanged by its element's partial `==`.
    @Test func aPartThatIsNotEquatableIsAReadOfTheWholeSlot() throws {
        let host = ViewHost(root: CardList(), store: .inMemory())
        _ = EvaluationLog.take()
        try host.button("Count 0").tap()
        #expect(EvaluationLog.take().sorted() == ["TagsRow 0", "TagsRow 1", "TagsRow 2"])
    }

    @Test func editingOneElementReRunsOnlyItsRow() throws {
        let host = ViewHost(root: List(), store: .inMemory())
        _ = EvaluationLog.take()
        try host.button("Finish 42").tap()
        #expect(EvaluationLog.take() == ["List", "Row 42"], "the list reads the array; only row 42's element changed")
        #expect(host.texts.contains("item 42 ✓"))
        try host.button("Rename 7 in place").tap()
        #expect(EvaluationLog.take() == ["List", "Row 7"], "a write of the whole array re-runs the rows whose element changed")
        #expect(host.texts.contains("seven"))
    }

    @Test func insertingRemovingAndMovingElementsReRunNoKeptRow() throws {
        let host = ViewHost(root: List(), store: .inMemory())
        _ = EvaluationLog.take()
        try host.button("Insert first").tap()
        #expect(EvaluationLog.take() == ["List", "Row 1000"], "only the new row mounts")
        try host.button("Remove 3").tap()
        #expect(EvaluationLog.take() == ["List"])
        try host.button("Reverse").tap()
        #expect(EvaluationLog.take() == ["List"])
        // The bindings still reach their own elements after the moves.
        try host.button("Finish 10").tap()
        #expect(EvaluationLog.take() == ["List", "Row 10"])
        #expect(host.texts.first == "item 99", "reversed")
        #expect(host.texts.contains("item 10 ✓"))
        #expect(!host.texts.contains("item 3"))
    }

    @Test func aWriteFromOutsideTheTreeReRunsOnlyTheChangedRow() throws {
        let store = StateStore.inMemory()
        let host = ViewHost(root: List(), store: store)
        _ = EvaluationLog.take()
        let items = try store.binding(for: "List/items", default: [Item]())
        items.wrappedValue[55].title = "from outside"
        host.update()
        #expect(EvaluationLog.take() == ["List", "Row 55"])
        #expect(host.texts.contains("from outside"))
    }

    @Test func aRowReadingOneFieldReRunsOnlyWhenThatFieldChanges() throws {
        let host = ViewHost(root: TitleList(), store: .inMemory())
        _ = EvaluationLog.take()
        try host.button("Finish 4").tap()
        #expect(EvaluationLog.take() == [], "`done` changed; no row reads it")
        try host.textFields("Title")[4].type("four")
        #expect(EvaluationLog.take() == ["TitleRow four"])
        #expect(host.textFields("Title")[4].text == "four")
    }

    @Test func elementsThatAreNotEquatableReRunEveryRow() throws {
        let host = ViewHost(root: JottingList(), store: .inMemory())
        _ = EvaluationLog.take()
        try host.button("Edit 2").tap()
        #expect(EvaluationLog.take() == (0..<5).map { "JottingRow \($0)" }, "nothing tells an unchanged element")
    }

    @Test func aRowThatAlsoReadsTheWholeSlotReRunsOnEveryChange() throws {
        let host = ViewHost(root: CountingList(), store: .inMemory())
        _ = EvaluationLog.take()
        try host.button("Finish 1").tap()
        #expect(EvaluationLog.take() == (0..<5).map { "CountingRow \($0)" })
    }

    @Test func partsOfAStructSlotReRunOnlyTheirReaders() throws {
        let host = ViewHost(root: SettingsView(), store: .inMemory())
        _ = EvaluationLog.take()
        try host.textFields("Name")[0].type("woofer")
        #expect(EvaluationLog.take() == ["Name woofer"], "the volume view reads .volume alone")
        try host.stepper("Volume 5").increment()
        #expect(EvaluationLog.take() == ["Volume"])
        // Through an unwrapped optional: `Binding($spare).volume`. The parent reads `spare`
        // whole (to unwrap it), so it re-runs; the spare's volume view does not.
        try host.textFields("Spare name")[0].type("tweeter")
        #expect(EvaluationLog.take() == ["Settings"])
        try host.stepper("Volume 1").increment()
        #expect(EvaluationLog.take() == ["Settings", "Volume"])
        #expect(host.texts.contains("Volume 2"))
    }

    /// A part read from a view whose slot changed while another part was being written: the
    /// view still sees the latest value after every update (no stale row).
    @Test func rowsShowTheLatestValuesAfterManyEdits() throws {
        let store = StateStore.inMemory()
        let host = ViewHost(root: List(), store: store)
        let items = try store.binding(for: "List/items", default: [Item]())
        for round in 0..<20 {
            let index = (round * 37) % 100
            items.wrappedValue[index].title = "round \(round)"
            if round % 3 == 0 { try host.button("Finish \(items.wrappedValue[(index + 1) % 100].id)").tap() } else { host.update() }
        }
        let expected = items.wrappedValue.map { $0.title + ($0.done ? " ✓" : "") }
        #expect(Array(host.texts.filter { !$0.hasPrefix("Finish") }.prefix(100)) == expected)
    }
}
