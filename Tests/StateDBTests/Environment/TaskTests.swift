import StateDB
import Testing

private struct TitleView: View {
    let log: ActionLog
    @State var title = "loading"
    var body: some View {
        Text(title).task {
            log.add("started")
            await Task.yield()
            title = "loaded"
            log.add("done")
        }
    }
}

private struct Sleeper: View {
    let log: ActionLog
    @State var shows = true
    @State var id = 0
    @State var other = 0
    var body: some View {
        if shows {
            Text("sleeper \(other)").task(id: id) { [id] in
                log.add("start \(id)")
                do {
                    // A day: it must never end by itself, even on a machine so loaded that
                    // the tests take many minutes (a CI run once saw a ten-minute sleep end).
                    try await Task.sleep(for: .seconds(86_400))
                    log.add("slept \(id)")
                } catch {
                    log.add("cancelled \(id)")
                }
            }
        }
        Button("hide") { shows = false }
        Button("next") { id += 1 }
        Button("other") { other += 1 }
    }
}

/// A task that never ends by itself: it handles what the test sends until cancelled.
private struct Listener: View {
    let messages: AsyncStream<String>
    @State var last = "nothing"
    var body: some View {
        Text("last: \(last)").task {
            for await message in messages { last = message }
        }
    }
}

private struct AppearThenTask: View {
    let log: ActionLog
    var body: some View {
        Text("a")
            .task { log.add("task") }
            .onAppear { log.add("appear") }
    }
}

@MainActor
@Suite
struct TaskTests {
    @Test func aTasksWriteShowsInRenderOnceTheTestWaitsForIt() async throws {
        let log = ActionLog()
        let host = ViewHost(root: TitleView(log: log), store: .inMemory())
        #expect(host.render() == "loading")
        #expect(host.runningTaskCount == 1)
        await host.waitForTasks()
        #expect(host.render() == "loaded")
        #expect(log.take() == ["started", "done"])
        #expect(host.runningTaskCount == 0)
    }

    @Test func tasksStartAfterTheAppearanceActions() async throws {
        let log = ActionLog()
        let host = ViewHost(root: AppearThenTask(log: log), store: .inMemory())
        await host.waitForTasks()
        #expect(log.take() == ["appear", "task"], "as SwiftUI, whatever the order written")
    }

    @Test func aTaskIsCancelledWhenItsIDChangesAndWhenItsViewLeaves() async throws {
        let log = ActionLog()
        let host = ViewHost(root: Sleeper(log: log), store: .inMemory())
        #expect(await host.waitForTasks(until: { log.entries == ["start 0"] }))

        try host.button("other").tap()
        #expect(await host.waitForTasks(until: { host.texts.first == "sleeper 1" }))
        #expect(log.entries == ["start 0"], "the same id: the task keeps running")

        try host.button("next").tap()
        #expect(await host.waitForTasks(until: { log.entries.count == 3 }))
        #expect(Set(log.take()) == ["start 0", "cancelled 0", "start 1"])
        #expect(host.runningTaskCount == 1)

        try host.button("hide").tap()
        await host.waitForTasks()
        #expect(log.take() == ["cancelled 1"])
        #expect(host.runningTaskCount == 0)
    }

    @Test func waitingForAConditionLetsATaskThatNeverEndsRun() async {
        let (messages, continuation) = AsyncStream.makeStream(of: String.self)
        let host = ViewHost(root: Listener(messages: messages), store: .inMemory())
        continuation.yield("hello")
        #expect(await host.waitForTasks(until: { host.texts == ["last: hello"] }))
        continuation.yield("again")
        #expect(await host.waitForTasks(until: { host.texts == ["last: again"] }))
        continuation.finish()
        await host.waitForTasks()
        #expect(host.runningTaskCount == 0)
    }

    @Test func releasingTheHostCancelsItsTasks() async {
        let log = ActionLog()
        var host: ViewHost? = ViewHost(root: Sleeper(log: log), store: .inMemory())
        #expect(await host!.waitForTasks(until: { log.entries == ["start 0"] }))
        host = nil
        // The cancelled task resumes on the main actor, after this test yields to it.
        for _ in 0..<1000 where log.entries.count < 2 { try? await Task.sleep(for: .milliseconds(5)) }
        #expect(log.entries == ["start 0", "cancelled 0"])
    }
}
