import Foundation

/// A failure reported by libpq or the server, with what was being run.
struct PostgresError: Error, CustomStringConvertible, Sendable {
    enum Kind: Sendable, Equatable {
        /// No connection could be made (server down, wrong host, refused login, no primary).
        case cannotConnect
        /// The connection broke during or before a statement; reconnect and run it again.
        case connectionLost
        /// The server refused or failed a statement (`sqlState` says why).
        case statement
        /// `waitForNotification`'s socket wait failed.
        case wait
        /// Connected, but statedb cannot keep its data in this database (its text encoding).
        case unsuitableDatabase
    }

    let kind: Kind
    /// The five-character SQLSTATE, when the server sent one (`23505`, `40P01`, …).
    let sqlState: String?
    let message: String
    /// The statement's first line, for messages.
    let sql: String?

    init(_ kind: Kind, sqlState: String? = nil, message: String, sql: String? = nil) {
        self.kind = kind
        self.sqlState = sqlState
        self.message = message.trimmingCharacters(in: .whitespacesAndNewlines)
        self.sql = sql.map { $0.split(separator: "\n").joined(separator: " ") }
    }

    var description: String {
        let state = sqlState.map { " [\($0)]" } ?? ""
        let statement = sql.map { " in `\($0.prefix(160))`" } ?? ""
        return "PostgreSQL error\(state): \(message)\(statement)"
    }

    /// The message's first line without libpq's `ERROR:  ` in front (a lock timeout's
    /// `CONTEXT:` line names a tuple, which helps nobody): for messages of one line.
    var firstLine: String {
        let line = message.prefix { $0 != "\n" }
        return String(line.hasPrefix("ERROR:") ? line.dropFirst("ERROR:".count).drop { $0 == " " } : line)
    }

    /// A serialization failure, a deadlock or a lock timeout: nothing was written, and running
    /// the transaction again may succeed.
    var isRetryable: Bool { ["40001", "40P01", "55P03"].contains(sqlState ?? "") }
}

extension StateStoreError {
    /// SQLSTATE 55P03: a lock wait ran past `lock_timeout` (`PostgresConnection.limitLockWaits`).
    static let lockNotAvailable = "55P03"

    /// Maps a PostgreSQL failure to a store error with advice. `url` is the store's URL with
    /// any password hidden (`PostgresURL.redacted`).
    init(_ error: PostgresError, url: String, doing what: String, retry: Retry = .again) {
        let kept = switch retry {
        case .again: "nothing was written"
        case .flush: "the change was rolled back and is kept in memory"
        case .command: "the command was rolled back and wrote nothing"
        }
        let state = error.sqlState ?? ""
        switch error.kind {
        case .cannotConnect, .connectionLost:
            let reached = error.kind == .cannotConnect ? "cannot connect to" : "lost the connection to"
            self.init(.cannotOpen, path: url, "\(reached) the PostgreSQL server while \(what) (\(error.message)); \(kept). Check that the server runs and takes connections at this URL (with several hosts, that one of them is a primary), then try again.")
        case .wait:
            self.init(.cannotOpen, path: url, "waiting for change notifications failed (\(error.message)); reconnect.")
        case .unsuitableDatabase:
            self.init(.cannotOpen, path: url, error.message)
        case .statement where state == Self.lockNotAvailable:
            // SQLite's busy error, in its words: the same kind, exit 9 in the CLI, a batch kept.
            self.init(.busy, path: url, "the store is locked by another session (\(error.firstLine)) while \(what); \(kept). Let that session finish its transaction (an open psql, another statedb; `pg_stat_activity` shows it `idle in transaction`), then try again.")
        case .statement where error.isRetryable:
            self.init(.busy, path: url, "another connection's transaction conflicted while \(what) (\(error.message)); \(kept). Try again.")
        case .statement where state == "25006":
            self.init(.readOnly, path: url, "the server is a read-only standby (\(error.message)) while \(what); \(kept). List the primary in the URL, or several hosts with target_session_attrs=read-write.")
        case .statement where state == "42501":
            self.init(.readOnly, path: url, "the database role may not do this while \(what) (\(error.message)); \(kept). Grant the role rights on the store's tables, or connect as their owner.")
        case .statement where state == "3D000":
            self.init(.missing, path: url, "no such database (\(error.message)); create it (`createdb`), or check the URL.")
        case .statement where state.hasPrefix("53"):
            self.init(.diskFull, path: url, "the server ran out of disk, memory or connections while \(what) (\(error.message)); \(kept). Free the resource on the server and try again.")
        case .statement where state.hasPrefix("XX"):
            self.init(.corrupt, path: url, "the server reports damage while \(what) (\(error.message)); \(kept). Check the server's log.")
        case .statement:
            self.init(.sqlite, path: url, "PostgreSQL failed while \(what): \(error)")
        }
    }
}
