import Foundation
import StateDB
import StateDBTerminal

// todo: the statedb example app. Interactive in a terminal; scripted when commands are piped in.

func printError(_ message: String) {
    fflush(nil)  // flushes standard output, so the message lands after the screen it follows
    FileHandle.standardError.write(Data("todo: \(message)\n".utf8))
}

let options: Options
switch Options.parse(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment) {
case .success(let parsed): options = parsed
case .failure(let error):
    printError(error.message)
    exit(2)
}
if options.showsHelp {
    print(Options.help)
    exit(0)
}

let store: StateStore
do {
    // A postgresql:// URL opens the store on a PostgreSQL server; anything else is a file.
    store = try StateStore(url: options.storePath, migrations: TodoMigrations.all)
} catch {
    printError("cannot open the store: \(error)")  // the error names the path
    exit(1)
}
/// Where the store is, as it may be shown: a URL's password hidden.
let storeLocation = store.path
let interactive = TerminalHost.isAvailable
// While the terminal host owns the screen it shows diagnostics on its message line, and
// hands them to this handler when it gives the screen back.
store.diagnosticHandler = { diagnostic in printError("\(diagnostic)") }

/// Runs `app` in the terminal or on the piped commands, then saves. Returns whether the run
/// went well (every scripted command was valid, the terminal did not fail).
@MainActor
func run<App: TodoRoot>(_ app: App) -> Bool {
    let host = ViewHost(root: app, store: store)
    var succeeded = true
    if interactive {
        do {
            try TerminalHost(host: host).run()
        } catch {
            printError("\(error)")
            succeeded = false
        }
    } else {
        succeeded = ScriptedSession(app: app, host: host).run()
    }

    app.recordOpening()
    do {
        try store.flush()
        store.close()
    } catch {
        printError("could not save to \(storeLocation): \(error)")
        exit(1)
    }
    return succeeded
}

let succeeded = switch options.layout {
case .one: run(TodoApp(storePath: storeLocation, openedAt: Date()))
case .two: run(LayoutTwo.TodoApp(storePath: storeLocation, openedAt: Date()))
}
print("\nSaved in \(storeLocation)")
print("Run todo again to find it as you left it, or look inside: swift run statedb inspect \(storeLocation)")
exit(succeeded ? 0 : 1)
