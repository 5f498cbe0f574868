import StateDB

/// A view whose body writes the slot it reads (`count += 1`), as a buggy app's might.
struct SelfCountingScreen: View {
    @State var count = 0

    var body: some View {
        let _ = bump()
        Text("evaluations: \(count)")
        Button("Quit hint") {}
    }

    private func bump() { count += 1 }
}

/// `terminal-self-writer STORE`: runs `SelfCountingScreen` in the terminal host until `q`, then
/// flushes and closes. A host that re-ran that body for its own write updated in a loop, using
/// a whole core and counting up for as long as it ran.
@MainActor
func terminalSelfWriter(_ arguments: [String]) {
    runInTerminal("terminal-self-writer", arguments, root: SelfCountingScreen())
}
