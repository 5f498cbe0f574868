import StateDB

/// A screen that shows the room a `GeometryReader` gives it.
struct GeometryScreen: View {
    var body: some View {
        GeometryReader { proxy in
            Text("room: \(Int(proxy.size.width)) columns, \(Int(proxy.size.height)) rows")
        }
    }
}

/// `terminal-geometry STORE`: runs `GeometryScreen` in the terminal host until `q`.
@MainActor
func terminalGeometry(_ arguments: [String]) {
    runInTerminal("terminal-geometry", arguments, root: GeometryScreen())
}
