extension StateStore {
    /// Opens the store `url` names: a PostgreSQL database for `postgresql://…` and
    /// `postgres://…` (libpq's URL forms), a SQLite file for anything else (as
    /// `StateStore(path:)`).
    ///
    /// ```swift
    /// // Every kiosk of the fleet on one database; the standby takes over if the primary dies.
    /// let store = try StateStore(url: "postgresql://db1,db2/kiosks?target_session_attrs=read-write")
    /// let host = ViewHost(root: KioskView(), store: store)
    /// host.update()   // picks up what other kiosks committed, commits this one's writes
    /// ```
    ///
    /// The semantics are the same on both: reads come from memory (every row is loaded when the
    /// store opens), each `flush()` — a `ViewHost` flushes at the end of every `update()` — is
    /// one transaction with one clock tick, and commits made elsewhere (another process, another
    /// machine, an operator's `psql`) reach the store at its next `update()`, found by their
    /// tick (`version > seen`; `LISTEN`/`NOTIFY` only says when to look, so a notification
    /// missed over a reconnect loses nothing). A database that is not a store of ours, has a
    /// newer schema or an edited migration is refused and left untouched; an empty one gets the
    /// schema.
    ///
    /// **No primary.** While no server of the URL takes writes (it is down, or a failover is in
    /// progress and the one reached is a standby), a flush keeps its writes in memory and
    /// throws; a `ViewHost` reports it once as `.databaseUnavailable` and retries at every
    /// update, reconnecting through every host of the URL, until a primary answers. Reads go
    /// on from memory meanwhile. What is guaranteed after a failover: docs/postgresql.md.
    ///
    /// The store's `path` is the URL with any password hidden.
    ///
    /// - Throws: `StateStoreError` — `.foreignDatabase`, `.newerSchema`, `.checksumMismatch`,
    ///   `.migrationRequired`, `.missing`, `.corrupt`, `.cannotOpen` (no server, no primary),
    ///   or what `StateStore(path:)` throws for a path. A refused database is left untouched.
    public convenience init(url: String, options: Options = Options()) throws {
        try self.init(url: url, migrations: [], options: options)
    }

    /// Opens the store `url` names (see `init(url:options:)`) and applies the app's pending
    /// state migrations (see `StateMigration`), all in one transaction, before any slot is read.
    public convenience init(url: String, migrations: [StateMigration], options: Options = Options()) throws {
        guard PostgresURL.isPostgresURL(url) else {
            try self.init(path: url, migrations: migrations, options: options)
            return
        }
        try self.init(location: PostgresURL.redacted(url), options: options, loadsRows: options.loadsRows) { report in
            try PostgresStoreDatabase(url: url, migrations: migrations, options: options, report: report)
        }
    }
}
