import StateDB
import Testing

// A slot lives as long as its identity: struct re-creation and restarts keep it, leaving the
// tree ends it (the row is deleted), ForEach state follows element ids.

private struct Todo: Identifiable, Codable, Equatable {
    var id: Int
    var title: String
}

private struct TodoRow: View {
    let todo: Todo
    @State var expanded = false
    var body: some View {
        Toggle("\(todo.title) expanded", isOn: $expanded)
    }
}

private struct TodoList: View {
    @State var todos = [Todo(id: 1, title: "one"), Todo(id: 2, title: "two"), Todo(id: 3, title: "three")]
    var body: some View {
        ForEach(todos) { todo in
            TodoRow(todo: todo)
        }
    }
}

private struct Branching: View {
    @State var showA = true
    var body: some View {
        if showA {
            Counter(label: "A")
        } else {
            Counter(label: "B")
        }
    }
}

private struct Counter: View {
    let label: String
    @State var count = 0
    var body: some View {
        Button("\(label): \(count)") { count += 1 }
    }
}

/// Shows a `Counter` struct made once (as a navigation link keeps its destination), so the
/// same struct, with the same boxes, mounts again after it left the tree.
private struct KeptCounter: View {
    let kept = Counter(label: "kept")
    @State var shown = true
    var body: some View {
        VStack {
            Toggle("Shown", isOn: $shown)
            if shown { kept }
        }
    }
}

private struct Duplicates: View {
    var body: some View {
        ForEach([1, 2, 1], id: \.self) { number in
            Counter(label: "n\(number)")
        }
    }
}

/// Ranges, whose ids the host takes as distinct without comparing segments; each element
/// holds views of one type that differ by position only (two plain, an `if`) and two with the
/// same explicit id, which are duplicates.
private struct RangeRows: View {
    var body: some View {
        VStack {
            ForEach(0..<2) { number in
                Counter(label: "a\(number)")
                Counter(label: "b\(number)")
                if number == 0 { Counter(label: "c\(number)") } else { Counter(label: "d\(number)") }
                Counter(label: "e\(number)").id(7)
                Counter(label: "f\(number)").id(7)
            }
            ForEach([10, 11].indices, id: \.self) { index in
                Counter(label: "g\(index)")
                Counter(label: "h\(index)")
            }
            ForEach(5...6, id: \.self) { number in
                Counter(label: "i\(number)")
                Counter(label: "j\(number)")
            }
        }
    }
}

private struct RepeatedIDs: View {
    @State var round = 0
    @State var order = [1, 2, 1]
    var body: some View {
        VStack {
            Text("round \(round)")
            ForEach(order, id: \.self) { number in
                Counter(label: "n\(number)")
            }
        }
    }
}

private struct AccentedIDs: View {
    @State var reversed = false
    var body: some View {
        ForEach(reversed ? ["e\u{301}", "\u{E9}"] : ["\u{E9}", "e\u{301}"], id: \.self) { id in
            Counter(label: "n" + id)
        }
    }
}

@MainActor
private func expandedStates(_ host: ViewHost) -> [String: Bool] {
    Dictionary(uniqueKeysWithValues: host.controls.compactMap { control in
        control.kind == .toggle ? (control.title, control.value == "on") : nil
    })
}

@MainActor
struct LifetimeTests {
    @Test func forEachStateFollowsIdsAcrossReorderInsertAndRemove() throws {
        let store = StateStore.inMemory()
        let host = ViewHost(root: TodoList(), store: store)
        try host.toggle("two expanded").toggle()
        #expect(expandedStates(host) == ["one expanded": false, "two expanded": true, "three expanded": false])

        let todos = try store.binding(for: "TodoList/todos", default: [Todo]())
        todos.wrappedValue.reverse()
        host.update()
        #expect(host.controls.map(\.title) == ["three expanded", "two expanded", "one expanded"])
        #expect(expandedStates(host)["two expanded"] == true, "state moved with id 2, not index 1")

        todos.wrappedValue.insert(Todo(id: 4, title: "four"), at: 0)
        host.update()
        #expect(expandedStates(host) == ["four expanded": false, "three expanded": false, "two expanded": true, "one expanded": false])

        todos.wrappedValue.removeAll { $0.id == 2 }
        host.update()
        todos.wrappedValue.append(Todo(id: 2, title: "two again"))
        host.update()
        #expect(expandedStates(host)["two again expanded"] == false, "a removed element's state ended")
    }

    @Test func forEachStateSurvivesARestart() throws {
        let folder = TemporaryDirectory()
        do {
            let store = try StateStore(path: folder.storePath)
            let host = ViewHost(root: TodoList(), store: store)
            let todos = try store.binding(for: "TodoList/todos", default: [Todo]())
            todos.wrappedValue.swapAt(0, 2)
            host.update()
            try host.toggle("one expanded").toggle()
            store.close()
        }
        let store = try StateStore(path: folder.storePath)
        let host = ViewHost(root: TodoList(), store: store)
        #expect(host.controls.map(\.title) == ["three expanded", "two expanded", "one expanded"])
        #expect(expandedStates(host) == ["three expanded": false, "two expanded": false, "one expanded": true])
    }

    @Test func leavingTheTreeEndsStateAndDeletesTheRow() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let host = ViewHost(root: Branching(), store: store)
        let probe = SQLiteProbe(path: folder.storePath)
        try host.button("A").tap()
        #expect(host.render() == "[ A: 1 ]")
        #expect(probe.value("Branching/Counter[then]/count") == "1")

        let showA = try store.binding(for: "Branching/showA", default: true)
        showA.wrappedValue = false
        host.update()
        #expect(host.render() == "[ B: 0 ]")
        #expect(probe.value("Branching/Counter[then]/count") == nil, "the row was deleted in the update's commit")
        #expect(probe.value("Branching/Counter[else][#2]/count") == "0")

        showA.wrappedValue = true
        host.update()
        #expect(host.render() == "[ A: 0 ]", "coming back starts from the initial value, as SwiftUI does")
    }

    @Test func aKeptStructMountedAgainStartsAfreshAndItsWritesCount() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let host = ViewHost(root: KeptCounter(), store: store)
        let probe = SQLiteProbe(path: folder.storePath)
        try host.button("kept: 0").tap()
        #expect(probe.value("KeptCounter/VStack/Counter/count") == "1")
        try host.toggle("Shown").toggle()
        #expect(probe.value("KeptCounter/VStack/Counter/count") == nil, "leaving the tree deleted the row")
        try host.toggle("Shown").toggle()
        #expect(host.render() == "[x] Shown\n[ kept: 0 ]", "the ended slot is not taken back")
        try host.button("kept: 0").tap()
        #expect(host.render() == "[x] Shown\n[ kept: 1 ]", "a write counts: the struct's box has a live slot")
        #expect(probe.value("KeptCounter/VStack/Counter/count") == "1")
    }

    @Test func aWriteAfterTheSlotEndedIsDroppedWithOneDiagnostic() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let diagnostics = DiagnosticsRecorder(store)
        let host = ViewHost(root: Branching(), store: store)
        let oldButton = try host.button("A")
        try store.binding(for: "Branching/showA", default: true).wrappedValue = false
        host.update()
        try oldButton.tap()
        try oldButton.tap()
        #expect(diagnostics.of(.writeAfterEnd).count == 1)
        #expect(diagnostics.of(.writeAfterEnd).first?.key == "Branching/Counter[then]/count")
        #expect(SQLiteProbe(path: folder.storePath).value("Branching/Counter[then]/count") == nil, "the row never comes back")
    }

    @Test func duplicateIdsAreDiagnosedAndNeverShareASlot() throws {
        let store = StateStore.inMemory()
        let diagnostics = DiagnosticsRecorder(store)
        let host = ViewHost(root: Duplicates(), store: store)
        #expect(diagnostics.of(.duplicateIdentity).map(\.key) == ["Duplicates/ForEach/Counter[id: 1]"])
        try host.buttons("n1")[0].tap()  // the first of the two
        #expect(host.controls.map(\.title) == ["n1: 1", "n2: 0", "n1: 0"])
        #expect(host.identities.contains("Duplicates/ForEach/Counter[id: 1][duplicate 2]"))
    }

    @Test func viewsOfARangesElementsEachHaveTheirOwnSlot() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let diagnostics = DiagnosticsRecorder(store)
        let host = ViewHost(root: RangeRows(), store: store)
        let titles = ["a0", "b0", "c0", "e0", "f0", "a1", "b1", "d1", "e1", "f1", "g0", "h0", "g1", "h1", "i5", "j5", "i6", "j6"]
        #expect(host.controls.map(\.title) == titles.map { "\($0): 0" })
        for title in titles { try host.button("\(title): 0").tap() }
        #expect(host.controls.map(\.title) == titles.map { "\($0): 1" }, "no two views share a slot")
        // Two siblings with `.id(7)` are one identity, as in SwiftUI: separated and diagnosed
        // even in a range's element.
        #expect(diagnostics.of(.duplicateIdentity).compactMap(\.key).sorted()
            == ["RangeRows/VStack/ForEach/Counter[id: 0][.id: 7]", "RangeRows/VStack/ForEach/Counter[id: 1][.id: 7]"])
        try store.flush()
        #expect(SQLiteProbe(path: folder.storePath).rows("SELECT count(*) FROM slots") == [[String(titles.count)]])
    }

    @Test func duplicatesKeepTheirOwnSlotsWhenTheParentRunsAgain() throws {
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
        #expect(host.identities.contains("RepeatedIDs/VStack/ForEach/Counter[id: 1][duplicate 2]"))
    }

    @Test func aDuplicateInPlaceOfAnotherIdIsANewChild() throws {
        let store = StateStore.inMemory()
        let host = ViewHost(root: RepeatedIDs(), store: store)
        try host.button("n2: 0").tap()
        // Same count, same types, but the second child is now `[id: 1][duplicate 2]`, not
        // `[id: 2]`: it must not keep n2's node and count.
        try store.binding(for: "RepeatedIDs/order", default: [Int]()).wrappedValue = [1, 1, 1]
        host.update()
        #expect(host.controls.map(\.title) == ["n1: 0", "n1: 0", "n1: 0"])
    }

    @Test func canonicallyEquivalentIdsAreDuplicates() throws {
        let store = StateStore.inMemory()
        let diagnostics = DiagnosticsRecorder(store)
        let host = ViewHost(root: AccentedIDs(), store: store)
        #expect(diagnostics.of(.duplicateIdentity).count == 1, "\u{E9} and e\u{301} are one id, as Swift compares them")
        try host.buttons("n\u{E9}: 0")[1].tap()
        #expect(host.controls.map(\.title) == ["n\u{E9}: 0", "ne\u{301}: 1"])
        // Re-listed in the other order: each keeps its count (matched, not left behind).
        try store.binding(for: "AccentedIDs/reversed", default: false).wrappedValue = true
        host.update()
        #expect(host.controls.map(\.title) == ["ne\u{301}: 0", "n\u{E9}: 1"])
        try host.buttons("n\u{E9}: 1")[0].tap()
        #expect(host.controls.map(\.title) == ["ne\u{301}: 0", "n\u{E9}: 2"])
    }

    @Test func theInitialValueIsUsedOnlyWhenTheStoreHasNone() throws {
        let store = StateStore.inMemory()
        let count = try store.binding(for: "Counter/count", default: 41)
        let host = ViewHost(root: Counter(label: "c"), store: store)
        #expect(host.render() == "[ c: 41 ]")
        count.wrappedValue = 7
        host.update()
        #expect(host.render() == "[ c: 7 ]")
    }
}
