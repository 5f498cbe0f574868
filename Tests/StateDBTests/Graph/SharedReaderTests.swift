import StateDB
import Testing

// A slot keeps the views that read it, for every host on its store. Hosts sharing a store
// share the cells of their common identities, so each must find its own readers of a cell and
// none of another's, as hosts come and go; and a host that ends must leave no view of its
// tree held by the store's cells.

private struct Pair: View {
    @State var value = 0
    @State var firstReads = true
    var body: some View {
        NamedReader(name: "first", reads: firstReads, value: $value)
        NamedReader(name: "second", reads: true, value: $value)
    }
}

private final class Token {}

private struct Holder: View {
    let token: Token
    @State var count = 0
    var body: some View {
        Text("count \(count)")
    }
}

@MainActor
@Suite(.serialized)
struct SharedReaderTests {
    @Test func eachHostRerunsItsOwnReadersAsHostsComeAndGo() throws {
        let store = StateStore.inMemory()
        var first: ViewHost? = ViewHost(root: Pair(), store: store)
        let second = ViewHost(root: Pair(), store: store)
        let value = try store.binding(for: "Pair/value", default: -1)
        let firstReads = try store.binding(for: "Pair/firstReads", default: false)
        _ = EvaluationLog.take()

        value.wrappedValue = 1
        first?.update()
        #expect(EvaluationLog.take().sorted() == ["first", "second"], "the first host's two readers, not the second's")
        second.update()
        #expect(EvaluationLog.take().sorted() == ["first", "second"], "the second host's two readers")
        #expect(second.texts == ["first 1", "second 1"])

        firstReads.wrappedValue = false  // in both trees: they share the slot
        first?.update()
        second.update()
        _ = EvaluationLog.take()
        value.wrappedValue = 2
        second.update()
        #expect(EvaluationLog.take() == ["second"], "the second host's remaining reader")
        first?.update()
        #expect(EvaluationLog.take() == ["second"], "the first host's remaining reader")

        first = nil
        value.wrappedValue = 3
        second.update()
        #expect(EvaluationLog.take() == ["second"], "the second host, alone now")
        #expect(second.texts == ["second 3"])

        firstReads.wrappedValue = true
        let third = ViewHost(root: Pair(), store: store)
        second.update()
        _ = EvaluationLog.take()
        value.wrappedValue = 4
        third.update()
        #expect(EvaluationLog.take().sorted() == ["first", "second"], "a host that joined later")
        second.update()
        #expect(EvaluationLog.take().sorted() == ["first", "second"])
        #expect(third.texts == ["first 4", "second 4"] && second.texts == third.texts)
    }

    @Test func anEndedHostLeavesNoViewHeldByTheStore() throws {
        let store = StateStore.inMemory()
        weak var released: Token?
        do {
            let token = Token()
            released = token
            let host = ViewHost(root: Holder(token: token), store: store)
            #expect(host.texts == ["count 0"])
        }
        #expect(released == nil, "the store's cell kept the ended host's view")
        // The cell is still the store's, and a new host reads it.
        let count = try store.binding(for: "Holder/count", default: -1)
        count.wrappedValue = 5
        let next = ViewHost(root: Holder(token: Token()), store: store)
        #expect(next.texts == ["count 5"])
        count.wrappedValue = 6
        next.update()
        #expect(next.texts == ["count 6"])
    }
}
