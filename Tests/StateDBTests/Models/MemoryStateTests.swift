import Foundation
import StateDB
import Synchronization
import Testing

// `@State` and `@NonState` of types that are not Codable: kept in memory per identity,
// reported once as `notPersisted`, gone after a restart.

/// A value that is not Codable.
struct Tally {
    var count = 0
}

private struct MemoryHolder: View {
    let generation: Int
    @State var tally = Tally()
    @State var action: () -> String = { "initial" }
    @State var task: Task<Void, Never>?
    @NonState var scratch = Tally()
    var body: some View {
        let _ = EvaluationLog.record("MemoryHolder")
        Text("tally \(tally.count) action \(action()) gen \(generation)")
        Button("count") { tally.count += 1 }
        Button("swap action") { action = { "swapped" } }
        Button("scratch") { scratch.count += 1 }
        Button("start") { task = Task {} }
        Text("scratch \(scratch.count) task \(task == nil ? "none" : "some")")
    }
}

private struct MemoryParent: View {
    @State var generation = 0
    var body: some View {
        let _ = EvaluationLog.record("MemoryParent")
        Button("next") { generation += 1 }
        MemoryHolder(generation: generation)
    }
}

@MainActor
@Suite(.serialized)
struct MemoryStateTests {
    @Test func aValueThatIsNotCodableIsKeptAcrossReEvaluationAndReCreation() throws {
        let host = ViewHost(root: MemoryParent(), store: .inMemory())
        _ = EvaluationLog.take()
        try host.button("count").tap()
        #expect(EvaluationLog.take() == ["MemoryHolder"], "a write re-runs its reader")
        try host.button("swap action").tap()
        try host.button("start").tap()
        try host.button("next").tap()  // a new MemoryHolder struct with fresh initial values
        #expect(host.texts.contains("tally 1 action swapped gen 1"))
        #expect(host.texts.contains("scratch 0 task some"))
    }

    @Test func nonStateOfATypeThatIsNotCodableRefreshesNothing() throws {
        let host = ViewHost(root: MemoryParent(), store: .inMemory())
        _ = EvaluationLog.take()
        try host.button("scratch").tap()
        try host.button("scratch").tap()
        #expect(EvaluationLog.take() == [])
        try host.button("count").tap()
        #expect(host.texts.contains("scratch 2 task none"), "the writes were kept")
    }

    @Test func eachSlotIsReportedOnceAsNotPersisted() throws {
        let store = StateStore.inMemory()
        let diagnostics = DiagnosticsRecorder(store)
        let host = ViewHost(root: MemoryParent(), store: store)
        try host.button("count").tap()
        try host.button("next").tap()
        try host.button("next").tap()
        let keys = diagnostics.of(.notPersisted).compactMap(\.key).sorted()
        #expect(keys == ["MemoryParent/MemoryHolder/action", "MemoryParent/MemoryHolder/scratch",
                         "MemoryParent/MemoryHolder/tally", "MemoryParent/MemoryHolder/task"])
        #expect(diagnostics.of(.notPersisted).first { $0.key == "MemoryParent/MemoryHolder/tally" }?.message.contains("Tally") == true)
        #expect(diagnostics.all.count == 4, "nothing else: \(diagnostics.all)")
    }

    @Test func nothingIsStoredAndARestartStartsFromTheInitialValue() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let host = ViewHost(root: MemoryParent(), store: store)
        try host.button("count").tap()
        try host.button("next").tap()
        store.close()
        #expect(try SQLiteShell.run(folder.storePath, "SELECT key FROM slots ORDER BY key") == "MemoryParent/generation")

        let again = ViewHost(root: MemoryParent(), store: try StateStore(path: folder.storePath))
        #expect(again.texts.contains("tally 0 action initial gen 1"), "the Codable slot came back, the others did not")
    }

    @Test func aReCreatedStructLetsThePreviousOneGo() throws {
        // Each struct's box forwards to the identity's box, not to the box of the struct before
        // it: a chain of forwarding boxes would keep every struct's initial value alive.
        let host = ViewHost(root: ProbeParent(), store: .inMemory())
        for _ in 0..<10 { try host.button("next").tap() }
        #expect(host.texts.contains("probe 1 gen 10"), "the identity's value is the first struct's")
        // The identity's value (the first struct's), and the current struct's own initial one.
        #expect(Probe.alive.withLock { $0 } <= 2, "\(Probe.alive.withLock { $0 }) probes alive")
        withExtendedLifetime(host) {}
    }

    @Test func aBindingToAMemorySlotNamesItsKeyAndWritesIt() throws {
        let host = ViewHost(root: BindingToMemory(), store: .inMemory())
        _ = EvaluationLog.take()
        try host.button("child +1").tap()
        #expect(EvaluationLog.take() == ["BindingToMemory", "TallyChild"])
        #expect(host.texts.filter { !$0.hasSuffix("+1") } == ["parent 1", "child 1"])
    }
}

private struct BindingToMemory: View {
    @State var tally = Tally()
    var body: some View {
        let _ = EvaluationLog.record("BindingToMemory")
        Text("parent \(tally.count)")
        TallyChild(tally: $tally)
    }
}

private struct TallyChild: View {
    @Binding var tally: Tally
    var body: some View {
        let _ = EvaluationLog.record("TallyChild")
        let _ = precondition($tally.slotKey == "BindingToMemory/tally")
        Text("child \(tally.count)")
        Button("child +1") { tally.count += 1 }
    }
}

/// A value that is not Codable, counting its live instances (each struct of `ProbeHolder`
/// makes one as its initial value).
private final class Probe: Sendable {
    static let alive = Mutex(0)
    static let made = Mutex(0)
    let number: Int
    init() {
        number = Self.made.withLock { made in
            made += 1
            return made
        }
        Self.alive.withLock { $0 += 1 }
    }
    deinit { Self.alive.withLock { $0 -= 1 } }
}

private struct ProbeHolder: View {
    let generation: Int
    @State var probe = Probe()
    var body: some View {
        Text("probe \(probe.number) gen \(generation)")
    }
}

private struct ProbeParent: View {
    @State var generation = 0
    var body: some View {
        Button("next") { generation += 1 }
        ProbeHolder(generation: generation)
    }
}
