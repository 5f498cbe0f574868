import StateDB
import StateDBTerminal

/// The body of each `terminal-*` command: opens the one STORE path it takes, runs `root` in the
/// terminal host until `q`, then flushes and closes the store. `command` names the command in
/// the usage error.
@MainActor
func runInTerminal(_ command: String, _ arguments: [String], root: some View) {
    guard arguments.count == 1 else { usageError("\(command) takes one STORE path") }
    let store = openStore(arguments[0])
    let host = ViewHost(root: root, store: store)
    do {
        try TerminalHost(host: host).run()
        try store.flush()
    } catch {
        fail("\(error)")
    }
    store.close()
}
