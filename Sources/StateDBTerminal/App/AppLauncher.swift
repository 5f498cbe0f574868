import Foundation
import StateDB

/// What `App.main()` does.
///
/// - The store: the path in `STATEDB_STORE` when it is set (a `postgresql://` URL opens a
///   store on a server), else `$XDG_STATE_HOME/NAME/state.sqlite`, where `XDG_STATE_HOME`
///   defaults to `~/.local/state` and NAME is the executable's name (the folder is made).
///   It opens with the default options and no app migrations; an app that needs them writes
///   its own `main`, as `Examples/Todo` does.
/// - In a terminal, the view runs until the user quits (`TerminalHost`); without one (output
///   piped, a service), the view is drawn once as text (`ViewHost.render()`) and the app ends.
/// - Then the store is flushed and closed. The app exits 0, or 1 after saying on standard
///   error why the store could not be opened or saved, or the terminal failed.
@MainActor
enum AppLauncher {
    /// The executable's file name (`notes` for `/usr/local/bin/notes`), or `app`.
    nonisolated static func executableName(_ argument: String?) -> String {
        let name = argument.map { URL(fileURLWithPath: $0).lastPathComponent } ?? ""
        return name.isEmpty ? "app" : name
    }

    /// Where the app's store is (see `AppLauncher`).
    nonisolated static func storeLocation(name: String, environment: [String: String]) -> String {
        if let path = environment["STATEDB_STORE"], !path.isEmpty { return path }
        let stateHome: String
        if let configured = environment["XDG_STATE_HOME"], configured.hasPrefix("/") {
            stateHome = configured  // the specification ignores a relative path
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            stateHome = home + "/.local/state"
        }
        return stateHome + "/" + name + "/state.sqlite"
    }

    /// Runs `app` as `App.main()` does; returns the exit status.
    static func launch<A: App>(_ app: A, name: String, environment: [String: String], interactive: Bool,
                               print: (String) -> Void, printError: (String) -> Void) -> Int32 {
        guard let content = rootView(of: app.body) else {
            printError("\(name): the app's body has no WindowGroup to show")
            return 1
        }
        let location = storeLocation(name: name, environment: environment)
        let store: StateStore
        do {
            if !location.contains("://") {
                let folder = (location as NSString).deletingLastPathComponent
                if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            }
            store = try StateStore(url: location)
        } catch {
            printError("\(name): cannot open the store at \(location): \(error) (set STATEDB_STORE to use another path)")
            return 1
        }
        var status: Int32 = 0
        let host = host(for: content, store: store)
        if interactive {
            do {
                try TerminalHost(host: host).run()
            } catch {
                printError("\(name): \(error)")
                status = 1
            }
        } else {
            print(host.render())
        }
        do {
            try store.flush()
        } catch {
            printError("\(name): could not save to \(store.path): \(error)")
            status = 1
        }
        store.close()
        return status
    }

    /// A host for a view known only as `any View`.
    private static func host(for view: any View, store: StateStore) -> ViewHost {
        func open<V: View>(_ view: V) -> ViewHost { ViewHost(root: view, store: store) }
        return open(view)
    }
}
