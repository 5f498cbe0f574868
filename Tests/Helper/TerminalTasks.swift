import StateDB

/// A screen whose `.task` waits off the main actor (a sleep), then writes state, and ticks a
/// counter a few times; its "Fetch" button starts a main-actor `Task` that sleeps, then
/// writes. Both show only if the terminal host lets main-actor work run.
struct TaskScreen: View {
    @State var status = "waiting"
    @State var ticks = 0
    @State var fetched = "no"

    var body: some View {
        Button("Fetch") {
            Task { @MainActor in
                try? await Task.sleep(for: .milliseconds(50))
                fetched = "yes"
            }
        }
        Text("fetched: \(fetched)")
        Text("status: \(status)")
            .task {
                try? await Task.sleep(for: .milliseconds(100))
                status = "loaded"
                for _ in 0..<3 {
                    try? await Task.sleep(for: .milliseconds(50))
                    ticks += 1
                }
            }
        Text("ticks: \(ticks)")
        Button("Reset") { ticks = 0 }
    }
}

/// `terminal-tasks STORE`: runs `TaskScreen` in the terminal host until `q`.
@MainActor
func terminalTasks(_ arguments: [String]) {
    runInTerminal("terminal-tasks", arguments, root: TaskScreen())
}
