import Foundation

/// The command line: `todo [--store PATH|URL] [--layout 1|2] [--help]`.
struct Options {
    /// Which screen to show. Both keep the same state in the same store.
    enum Layout: String {
        case one = "1"
        case two = "2"
    }

    var storePath: String
    var layout = Layout.one
    var showsHelp = false

    static let help = """
        todo — a todo list whose every bit of state survives a restart.

        Usage: todo [--store PATH] [--layout 1|2]

        In a terminal, todo opens a full-screen list: Tab and the arrow keys move between
        controls, Enter or Space presses a button or flips a toggle, typing edits the focused
        field, q (or Ctrl-C) quits.

        With commands piped in, todo runs them one per line and prints the screen after each:
          printf 'add Buy milk\\nquit\\n' | todo

        \(ScriptedCommand.usage)

        Options:
          --store PATH  the store file (created if missing); default:
                        $XDG_STATE_HOME/statedb/todo.sqlite, or
                        ~/.local/state/statedb/todo.sqlite
          --store URL   the store on a PostgreSQL server instead, as in
                        postgresql://user@db1,db2/todo (an empty database gets
                        the store's tables; see docs/postgresql.md)
          --layout 1|2  the screen: 1 (the default), or 2, the redesign: a header with
                        the counts, then the list, the field to add items and the
                        settings; both keep the same list and settings in the store
          --help        show this help

        Look inside the store with: swift run statedb inspect PATH
        """

    /// Parses the arguments (without the program name).
    static func parse(_ arguments: [String], environment: [String: String]) -> Result<Options, CommandError> {
        var storePath: String?
        var layout = Layout.one
        var showsHelp = false
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h":
                showsHelp = true
            case "--store":
                guard let path = remaining.popFirst(), !path.isEmpty else {
                    return .failure(CommandError("--store needs a path, as in: todo --store /tmp/todo.sqlite"))
                }
                storePath = path
            case "--layout":
                switch parseLayout(remaining.popFirst()) {
                case .success(let parsed): layout = parsed
                case .failure(let error): return .failure(error)
                }
            default:
                if argument.hasPrefix("--store=") {
                    storePath = String(argument.dropFirst("--store=".count))
                    continue
                }
                if argument.hasPrefix("--layout=") {
                    switch parseLayout(String(argument.dropFirst("--layout=".count))) {
                    case .success(let parsed): layout = parsed
                    case .failure(let error): return .failure(error)
                    }
                    continue
                }
                return .failure(CommandError("unknown argument \"\(argument)\"; see todo --help"))
            }
        }
        if showsHelp { return .success(Options(storePath: "", showsHelp: true)) }
        if let storePath { return .success(Options(storePath: storePath, layout: layout)) }
        return defaultStorePath(environment: environment).map { Options(storePath: $0, layout: layout) }
    }

    /// The value after `--layout`: `1` or `2`.
    private static func parseLayout(_ value: String?) -> Result<Layout, CommandError> {
        guard let value, !value.isEmpty else {
            return .failure(CommandError("--layout needs 1 or 2, as in: todo --layout 2"))
        }
        guard let layout = Layout(rawValue: value) else {
            return .failure(CommandError("there is no layout \"\(value)\"; --layout takes 1 or 2, as in: todo --layout 2"))
        }
        return .success(layout)
    }

    /// `$XDG_STATE_HOME/statedb/todo.sqlite`, else `$HOME/.local/state/statedb/todo.sqlite`.
    /// A relative `XDG_STATE_HOME` is ignored, as the XDG specification says.
    static func defaultStorePath(environment: [String: String]) -> Result<String, CommandError> {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return .success(state + "/statedb/todo.sqlite")
        }
        if let home = environment["HOME"], !home.isEmpty {
            return .success(home + "/.local/state/statedb/todo.sqlite")
        }
        return .failure(CommandError("neither XDG_STATE_HOME nor HOME is set, so there is no default store; choose one with --store PATH"))
    }
}
