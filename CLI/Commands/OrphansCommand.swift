@_spi(Admin) import StateDB

/// `statedb orphans STORE [--unseen-for 30d] [--json]`: slots no app has mounted lately.
enum OrphansCommand: Command {
    static let spec = CommandSpec(
        name: "orphans",
        summary: "List slots no running app has mounted for a while (left behind by code changes).",
        usage: ["orphans STORE [--unseen-for 30d] [--json]"],
        arguments: 1...1,
        options: [.unseenFor, .json],
        discussion: """
            An app records when it last mounted (hydrated) each slot, at most once an hour. A
            slot unseen for longer than --unseen-for most likely belongs to a view the code no
            longer builds. `statedb gc` deletes them; `statedb mv` re-keys them if the view
            only moved.
            """
    )

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> ExitCode {
        let unseenFor = try OptionSpec.unseenForValue(arguments)
        let orphans = try withStore(arguments.positionals[0], .read) { try $0.orphans(unseenFor: unseenFor.milliseconds) }
        if arguments.has("json") {
            console.print(jsonText(.array(orphans.map(slotJSON))))
        } else if orphans.isEmpty {
            console.print("no slots unseen for \(unseenFor.text)")
        } else {
            console.print(orphanLines(orphans, console).joined(separator: "\n"))
        }
        return .ok
    }

    static func orphanLines(_ slots: [AdminSlot], _ console: Console) -> [String] {
        slots.map { slot in
            printable(slot.key) + "  " + console.paint(printable(slot.slotType.displayName), .magenta)
                + "  " + console.paint("last seen " + age(since: slot.seenAt), .dim)
        }
    }
}

extension OptionSpec {
    static let unseenFor = OptionSpec(name: "unseen-for", value: "AGE", help: "How long unseen makes an orphan: 45s, 30m, 12h, 30d, 2w (default 30d).")

    /// The `--unseen-for` value, 30 days when absent.
    static func unseenForValue(_ arguments: ParsedArguments) throws -> (text: String, milliseconds: Int64) {
        let text = arguments.value("unseen-for") ?? "30d"
        return (text, try parseDuration(text, option: "--unseen-for"))
    }
}
