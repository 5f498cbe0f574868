import StateDB
import Testing

// A view's reads are kept in place for up to two slots and in an array beyond, and its
// children in place for one child and in an array beyond. Whatever the size, and however it
// changes between evaluations, a write must re-run exactly the views whose last evaluation
// read the slot, once, and kept children must keep their state.

private struct Slots: View {
    @State var count = 0
    @State var twice = false
    @State var shown = true
    @State var s0 = 0
    @State var s1 = 0
    @State var s2 = 0
    @State var s3 = 0
    @State var s4 = 0
    var body: some View {
        let _ = EvaluationLog.record("Slots")
        if shown {
            // Creating a binding reads nothing: only `Reads` reads these slots.
            Reads(count: count, twice: twice, slots: [$s0, $s1, $s2, $s3, $s4])
        }
    }
}

/// Reads the first `count` of `slots` (each twice when `twice`).
private struct Reads: View {
    let count: Int
    let twice: Bool
    let slots: [Binding<Int>]
    var body: some View {
        let _ = EvaluationLog.record("Reads")
        let values = slots.prefix(count).map(\.wrappedValue)
        let again = twice ? slots.prefix(count).map(\.wrappedValue) : []
        Text("reads \(values + again)")
    }
}

private struct Rows: View {
    @State var ids: [Int] = []
    var body: some View {
        let _ = EvaluationLog.record("Rows")
        VStack {
            ForEach(ids, id: \.self) { id in Row(id: id) }
        }
    }
}

private struct Row: View {
    let id: Int
    @State var taps = 0
    var body: some View {
        let _ = EvaluationLog.record("Row \(id)")
        Button("row \(id): \(taps)") { taps += 1 }
    }
}

@MainActor
@Suite(.serialized)
struct ReadListTests {
    private func slot(_ name: String, in store: StateStore) throws -> Binding<Int> {
        try store.binding(for: "Slots/\(name)", default: -1)
    }

    @Test func readsGrowAndShrinkAcrossTheInlineLimit() throws {
        let store = StateStore.inMemory()
        _ = EvaluationLog.take()  // what other suites' views left
        let host = ViewHost(root: Slots(), store: store)
        let count = try slot("count", in: store)
        let s = try (0..<5).map { try slot("s\($0)", in: store) }
        #expect(EvaluationLog.take() == ["Slots", "Reads"])

        s[0].wrappedValue = 1
        host.update()
        #expect(EvaluationLog.take() == [], "no reads: nobody re-runs")

        count.wrappedValue = 2
        host.update()
        #expect(EvaluationLog.take() == ["Slots", "Reads"])
        s[1].wrappedValue = 1
        host.update()
        #expect(EvaluationLog.take() == ["Reads"], "two reads: the second")
        s[2].wrappedValue = 1
        host.update()
        #expect(EvaluationLog.take() == [], "a slot it does not read yet")

        count.wrappedValue = 5
        host.update()
        #expect(EvaluationLog.take() == ["Slots", "Reads"])
        s[4].wrappedValue = 1
        host.update()
        #expect(EvaluationLog.take() == ["Reads"], "five reads: the last")
        s[0].wrappedValue = 2
        s[3].wrappedValue = 1
        host.update()
        #expect(EvaluationLog.take() == ["Reads"], "two of its reads changed: it re-runs once")
        #expect(host.texts == ["reads [2, 1, 1, 1, 1]"])

        count.wrappedValue = 1
        host.update()
        #expect(EvaluationLog.take() == ["Slots", "Reads"])
        for index in 1..<5 { s[index].wrappedValue = 9 }
        host.update()
        #expect(EvaluationLog.take() == [], "back to one read: the others are forgotten")
        s[0].wrappedValue = 3
        host.update()
        #expect(EvaluationLog.take() == ["Reads"])
        #expect(host.texts == ["reads [3]"])
    }

    @Test func aSlotReadTwiceReRunsItsReaderOnce() throws {
        let store = StateStore.inMemory()
        let host = ViewHost(root: Slots(), store: store)
        let count = try slot("count", in: store)
        let twice = try store.binding(for: "Slots/twice", default: false)
        let s = try (0..<5).map { try slot("s\($0)", in: store) }
        _ = EvaluationLog.take()
        for (reads, changed) in [(1, 0), (2, 1), (4, 3)] {
            count.wrappedValue = reads
            twice.wrappedValue = true
            host.update()
            _ = EvaluationLog.take()
            s[changed].wrappedValue += 10
            host.update()
            #expect(EvaluationLog.take() == ["Reads"], "\(reads) slots, each read twice")
            twice.wrappedValue = false
            host.update()
            _ = EvaluationLog.take()
            s[changed].wrappedValue += 10
            host.update()
            #expect(EvaluationLog.take() == ["Reads"], "\(reads) slots, each read once")
        }
        count.wrappedValue = 0
        host.update()
        _ = EvaluationLog.take()
        s[3].wrappedValue += 10
        host.update()
        #expect(EvaluationLog.take() == [], "after the duplicates, no read left behind")
    }

    @Test func anUnmountedViewIsNoLongerAReader() throws {
        let store = StateStore.inMemory()
        let host = ViewHost(root: Slots(), store: store)
        try slot("count", in: store).wrappedValue = 3
        host.update()
        let shown = try store.binding(for: "Slots/shown", default: false)
        shown.wrappedValue = false
        host.update()
        #expect(host.texts == [])
        _ = EvaluationLog.take()
        for index in 0..<3 { try slot("s\(index)", in: store).wrappedValue = 7 }
        host.update()
        #expect(EvaluationLog.take() == [])
        shown.wrappedValue = true
        host.update()
        #expect(EvaluationLog.take() == ["Slots", "Reads"])
        #expect(host.texts == ["reads [7, 7, 7]"])
    }

    @Test func childrenComeAndGoAcrossOneAndMany() throws {
        let store = StateStore.inMemory()
        _ = EvaluationLog.take()  // what other suites' views left
        let host = ViewHost(root: Rows(), store: store)
        let ids = try store.binding(for: "Rows/ids", default: [Int]())
        #expect(EvaluationLog.take() == ["Rows"])

        ids.wrappedValue = [2]
        host.update()
        #expect(EvaluationLog.take() == ["Rows", "Row 2"])
        try host.button("row 2: 0").tap()
        #expect(EvaluationLog.take() == ["Row 2"])

        ids.wrappedValue = [1, 2, 3]
        host.update()
        #expect(EvaluationLog.take() == ["Rows", "Row 1", "Row 3"], "the kept row is not re-run")
        #expect(host.texts == ["row 1: 0", "row 2: 1", "row 3: 0"])
        try host.button("row 3: 0").tap()
        #expect(EvaluationLog.take() == ["Row 3"])

        ids.wrappedValue = [3]
        host.update()
        #expect(EvaluationLog.take() == ["Rows"])
        #expect(host.texts == ["row 3: 1"], "one child left, with its state")

        ids.wrappedValue = []
        host.update()
        #expect(host.texts == [])
        ids.wrappedValue = [3, 2]
        host.update()
        #expect(host.texts == ["row 3: 0", "row 2: 0"], "rows that left the tree start again")
    }
}
