import Foundation

/// The command line: `todo [--store PATH] [--help]`.
struct Options {
    var storePath: String
    var showsHelp = false

    static let help = """
        todo — a todo list whose every bit of state survives a restart.

        Usage: todo [--store PATH]

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
          --help        show this help

        Look inside the store with: swift run statedb inspect PATH
        """

    /// Parses the arguments (without the program name).
    static func parse(_ arguments: [String], environment: [String: String]) -> Result<Options, CommandError> {
        var storePath: String?
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
            default:
                if argument.hasPrefix("--store=") {
                    storePath = String(argument.dropFirst("--store=".count))
                    continue
                }
                return .failure(CommandError("unknown argument \"\(argument)\"; see todo --help"))
            }
        }
        if showsHelp { return .success(Options(storePath: "", showsHelp: true)) }
        if let storePath { return .success(Options(storePath: storePath)) }
        return defaultStorePath(environment: environment).map { Options(storePath: $0) }
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
