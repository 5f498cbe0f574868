@_spi(Admin) import StateDB

/// Help texts of options several commands declare alike.
enum SharedHelp {
    static let json = "Print JSON instead of text."
    static let dryRun = "Show what would change; write nothing (opens the store read-only)."
    static let unseenFor = "How long unseen makes an orphan: 12h, 30d, 2w (default 30d; 2h at least for gc)."
}

/// The `--unseen-for` age of `orphans` and `gc`: 30 days when absent.
struct UnseenFor {
    let text: String
    let milliseconds: Int64

    init(_ option: String?) throws {
        text = option ?? "30d"
        milliseconds = try parseDuration(text, option: "--unseen-for")
    }

    /// An app stamps the slots it mounts at most once an hour (`seen_at`), and not again while
    /// they stay mounted: a slot in use can look unseen for an hour plus the app's session. Two
    /// hours is the least age that leaves a session an hour.
    var isTooShort: Bool { milliseconds < 2 * StoreAdmin.seenStampMilliseconds }

    /// Why such an age lists slots in use, for `orphans` (a note) and `gc` (a refusal).
    var tooShort: String {
        "--unseen-for \(text) is under 2h: an app stamps the slots it mounts at most once an hour, and not again while they stay mounted, so a slot in use can look unseen for an hour plus the app's session"
    }
}
