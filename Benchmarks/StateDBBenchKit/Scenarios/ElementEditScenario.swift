import StateDB

/// One edit of one element of a list shown with `ForEach($items) { $item in … }`: each row's
/// body reads its element through the element binding. Measures the `update()` after the edit
/// (the list's body, the `ForEach`'s bindings, the rows that re-run, one commit), and counts
/// the bodies it ran (`--profile element-edit`; not a target).
@MainActor
final class ElementEditScenario {
    let rows: Int
    private let host: ViewHost
    private let items: Binding<[BenchItem]>
    private let scratch: ScratchDirectory

    init(rows: Int) throws {
        self.rows = rows
        scratch = try ScratchDirectory()
        let store = try StateStore(path: scratch.file("elements.sqlite"))
        host = ViewHost(root: ElementList(rows: rows), store: store)
        items = try store.binding(for: "ElementList/items", default: [])
        precondition(items.wrappedValue.count == rows)
    }

    /// Seconds per update and bodies per update, over `edits` edits of one element each.
    func measure(edits: Int) -> (seconds: Double, bodies: Double) {
        let bodiesBefore = host.bodyEvaluationCount
        var total = 0.0
        for edit in 0..<edits {
            items.wrappedValue[(edit * 7919) % rows].count += 1
            total += Stopwatch.time { host.update() }
        }
        return (total / Double(edits), Double(host.bodyEvaluationCount - bodiesBefore) / Double(edits))
    }
}

private struct ElementList: View {
    @State var items: [BenchItem]
    init(rows: Int) {
        _items = State(initialValue: (0..<rows).map { BenchItem(title: "item \($0)", done: false, count: $0) })
    }
    var body: some View {
        ForEach($items, id: \.title) { $item in
            ElementRow(item: $item)
        }
    }
}

private struct ElementRow: View {
    @Binding var item: BenchItem
    var body: some View {
        Text("\(item.title): \(item.count)\(item.done ? " ✓" : "")")
    }
}
