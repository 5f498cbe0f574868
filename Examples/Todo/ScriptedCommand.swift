import Foundation

/// A line of scripted input, parsed.
enum ScriptedCommand: Equatable {
    case add(String)
    case toggle(Int)
    case edit(Int, String)
    case remove(Int)
    case help
    case quit
    /// A blank line or a `#` comment.
    case nothing

    static let usage = """
        Commands (one per line):
          add TEXT      add an item
          toggle N      mark item N done, or not done
          edit N TEXT   change the title of item N
          remove N      remove item N (no confirmation in scripts)
          help          show this list
          quit          save and leave (so does the end of input)
        N is the number shown in front of the item.
        """

    /// Parses one line. The error is the message to show, without the line number.
    static func parse(_ line: String) -> Result<ScriptedCommand, CommandError> {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return .success(.nothing) }
        let parts = trimmed.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        let word = String(parts[0])
        let rest = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
        switch word {
        case "add":
            guard !rest.isEmpty else { return .failure(CommandError("add needs the item's text, as in: add Buy milk")) }
            return .success(.add(rest))
        case "toggle", "remove":
            guard let number = Int(rest) else { return .failure(CommandError("\(word) needs an item number, as in: \(word) 2")) }
            return .success(word == "toggle" ? .toggle(number) : .remove(number))
        case "edit":
            let arguments = rest.split(separator: " ", maxSplits: 1)
            guard arguments.count == 2, let number = Int(arguments[0]) else {
                return .failure(CommandError("edit needs an item number and the new text, as in: edit 2 Buy oat milk"))
            }
            return .success(.edit(number, arguments[1].trimmingCharacters(in: .whitespaces)))
        case "help":
            return rest.isEmpty ? .success(.help) : .failure(CommandError("help takes nothing after it"))
        case "quit":
            return rest.isEmpty ? .success(.quit) : .failure(CommandError("quit takes nothing after it"))
        default:
            return .failure(CommandError("unknown command \"\(word)\"; the commands are add, toggle, edit, remove, help, quit"))
        }
    }
}

struct CommandError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
