import StateDB
import Testing

// A model handed down with `.environment(model)` is tracked like one held in `@State`: a body
// that read one of its properties re-runs when that property changes, and only that body.

@Observable
private final class Basket {
    var fruit = "apple"
    var count = 1
}

private struct BasketRoot: View {
    let basket: Basket
    var body: some View {
        let _ = EvaluationLog.record("BasketRoot")
        Shelf().environment(basket)
    }
}

/// Holds the model through the environment but reads nothing of it.
private struct Shelf: View {
    @Environment(Basket.self) private var basket
    var body: some View {
        let _ = EvaluationLog.record("Shelf")
        FruitReader()
        CountReader()
    }
}

private struct FruitReader: View {
    @Environment(Basket.self) private var basket
    var body: some View {
        let _ = EvaluationLog.record("FruitReader")
        Text("fruit \(basket.fruit)")
    }
}

private struct CountReader: View {
    @Environment(Basket.self) private var basket
    var body: some View {
        let _ = EvaluationLog.record("CountReader")
        Text("count \(basket.count)")
    }
}

@MainActor
@Suite(.serialized)
struct EnvironmentModelTests {
    @Test func aPropertyWriteReRunsOnlyTheBodiesThatReadIt() {
        let basket = Basket()
        let host = ViewHost(root: BasketRoot(basket: basket), store: .inMemory())
        #expect(host.render().contains("fruit apple"))
        _ = EvaluationLog.take()

        basket.count = 2
        #expect(host.needsUpdate)
        host.update()
        #expect(EvaluationLog.take() == ["CountReader"])
        #expect(host.render().contains("count 2"))

        basket.fruit = "pear"
        basket.fruit = "plum"
        host.update()
        #expect(EvaluationLog.take() == ["FruitReader"], "two writes, one evaluation")
        #expect(host.render().contains("fruit plum"))

        host.update()
        #expect(EvaluationLog.take() == [], "nothing changed since")
    }
}
