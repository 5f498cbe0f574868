import StateDB
import Testing

// Several hosts on one store share the cells of the identities they have in common. A write
// must reach every host that reads the slot, however many times it is written between
// updates, and whenever the hosts update or join.

private struct Counter: View {
    @State var count = 0
    var body: some View {
        Text("count \(count)")
    }
}

@MainActor
@Suite struct SharedStoreInvalidationTests {
    @Test func repeatedWritesReachEveryHostOnce() throws {
        let store = StateStore.inMemory()
        let first = ViewHost(root: Counter(), store: store)
        let second = ViewHost(root: Counter(), store: store)
        let count = try store.binding(for: "Counter/count", default: -1)
        let before = (first.bodyEvaluationCount, second.bodyEvaluationCount)
        for value in 1...10 { count.wrappedValue = value }
        #expect(first.needsUpdate && second.needsUpdate)
        first.update()
        #expect(first.bodyEvaluationCount == before.0 + 1)
        #expect(first.texts == ["count 10"])
        // The second host has not drained yet: a write after the first host's update must not
        // be lost for either of them.
        count.wrappedValue = 11
        #expect(first.needsUpdate && second.needsUpdate)
        second.update()
        #expect(second.bodyEvaluationCount == before.1 + 1)
        #expect(second.texts == ["count 11"])
        first.update()
        #expect(first.bodyEvaluationCount == before.0 + 2)
        #expect(first.texts == ["count 11"])
        #expect(!first.needsUpdate && !second.needsUpdate)
    }

    @Test func aHostThatJoinsLaterSeesTheNextWrite() throws {
        let store = StateStore.inMemory()
        let first = ViewHost(root: Counter(), store: store)
        let count = try store.binding(for: "Counter/count", default: -1)
        count.wrappedValue = 1  // noted to the first host only
        let late = ViewHost(root: Counter(), store: store)
        #expect(late.texts == ["count 1"])
        count.wrappedValue = 2
        #expect(late.needsUpdate)
        late.update()
        #expect(late.texts == ["count 2"])
        first.update()
        #expect(first.texts == ["count 2"])
    }

    @Test func eachUpdateSeesTheWritesSinceThePreviousOne() throws {
        let store = StateStore.inMemory()
        let host = ViewHost(root: Counter(), store: store)
        let count = try store.binding(for: "Counter/count", default: -1)
        for round in 1...3 {
            let before = host.bodyEvaluationCount
            count.wrappedValue = round * 10
            count.wrappedValue = round * 10 + 1
            #expect(host.needsUpdate)
            host.update()
            #expect(host.bodyEvaluationCount == before + 1)
            #expect(host.texts == ["count \(round * 10 + 1)"])
            #expect(!host.needsUpdate)
        }
    }
}
