/// Help texts of options several commands declare alike.
enum SharedHelp {
    static let json = "Print JSON instead of text."
    static let dryRun = "Show what would change; write nothing (opens the store read-only)."
    static let unseenFor = "How long unseen makes an orphan: 45s, 30m, 12h, 30d, 2w (default 30d)."
}

/// The `--unseen-for` age of `orphans` and `gc`: 30 days when absent.
struct UnseenFor {
    let text: String
    let milliseconds: Int64

    init(_ option: String?) throws {
        text = option ?? "30d"
        milliseconds = try parseDuration(text, option: "--unseen-for")
    }
}
