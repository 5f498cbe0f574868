@_spi(Admin) import StateDB

/// `statedb orphans STORE [--unseen-for 30d] [--json]`: slots no app has mounted lately, where
/// each most likely moved to, and what the app carried over itself.
struct OrphansCommand: Command {
    @Argument("STORE") var store: String
    @Option(value: "AGE", help: SharedHelp.unseenFor) var unseenFor: String?
    @Flag(help: #"Print JSON: {"orphans": […], "adoptions": […]}."#) var json: Bool

    var declarations: KeyValuePairs<String, any DeclaredArgument> {
        ["store": _store, "unseenFor": _unseenFor, "json": _json]
    }

    static let configuration = CommandConfiguration(
        name: "orphans",
        summary: "List slots no running app has mounted for a while (left behind by code changes).",
        usage: ["orphans STORE [--unseen-for 30d] [--json]"],
        discussion: """
            An app records when it last mounted (hydrated) each slot, at most once an hour. A
            slot unseen for longer than --unseen-for most likely belongs to a view the code no
            longer builds. `statedb gc` deletes them; `statedb mv` re-keys them if the view
            only moved.

            Each orphan is compared with the slots seen since: one that shares its root, its
            views (by name and id or number, leaving out VStack, HStack, Group, AnyView and
            if-branches), its property and its type is where it likely moved to; for a key of
            the first round ([3] positions) the views' places are left out too, a weaker
            "maybe". A new key is named only when exactly one slot matches. Then come the
            values the app carried over to a new key itself, newest first.
            """
    )

    func run(_ console: Console) throws -> ExitCode {
        let unseenFor = try UnseenFor(self.unseenFor)
        let report = try withStore(store, .read) { try $0.orphanReport(unseenFor: unseenFor.milliseconds) }
        if unseenFor.isTooShort {
            console.error("statedb orphans: note: \(unseenFor.tooShort); the list may hold some.")
        }
        if json {
            console.print(jsonText(.object([
                .init("orphans", .array(report.orphans.map(Self.orphanJSON))),
                .init("adoptions", .array(report.adoptions.map(Self.adoptionJSON))),
            ])))
            return .ok
        }
        var lines: [String]
        if report.orphans.isEmpty {
            lines = ["no slots unseen for \(unseenFor.text)"]
        } else {
            lines = report.orphans.map { Self.orphanLine($0.slot, console) + Self.moveHint($0, store: store, console) }
        }
        if !report.adoptions.isEmpty {
            lines += ["", "carried over by the app (newest first):"]
            lines += report.adoptions.map { adoption in
                printable(adoption.fromKey) + " → " + printable(adoption.key) + "  "
                    + console.paint("(\(printable(SlotType(storedName: adoption.type).displayName)), \(age(since: adoption.adoptedAt)))", .dim)
            }
        }
        console.print(lines.joined(separator: "\n"))
        return .ok
    }

    /// The orphans' lines of `orphans` and `gc`: key, type, age.
    static func orphanLines(_ slots: [AdminSlot], _ console: Console) -> [String] {
        slots.map { orphanLine($0, console) }
    }

    private static func orphanLine(_ slot: AdminSlot, _ console: Console) -> String {
        printable(slot.key) + "  " + console.paint(printable(slot.slotType.displayName), .magenta)
            + "  " + console.paint("last seen " + age(since: slot.seenAt), .dim)
    }

    /// `  → likely moved to KEY (statedb mv …)`, or how many keys match; empty without any. The
    /// new key has a row already (its view mounted since), so the move needs `--force`.
    private static func moveHint(_ orphan: OrphanReport.Orphan, store: String, _ console: Console) -> String {
        guard let move = orphan.move else { return "" }
        guard let target = move.target else {
            return "  " + console.paint("→ \(move.count) slots could be its new key, so none is named (--json lists them)", .yellow)
        }
        let command = ["statedb", "mv", store, orphan.slot.key, target, "--force"].map(shellQuoted).joined(separator: " ")
        return "  " + console.paint("→ \(move.match.rawValue) moved to \(printable(target))", move.match == .likely ? .green : .yellow)
            + " (" + printable(command) + ")"
    }

    /// The slot object, plus `movedTo` (the new key when exactly one slot matches, else null),
    /// `moveMatch` (`likely`, `maybe`, or null when none matches), `candidates` (the matching
    /// keys, sorted, at most `MoveCandidates.keptKeys`) and `candidateCount`.
    private static func orphanJSON(_ orphan: OrphanReport.Orphan) -> JSONValue {
        guard case .object(var members) = slotJSON(orphan.slot) else { return slotJSON(orphan.slot) }
        let move = orphan.move
        members += [
            .init("movedTo", move?.target.map(JSONValue.string) ?? .null),
            .init("moveMatch", move.map { .string($0.match.rawValue) } ?? .null),
            .init("candidates", .array((move?.keys ?? []).map(JSONValue.string))),
            .init("candidateCount", .number(String(move?.count ?? 0))),
        ]
        return .object(members)
    }

    private static func adoptionJSON(_ adoption: RecordedAdoption) -> JSONValue {
        .object([
            .init("key", .string(adoption.key)),
            .init("fromKey", .string(adoption.fromKey)),
            .init("type", .string(adoption.type)),
            .init("adopted", .string(StoreAdmin.isoTimestamp(milliseconds: adoption.adoptedAt))),
        ])
    }

    /// `text` as one shell word: as it is when it is plain, else in single quotes.
    private static func shellQuoted(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "/._-:=@%+,".unicodeScalars.contains(scalar))
        }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
