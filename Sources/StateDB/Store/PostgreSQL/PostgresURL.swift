/// The URLs that name a store on PostgreSQL: libpq's `postgresql://` and `postgres://` forms,
/// with one or several hosts (`postgresql://db1,db2/app?target_session_attrs=read-write`).
enum PostgresURL {
    /// Whether `text` is such a URL rather than a file path (a path keeps meaning SQLite).
    static func isPostgresURL(_ text: String) -> Bool {
        text.hasPrefix("postgresql://") || text.hasPrefix("postgres://")
    }

    /// `url` as it may be shown in messages and logs: a password in the user part
    /// (`user:secret@`) or in a `password=` parameter becomes `***`.
    static func redacted(_ url: String) -> String {
        var text = url
        if let scheme = text.range(of: "://") {
            let rest = text[scheme.upperBound...]
            let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
            let authority = rest[..<authorityEnd]
            if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
                text.replaceSubrange(text.index(after: colon)..<at, with: "***")
            }
        }
        guard let query = text.firstIndex(of: "?") else { return text }
        let parameters = text[text.index(after: query)...].split(separator: "&", omittingEmptySubsequences: false).map { parameter in
            parameter.hasPrefix("password=") ? "password=***" : String(parameter)
        }
        return String(text[...query]) + parameters.joined(separator: "&")
    }
}
