// Only `import StateDB`: `@Observable` and `withObservationTracking` must come with it.
import StateDB
import Testing

// Which bodies re-run after which change of an `@Observable` model, asserted as exact lists of
// names (as `InvalidationTests` does for slots).

@Observable
final class ScoreModel {
    var count = 0
    var title = "t"
    var unread = 0
}

private struct ModelRoot: View {
    @State var model = ScoreModel()
    var body: some View {
        let _ = EvaluationLog.record("ModelRoot")
        VStack {
            Text("title \(model.title)")
            CountChild(model: model)
            ModelLeaf()
            Button("inc") { model.count += 1 }
            Button("retitle") { model.title += "!" }
            Button("unread") { model.unread += 1 }
            Button("same") { model.count = model.count }
            Button("many") {
                for _ in 0..<10 { model.count += 1 }
                model.title = "many"
            }
        }
    }
}

/// Takes the model as a plain `let`: depends on what it reads itself.
private struct CountChild: View {
    let model: ScoreModel
    var body: some View {
        let _ = EvaluationLog.record("CountChild")
        Text("count \(model.count)")
    }
}

private struct ModelLeaf: View {
    var body: some View {
        let _ = EvaluationLog.record("ModelLeaf")
        Text("leaf")
    }
}

@MainActor
@Suite(.serialized)
struct ObservableInvalidationTests {
    @Test func aPropertyReadOnlyByTheChildReRunsOnlyTheChild() throws {
        _ = EvaluationLog.take()
        let host = ViewHost(root: ModelRoot(), store: .inMemory())
        #expect(EvaluationLog.take() == ["ModelRoot", "CountChild", "ModelLeaf"])
        try host.button("inc").tap()
        #expect(EvaluationLog.take() == ["CountChild"])
        #expect(host.texts.contains("count 1"))
        try host.button("inc").tap()
        #expect(EvaluationLog.take() == ["CountChild"], "tracking is armed again by every evaluation")
        #expect(host.texts.contains("count 2"))
    }

    @Test func aPropertyReadOnlyByTheParentReRunsOnlyTheParent() throws {
        let host = ViewHost(root: ModelRoot(), store: .inMemory())
        _ = EvaluationLog.take()
        try host.button("retitle").tap()
        #expect(EvaluationLog.take() == ["ModelRoot"], "the child holds the same model, so it is skipped")
        #expect(host.texts.contains("title t!"))
    }

    @Test func aPropertyNoBodyReadReRunsNothing() throws {
        let host = ViewHost(root: ModelRoot(), store: .inMemory())
        _ = EvaluationLog.take()
        try host.button("unread").tap()
        #expect(EvaluationLog.take() == [])
        #expect(!host.needsUpdate)
    }

    @Test func writingAnEqualValueReRunsNothing() throws {
        // The macro's setter skips the notification for an equal Equatable value.
        let host = ViewHost(root: ModelRoot(), store: .inMemory())
        _ = EvaluationLog.take()
        try host.button("same").tap()
        #expect(EvaluationLog.take() == [])
    }

    @Test func manyWritesReRunEachReaderOnceParentsFirst() throws {
        let host = ViewHost(root: ModelRoot(), store: .inMemory())
        _ = EvaluationLog.take()
        try host.button("many").tap()
        #expect(EvaluationLog.take() == ["ModelRoot", "CountChild"])
        #expect(host.texts.contains("count 10"))
        #expect(host.texts.contains("title many"))
    }

    @Test func aChangeOutsideAnyActionWaitsForTheNextUpdate() {
        var seen: ScoreModel?
        let host = ViewHost(root: ModelProbe { seen = $0 }, store: .inMemory())
        let model = try! #require(seen)
        _ = EvaluationLog.take()
        model.count = 3
        #expect(host.needsUpdate)
        #expect(EvaluationLog.take() == [], "nothing runs before update()")
        host.update()
        #expect(EvaluationLog.take() == ["CountChild"])
        host.update()
        #expect(EvaluationLog.take() == [], "one change, one re-run")
    }

    @Test func aWriteFromABackgroundTaskReachesTheScreenThroughOnNeedsUpdate() async {
        var seen: SendableScore?
        let host = ViewHost(root: BackgroundProbe { seen = $0 }, store: .inMemory())
        let model = seen!
        let wakeUps = Locked(0)
        host.onNeedsUpdate = { wakeUps.mutate { $0 += 1 } }
        _ = EvaluationLog.take()
        await Task.detached {
            for value in 1...5 { model.count = value }
        }.value
        #expect(wakeUps.value == 1, "one wake-up for the batch")
        #expect(host.needsUpdate)
        _ = EvaluationLog.take()  // other suites' views may have run while this test waited
        host.update()
        #expect(EvaluationLog.take() == ["BackgroundProbe"])
        #expect(host.texts == ["background 5"])
        #expect(!host.needsUpdate)
    }

    @Test func aWriteFromAMainActorTaskWakesTheHostToo() async {
        var seen: ScoreModel?
        let host = ViewHost(root: ModelProbe { seen = $0 }, store: .inMemory())
        let model = seen!
        let wakeUps = Locked(0)
        host.onNeedsUpdate = { wakeUps.mutate { $0 += 1 } }
        _ = EvaluationLog.take()
        await Task { @MainActor in model.count = 9 }.value
        #expect(wakeUps.value == 1)
        _ = EvaluationLog.take()  // other suites' views may have run while this test waited
        host.update()
        #expect(EvaluationLog.take() == ["CountChild"])
        #expect(host.texts.contains("count 9"))
    }

    @Test func aViewReadingAPropertyOnlyInAnEarlierEvaluationNoLongerDependsOnIt() {
        var seen: ScoreModel?
        let host = ViewHost(root: SwitchingReader { seen = $0 }, store: .inMemory())
        let model = seen!
        _ = EvaluationLog.take()
        model.unread = 1  // switches the reader from `count` to `title`
        host.update()
        #expect(EvaluationLog.take() == ["SwitchingReader"])
        model.count = 5
        host.update()
        #expect(EvaluationLog.take() == [], "the latest evaluation did not read count")
        model.title = "x"
        host.update()
        #expect(EvaluationLog.take() == ["SwitchingReader"])
    }
}

/// Hands out its model, and shows it through a child.
private struct ModelProbe: View {
    @State var model = ScoreModel()
    let reveal: (ScoreModel) -> Void
    var body: some View {
        let _ = reveal(model)
        CountChild(model: model)
    }
}

/// A model another thread may write (its own promise: this test writes it from one thread at
/// a time, and reads it on the main actor only after that thread finished).
@Observable
final class SendableScore: @unchecked Sendable {
    var count = 0
}

private struct BackgroundProbe: View {
    @State var model = SendableScore()
    let reveal: (SendableScore) -> Void
    var body: some View {
        let _ = EvaluationLog.record("BackgroundProbe")
        let _ = reveal(model)
        Text("background \(model.count)")
    }
}

/// Reads `count` while `unread` is 0, else `title`.
private struct SwitchingReader: View {
    @State var model = ScoreModel()
    let reveal: (ScoreModel) -> Void
    var body: some View {
        let _ = EvaluationLog.record("SwitchingReader")
        let _ = reveal(model)
        if model.unread == 0 {
            Text("count \(model.count)")
        } else {
            Text("title \(model.title)")
        }
    }
}

/// Two views whose bodies each change what the other reads: the chain of such changes is cut
/// as for slots, so the host settles.
@Observable
final class PingPongModel {
    var ping = 0
    var pong = 0
}

private struct Pinger: View {
    let model: PingPongModel
    var body: some View {
        let _ = EvaluationLog.record("Pinger")
        let _ = model.ping = model.pong + 1
        Text("ping \(model.ping)")
    }
}

private struct Ponger: View {
    let model: PingPongModel
    var body: some View {
        let _ = EvaluationLog.record("Ponger")
        let _ = model.pong = model.ping + 1
        Text("pong \(model.pong)")
    }
}

private struct PingPongRoot: View {
    @State var model = PingPongModel()
    var body: some View {
        Pinger(model: model)
        Ponger(model: model)
        Button("kick") { model.ping += 100 }
    }
}

@MainActor
@Suite(.serialized)
struct ObservableBodyWriteTests {
    /// docs/data-flow.md: a chain of changes made by bodies is cut after four bodies.
    static let chainLimit = 4

    @Test func bodiesChangingWhatEachOtherReadsSettle() throws {
        _ = EvaluationLog.take()
        let host = ViewHost(root: PingPongRoot(), store: .inMemory())
        var updates = 0
        while host.needsUpdate && updates < 50 {
            host.update()
            updates += 1
        }
        #expect(!host.needsUpdate, "the host settles")
        #expect(updates <= Self.chainLimit)
        let mounted = EvaluationLog.take()
        #expect(mounted.count <= 2 + Self.chainLimit, "\(mounted)")

        // An ordinary change starts a new chain, which ends too.
        try host.button("kick").tap()
        updates = 0
        while host.needsUpdate && updates < 50 {
            host.update()
            updates += 1
        }
        #expect(!host.needsUpdate)
        #expect(updates <= Self.chainLimit)
    }
}
