import StateDB
import Testing

// A body should only read state. One that writes a slot while being evaluated is reported
// (`writeDuringBody`, once per slot), its write is kept, and the host settles: the write does
// not re-run the view that made it when that view read the slot, and a chain of such writes
// through other views stops after a few updates. Without that, such a body kept `needsUpdate`
// true forever and the terminal host updated in a loop.

/// Counts its own evaluations in a slot it reads: `count += 1` in the body.
private struct SelfCounting: View {
    @State var count = 0

    var body: some View {
        let _ = bump()
        Text("count \(count)")
    }

    private func bump() { count += 1 }
}

/// Writes the slot `Shown` reads, from its body, without reading it.
private struct Announcer: View {
    let shared: Binding<String>
    var body: some View {
        let _ = shared.wrappedValue = "announced"
        Text("announcer")
    }
}

private struct Shown: View {
    let shared: Binding<String>
    var body: some View {
        let _ = EvaluationLog.record("Shown")
        Text("shown: \(shared.wrappedValue)")
    }
}

private struct AnnouncerAndShown: View {
    let shared: Binding<String>
    var body: some View {
        Announcer(shared: shared)
        Shown(shared: shared)
    }
}

/// Two views that each write what the other reads: x → y → x → …
private struct PingPong: View {
    let x: Binding<Int>
    let y: Binding<Int>
    var body: some View {
        Ping(from: x, to: y)
        Ping(from: y, to: x)
    }
}

private struct Ping: View {
    let from: Binding<Int>
    let to: Binding<Int>
    var body: some View {
        let seen = from.wrappedValue
        let _ = to.wrappedValue = seen + 1
        Text("saw \(seen)")
    }
}

@MainActor
@Suite(.serialized)  // EvaluationLog is shared
struct WriteDuringBodyTests {
    /// Updates while the host says it needs to, at most `limit` times; returns how many ran.
    private func settle(_ host: ViewHost, limit: Int = 20) -> Int {
        var updates = 0
        while host.needsUpdate && updates < limit {
            host.update()
            updates += 1
        }
        return updates
    }

    @Test func aBodyThatWritesWhatItReadsIsReportedOnceAndTheHostSettles() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let diagnostics = DiagnosticsRecorder(store)
        let host = ViewHost(root: SelfCounting(), store: store)
        let wakeUps = Locked(0)
        host.onNeedsUpdate = { wakeUps.mutate { $0 += 1 } }
        let mounted = host.bodyEvaluationCount

        let updates = settle(host)
        #expect(updates <= 1, "one update takes in the write the mount made")
        #expect(!host.needsUpdate, "the host settled")
        #expect(host.bodyEvaluationCount == mounted, "the write did not re-run the body that made it")
        for _ in 0..<3 { host.update() }
        #expect(!host.needsUpdate && wakeUps.value == 0 && host.bodyEvaluationCount == mounted)

        let count = try store.binding(for: "SelfCounting/count", default: -1)
        #expect(count.wrappedValue == 1, "the write is kept")
        #expect(host.texts == ["count 1"], "what the body read, then wrote")

        // An ordinary write re-runs the body once; its own write again settles.
        count.wrappedValue = 10
        host.update()
        #expect(host.bodyEvaluationCount == mounted + 1)
        #expect(settle(host) <= 1 && !host.needsUpdate)
        #expect(host.bodyEvaluationCount == mounted + 1)
        #expect(count.wrappedValue == 11 && host.texts == ["count 11"])

        let reported = diagnostics.of(.writeDuringBody)
        #expect(reported.count == 1, "once per slot: \(reported)")
        #expect(reported.first?.key == "SelfCounting/count")
        #expect(reported.first?.message.contains("SelfCounting") == true, "names the view")
        store.close()

        let reopened = try StateStore(path: folder.storePath)
        #expect(try reopened.binding(for: "SelfCounting/count", default: -1).wrappedValue == 11, "committed")
        reopened.close()
    }

    @Test func aBodyThatWritesASlotOthersReadReRunsThemOnce() throws {
        let store = StateStore.inMemory()
        let diagnostics = DiagnosticsRecorder(store)
        let shared = try store.binding(for: "Shared/text", default: "initial")
        _ = EvaluationLog.take()
        let host = ViewHost(root: AnnouncerAndShown(shared: shared), store: store)
        #expect(EvaluationLog.take() == ["Shown"])

        #expect(settle(host) <= 2 && !host.needsUpdate)
        #expect(EvaluationLog.take() == ["Shown"], "the reader re-ran once for the write")
        #expect(host.texts.contains("shown: announced"))
        #expect(diagnostics.of(.writeDuringBody).map(\.key) == ["Shared/text"])
    }

    @Test func aCycleOfWritesThroughTwoBodiesStops() throws {
        let store = StateStore.inMemory()
        let diagnostics = DiagnosticsRecorder(store)
        let x = try store.binding(for: "Cycle/x", default: 0)
        let y = try store.binding(for: "Cycle/y", default: 0)
        let host = ViewHost(root: PingPong(x: x, y: y), store: store)
        let mounted = host.bodyEvaluationCount

        let updates = settle(host)
        #expect(!host.needsUpdate, "the cycle kept the host updating")
        // The chain is cut after four bodies (docs/data-flow.md): a few updates, a few bodies.
        #expect(updates <= 5, "\(updates) updates")
        #expect(host.bodyEvaluationCount - mounted <= 4, "each body in the chain ran once per update, and the chain ended")
        #expect(Set(diagnostics.of(.writeDuringBody).compactMap(\.key)) == ["Cycle/x", "Cycle/y"])
        #expect(diagnostics.of(.writeDuringBody).count == 2)
    }
}
