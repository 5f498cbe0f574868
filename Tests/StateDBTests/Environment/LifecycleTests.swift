import StateDB
import Testing

/// What the actions of one test's views did, in order (each test has its own, so tests that
/// wait for tasks cannot mix their records).
@MainActor
final class ActionLog {
    private(set) var entries: [String] = []
    func add(_ entry: String) { entries.append(entry) }
    func take() -> [String] {
        defer { entries = [] }
        return entries
    }
}

private struct LifeRoot: View {
    let log: ActionLog
    @State var showsChild = true
    @State var value = 0
    @State var mirror = -1
    var body: some View {
        VStack {
            if showsChild {
                LifeChild(log: log, name: "child")
                    .onAppear { log.add("child appear") }
                    .onDisappear { log.add("child disappear") }
            }
            Text("v \(value)")
                .onChange(of: value) { old, new in
                    log.add("change \(old)->\(new)")
                    mirror = new
                }
                .onChange(of: value / 2, initial: true) { log.add("half \(value / 2)") }
                // SwiftUI's older one-argument form: the new value, never at appearance.
                .onChange(of: value % 3) { newRemainder in log.add("remainder \(newRemainder)") }
            Text("mirror \(mirror)")
        }
        .onAppear { log.add("stack appear") }
        Button("toggle") { showsChild.toggle() }
        Button("inc") { value += 1 }
        Button("same") { value = value }
    }
}

private struct LifeChild: View {
    let log: ActionLog
    let name: String
    var body: some View {
        Text(name)
            .onAppear { log.add("\(name) text appear") }
            .onDisappear { log.add("\(name) text disappear") }
    }
}

/// An appearance action that writes state: the update that mounted the view shows it.
private struct Loader: View {
    @State var loaded = false
    var body: some View {
        Text(loaded ? "loaded" : "loading").onAppear { loaded = true }
    }
}

private struct Rows: View {
    let log: ActionLog
    @State var ids = [1, 2, 3]
    var body: some View {
        ForEach(ids, id: \.self) { id in
            Text("row \(id)")
                .onAppear { log.add("appear \(id)") }
                .onDisappear { log.add("disappear \(id)") }
        }
        Button("drop 2") { ids.removeAll { $0 == 2 } }
        Button("add 4") { ids.append(4) }
    }
}

@MainActor
@Suite
struct LifecycleTests {
    @Test func appearanceRunsAfterTheBodiesChildrenBeforeParentsModifiersInOrder() throws {
        let log = ActionLog()
        _ = ViewHost(root: LifeRoot(log: log), store: .inMemory())
        #expect(log.take() == ["child text appear", "child appear", "half 0", "stack appear"])
    }

    @Test func disappearanceRunsWhenTheViewLeavesChildrenFirstAndAppearanceAgainOnReturn() throws {
        let log = ActionLog()
        let host = ViewHost(root: LifeRoot(log: log), store: .inMemory())
        _ = log.take()
        try host.button("toggle").tap()
        #expect(log.take() == ["child text disappear", "child disappear"], "no onChange: the parent re-ran with an equal value")
        try host.button("toggle").tap()
        #expect(log.take() == ["child text appear", "child appear"])
        host.update()
        #expect(log.take() == [])
    }

    @Test func onChangeRunsForChangedValuesOnlyWithOldAndNew() throws {
        let log = ActionLog()
        let host = ViewHost(root: LifeRoot(log: log), store: .inMemory())
        _ = log.take()
        try host.button("inc").tap()
        #expect(log.take() == ["change 0->1", "remainder 1"], "value / 2 is still 0")
        #expect(host.texts.contains("mirror 1"), "the action's write shows in the same update")
        try host.button("inc").tap()
        #expect(log.take() == ["change 1->2", "half 1", "remainder 2"])
        try host.button("same").tap()
        #expect(log.take() == [])
        #expect(host.texts.contains("mirror 2"))
    }

    @Test func anAppearanceActionsWriteShowsInTheMountingUpdate() throws {
        let host = ViewHost(root: Loader(), store: .inMemory())
        #expect(host.render() == "loaded")
        #expect(!host.needsUpdate)
    }

    @Test func forEachElementsAppearAndDisappearByID() throws {
        let log = ActionLog()
        let host = ViewHost(root: Rows(log: log), store: .inMemory())
        #expect(log.take() == ["appear 1", "appear 2", "appear 3"])
        try host.button("drop 2").tap()
        #expect(log.take() == ["disappear 2"])
        try host.button("add 4").tap()
        #expect(log.take() == ["appear 4"])
    }
}
