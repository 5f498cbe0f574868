import StateDB
import Testing

// A slot can have one reader, several, or none; readers come and go as bodies change what they
// read. Each write must re-run exactly the views whose last evaluation read the slot.

private struct Shared: View {
    @State var value = 0
    @State var firstReads = true
    @State var secondReads = true
    var body: some View {
        let _ = EvaluationLog.record("Shared")
        NamedReader(name: "first", reads: firstReads, value: $value)
        NamedReader(name: "second", reads: secondReads, value: $value)
    }
}

@MainActor
@Suite(.serialized)
struct ReaderBookkeepingTests {
    @Test func readersComeAndGo() throws {
        let store = StateStore.inMemory()
        let host = ViewHost(root: Shared(), store: store)
        let value = try store.binding(for: "Shared/value", default: -1)
        let firstReads = try store.binding(for: "Shared/firstReads", default: false)
        let secondReads = try store.binding(for: "Shared/secondReads", default: false)
        _ = EvaluationLog.take()

        value.wrappedValue = 1
        host.update()
        #expect(EvaluationLog.take().sorted() == ["first", "second"], "two readers")

        firstReads.wrappedValue = false
        host.update()
        #expect(EvaluationLog.take() == ["Shared", "first"])
        value.wrappedValue = 2
        host.update()
        #expect(EvaluationLog.take() == ["second"], "the first stopped reading")

        secondReads.wrappedValue = false
        host.update()
        _ = EvaluationLog.take()
        value.wrappedValue = 3
        host.update()
        #expect(EvaluationLog.take() == [], "nobody reads it now")

        firstReads.wrappedValue = true
        host.update()
        _ = EvaluationLog.take()
        value.wrappedValue = 4
        host.update()
        #expect(EvaluationLog.take() == ["first"], "a reader again")
        #expect(host.texts == ["first 4"])
    }
}
