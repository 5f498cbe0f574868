import StateDB
import Testing

// Which bodies re-run after which write, asserted as exact lists of names.

private struct Root: View {
    @State var a = 0
    @State var b = 0
    var body: some View {
        let _ = EvaluationLog.record("Root")
        VStack {
            Text("a=\(a)")
            ValueChild(value: a)
            BindingChild(value: $b)
            Leaf()
        }
    }
}

private struct ValueChild: View {
    let value: Int
    var body: some View {
        let _ = EvaluationLog.record("ValueChild")
        Text("value \(value)")
    }
}

private struct BindingChild: View {
    @Binding var value: Int
    var body: some View {
        let _ = EvaluationLog.record("BindingChild")
        Text("b=\(value)")
        Button("b+1") { value += 1 }
        PassThrough(value: $value)
    }
}

/// Holds a binding but never reads it: writes must not re-run it.
private struct PassThrough: View {
    @Binding var value: Int
    var body: some View {
        let _ = EvaluationLog.record("PassThrough")
        GrandChild(value: $value)
    }
}

private struct GrandChild: View {
    @Binding var value: Int
    var body: some View {
        let _ = EvaluationLog.record("GrandChild")
        Text("grandchild sees \(value)")
    }
}

private struct Leaf: View {
    var body: some View {
        let _ = EvaluationLog.record("Leaf")
        Text("leaf")
    }
}

private struct ClosureChild: View {
    let action: () -> Void
    var body: some View {
        let _ = EvaluationLog.record("ClosureChild")
        Button("go", action: action)
    }
}

private struct ClosureParent: View {
    @State var n = 0
    var body: some View {
        let _ = EvaluationLog.record("ClosureParent")
        Text("\(n)")
        ClosureChild { n += 1 }
        Leaf()
    }
}

/// An Equatable view: `==` decides, even though `ignored` differs.
private struct EquatableChild: View, Equatable {
    let shown: Int
    let ignored: Int
    nonisolated static func == (lhs: Self, rhs: Self) -> Bool { lhs.shown == rhs.shown }
    var body: some View {
        let _ = EvaluationLog.record("EquatableChild")
        Text("\(shown)")
    }
}

private struct EquatableParent: View {
    @State var n = 0
    var body: some View {
        let _ = EvaluationLog.record("EquatableParent")
        EquatableChild(shown: n / 10, ignored: n)
    }
}

@MainActor
@Suite(.serialized)
struct InvalidationTests {
    @Test func mountEvaluatesEveryBodyOnceParentsFirst() {
        _ = EvaluationLog.take()
        _ = ViewHost(root: Root(), store: .inMemory())
        #expect(EvaluationLog.take() == ["Root", "ValueChild", "BindingChild", "PassThrough", "GrandChild", "Leaf"])
    }

    @Test func writingThroughABindingReRunsOnlyItsReaders() throws {
        let store = StateStore.inMemory()
        let host = ViewHost(root: Root(), store: store)
        _ = EvaluationLog.take()
        try host.button("b+1").tap()
        #expect(EvaluationLog.take() == ["BindingChild", "GrandChild"], "Root and PassThrough only pass $b down")
        #expect(host.texts.contains("grandchild sees 1"))
        let b = try store.binding(for: "Root/b", default: -1)
        b.wrappedValue = 5
        host.update()
        #expect(EvaluationLog.take() == ["BindingChild", "GrandChild"])
    }

    @Test func aReaderReRunsAndOnlyChildrenWithNewInputsFollow() throws {
        let store = StateStore.inMemory()
        let host = ViewHost(root: Root(), store: store)
        _ = EvaluationLog.take()
        try store.binding(for: "Root/a", default: 0).wrappedValue = 1
        host.update()
        #expect(EvaluationLog.take() == ["Root", "ValueChild"], "BindingChild got the same binding, Leaf no inputs")
        #expect(host.texts.prefix(2) == ["a=1", "value 1"])
    }

    /// Repeated writes between two updates re-run the readers once; after the update, an equal
    /// write is a no-op again.
    @Test func repeatedWritesReRunReadersOnceAndAnEqualWriteAfterTheUpdateNothing() throws {
        let store = StateStore.inMemory()
        let host = ViewHost(root: Root(), store: store)
        _ = EvaluationLog.take()
        let a = try store.binding(for: "Root/a", default: 0)
        for value in [3, 7, 7, 3, 5] { a.wrappedValue = value }
        a.wrappedValue = 0  // back to the committed value while pending: still the last write
        a.wrappedValue = 5
        #expect(host.needsUpdate)
        host.update()
        #expect(EvaluationLog.take() == ["Root", "ValueChild"])
        #expect(host.texts.prefix(2) == ["a=5", "value 5"])
        #expect(!store.hasPendingWrites)

        a.wrappedValue = 5
        #expect(!host.needsUpdate, "equal to the value the update committed")
        #expect(!store.hasPendingWrites)
        host.update()
        #expect(EvaluationLog.take() == [])
    }

    @Test func anEqualWriteInvalidatesNothingAndCommitsNothing() throws {
        let store = StateStore.inMemory()
        let host = ViewHost(root: Root(), store: store)
        _ = EvaluationLog.take()
        try store.binding(for: "Root/a", default: 0).wrappedValue = 0
        #expect(!host.needsUpdate)
        #expect(!store.hasPendingWrites)
        host.update()
        #expect(EvaluationLog.take() == [])
    }

    @Test func writesToSeveralSlotsReRunEachViewOnceParentsFirst() throws {
        let store = StateStore.inMemory()
        let host = ViewHost(root: Root(), store: store)
        _ = EvaluationLog.take()
        try store.binding(for: "Root/b", default: 0).wrappedValue = 7
        try store.binding(for: "Root/a", default: 0).wrappedValue = 3
        try store.binding(for: "Root/a", default: 0).wrappedValue = 4
        host.update()
        #expect(EvaluationLog.take() == ["Root", "ValueChild", "BindingChild", "GrandChild"])
    }

    @Test func updateWithoutChangesRunsNothing() {
        let host = ViewHost(root: Root(), store: .inMemory())
        _ = EvaluationLog.take()
        host.update()
        host.update()
        #expect(EvaluationLog.take() == [])
    }

    @Test func childrenWithClosureInputsAlwaysReRun() throws {
        let host = ViewHost(root: ClosureParent(), store: .inMemory())
        _ = EvaluationLog.take()
        try host.button("go").tap()
        #expect(EvaluationLog.take() == ["ClosureParent", "ClosureChild"], "a closure counts as changed; Leaf does not")
        #expect(host.texts.first == "1")
    }

    @Test func equatableViewsAreComparedWithTheirEquals() throws {
        let store = StateStore.inMemory()
        let host = ViewHost(root: EquatableParent(), store: store)
        _ = EvaluationLog.take()
        let n = try store.binding(for: "EquatableParent/n", default: 0)
        n.wrappedValue = 5
        host.update()
        #expect(EvaluationLog.take() == ["EquatableParent"], "5 / 10 == 0 / 10")
        n.wrappedValue = 12
        host.update()
        #expect(EvaluationLog.take() == ["EquatableParent", "EquatableChild"])
    }
}
