import StateDB
import Testing

// `@Bindable`, `Bindable(model)` and `$model.count` of a `@State` model: bindings into an
// observable model's properties, re-running only the views that read them.

/// Reads and writes a binding, as any child taking `@Binding`.
private struct CountField: View {
    let name: String
    @Binding var value: Int
    var body: some View {
        let _ = EvaluationLog.record(name)
        Text("\(name) \(value)")
        Button("\(name) +1") { value += 1 }
    }
}

/// Holds the model with `@Bindable` and passes `$model.count` on without reading it.
private struct BindableEditor: View {
    @Bindable var model: ScoreModel
    var body: some View {
        let _ = EvaluationLog.record("BindableEditor")
        CountField(name: "bindable", value: $model.count)
    }
}

/// A plain `let`, bound inline.
private struct InlineEditor: View {
    let model: ScoreModel
    var body: some View {
        let _ = EvaluationLog.record("InlineEditor")
        CountField(name: "inline", value: Bindable(model).count)
    }
}

private struct BindableRoot: View {
    @State var model = ScoreModel()
    var body: some View {
        let _ = EvaluationLog.record("BindableRoot")
        Text("title \(model.title)")
        Button("retitle") { model.title += "!" }
        BindableEditor(model: model)
        InlineEditor(model: model)
        CountField(name: "state", value: $model.count)
    }
}

private struct PersistedBindableRoot: View {
    @State var settings = PlayerSettings()
    var body: some View {
        let _ = EvaluationLog.record("PersistedBindableRoot")
        CountField(name: "volume", value: $settings.volume)
    }
}

@MainActor
@Suite(.serialized)
struct BindableTests {
    @Test func aWriteThroughABindableReRunsOnlyTheViewsReadingTheProperty() throws {
        _ = EvaluationLog.take()
        let host = ViewHost(root: BindableRoot(), store: .inMemory())
        #expect(EvaluationLog.take() == ["BindableRoot", "BindableEditor", "bindable", "InlineEditor", "inline", "state"])
        try host.button("bindable +1").tap()
        #expect(EvaluationLog.take().sorted() == ["bindable", "inline", "state"], "every reader of count, none of the holders")
        #expect(host.texts.filter { $0.hasSuffix("1") && !$0.contains("+") } == ["bindable 1", "inline 1", "state 1"])
    }

    @Test func inlineAndStateBindingsWriteTheModel() throws {
        let host = ViewHost(root: BindableRoot(), store: .inMemory())
        try host.button("inline +1").tap()
        try host.button("state +1").tap()
        _ = EvaluationLog.take()
        try host.button("state +1").tap()
        #expect(EvaluationLog.take().sorted() == ["bindable", "inline", "state"], "the slot itself did not change: BindableRoot stays")
        #expect(host.texts.contains("bindable 3"))
    }

    @Test func holdersOfTheSameModelAreSkippedWhenTheParentReRuns() throws {
        let host = ViewHost(root: BindableRoot(), store: .inMemory())
        _ = EvaluationLog.take()
        try host.button("retitle").tap()
        #expect(EvaluationLog.take() == ["BindableRoot"], "same model, same bindings: nothing below re-runs")
    }

    @Test func bindingsToTheSamePropertyOfTheSameModelAreTheSame() {
        let model = ScoreModel()
        #expect(Bindable(model).count.refersToSameValue(as: Bindable(model).count))
        #expect(!Bindable(model).count.refersToSameValue(as: Bindable(model).unread))
        #expect(!Bindable(model).count.refersToSameValue(as: Bindable(ScoreModel()).count))
        @Bindable var bound = model
        $bound.count.wrappedValue = 4
        #expect(model.count == 4)
    }

    @Test func aStateBindingIntoACodableModelIsStored() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let host = ViewHost(root: PersistedBindableRoot(), store: store)
        _ = EvaluationLog.take()
        try host.button("volume +1").tap()
        #expect(EvaluationLog.take() == ["volume"])
        #expect(try SQLiteShell.run(folder.storePath, "SELECT value FROM slots WHERE key = 'PersistedBindableRoot/settings'") == #"{"name":"guest","volume":6}"#)
    }
}
