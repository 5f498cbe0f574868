import Foundation
import StateDB

/// The app without a terminal: reads commands from standard input, one per line, and prints
/// the rendered screen after each one that changed something.
///
/// A bad command prints one line on standard error and changes nothing; the session goes on,
/// and the exit status is 1 at the end. End of input is `quit`. The commands are the same for
/// both layouts.
@MainActor
struct ScriptedSession<App: TodoRoot> {
    let app: App
    let host: ViewHost

    /// Runs until `quit` or end of input; returns whether every command was valid.
    func run() -> Bool {
        print(host.render())
        fflush(nil)  // all streams: `stdout` is not a concurrency-safe global
        var allValid = true
        var lineNumber = 0
        while let line = readLine() {
            lineNumber += 1
            // What others changed while this one waited for input (`statedb set`, another
            // instance) first: a command works on the list as it is now, not as it was drawn,
            // and its write does not put back what they changed.
            host.update()
            switch ScriptedCommand.parse(line).flatMap(validate) {
            case .failure(let error):
                printError("line \(lineNumber): \(error.message)")
                allValid = false
            case .success(.nothing):
                continue
            case .success(.quit):
                return allValid
            case .success(.help):
                print(ScriptedCommand.usage)
            case .success(let command):
                apply(command)
                host.update()
                print("\n> \(line.trimmingCharacters(in: .whitespaces))")
                print(host.render())
            }
            // Each answer reaches a program driving the session through a pipe (where output
            // is otherwise held until the buffer fills) before it sends the next command.
            fflush(nil)  // all streams: `stdout` is not a concurrency-safe global
        }
        return allValid
    }

    /// Checks item numbers against the list, so a bad one changes nothing.
    private func validate(_ command: ScriptedCommand) -> Result<ScriptedCommand, CommandError> {
        let count = app.items.count
        switch command {
        case .toggle(let number), .edit(let number, _), .remove(let number):
            guard count > 0, (1...count).contains(number) else {
                return .failure(CommandError(count == 0
                    ? "there is no item \(number): the list is empty (add one with: add TEXT)"
                    : "there is no item \(number): the items are numbered 1 to \(count)"))
            }
            if case .edit(_, let title) = command, title.isEmpty {
                return .failure(CommandError("edit needs the new text after the number"))
            }
            return .success(command)
        default:
            return .success(command)
        }
    }

    private func apply(_ command: ScriptedCommand) {
        switch command {
        case .add(let title):
            app.add(title)
        case .toggle(let number):
            app.list.items[number - 1].isDone.toggle()
        case .edit(let number, let title):
            app.list.items[number - 1].title = title
        case .remove(let number):
            app.remove(id: app.items[number - 1].id)
        case .help, .quit, .nothing:
            break
        }
    }
}
