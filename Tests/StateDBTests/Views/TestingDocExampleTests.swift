import Foundation
import StateDB
import Testing

/// The examples of docs/testing.md, run (the docs test only compiles them).
private struct Counter: View {
    @State private var count = 0
    var body: some View {
        VStack {
            Text("Count: \(count)")
            Button("Add") { count += 1 }
        }
    }
}

@MainActor
@Suite("docs/testing.md examples")
struct TestingDocExampleTests {
    @Test func addCounts() throws {
        let host = ViewHost(root: Counter(), store: .inMemory())
        try host.button("Add").tap()
        #expect(host.render() == "Count: 1\n[ Add ]")
    }

    @Test func theCountSurvivesARestart() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        try ViewHost(root: Counter(), store: store).button("Add").tap()
        store.close()
        let again = ViewHost(root: Counter(), store: try StateStore(path: folder.storePath))
        #expect(again.texts.first == "Count: 1")
    }

    @Test func aBackgroundWriteShowsAfterTheNextUpdate() async throws {
        let store = StateStore.inMemory()
        let host = ViewHost(root: Counter(), store: store)
        let count = try store.binding(for: "Counter/count", default: 0)
        await Task.detached { count.wrappedValue = 5 }.value
        host.update()
        #expect(host.texts.first == "Count: 5")
    }
}
