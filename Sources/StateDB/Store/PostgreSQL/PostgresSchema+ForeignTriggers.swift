extension PostgresSchema {
    /// Refuses to write through a store whose tables have a trigger or rule statedb did not
    /// create (an operator's `CREATE TRIGGER … ON slots`, an audit extension's): `.corrupt`,
    /// naming each and the statement that drops it, before anything is written.
    ///
    /// Why refuse rather than run with it: on SQLite, statedb's connections turn triggers off
    /// (`SQLITE_DBCONFIG_ENABLE_TRIGGER`, see `SQLiteStoreDatabase`), so a trigger someone
    /// added to a store file never runs for statedb's own writes, only for the sqlite3 shell's.
    /// PostgreSQL has no per-session switch a store's role can use: `session_replication_role
    /// = replica` needs a superuser (or, from 15, a grant of that setting) and turns off every
    /// ordinary trigger and foreign-key check of the session, and `ALTER TABLE … DISABLE
    /// TRIGGER` changes the table for every session, psql's included. A trigger on a
    /// store's table therefore runs inside every commit statedb makes, with its rights: one that
    /// deletes or rewrites rows would do so at every app update and every `statedb set`, and
    /// the commit would report success. Refusing is the closest safe equivalent: nothing
    /// foreign runs inside statedb's writes. Reading does not fire triggers, so read-only opens
    /// (`get`, `inspect`, `check`, `export`, `StateStore.Options.readOnly`) skip this, and
    /// `check` lists the trigger as not part of the schema.
    ///
    /// Checked when a store opens for writing: a trigger created while an app runs is met at
    /// its next open (or the next `statedb` write).
    static func refuseForeignTriggers(_ connection: PostgresConnection) throws {
        let found = try connection.execute("""
            SELECT 'TRIGGER', quote_ident(t.tgname), quote_ident(c.relname), t.tgname, c.relname
            FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = current_schema() AND NOT t.tgisinternal
            UNION ALL
            SELECT 'RULE', quote_ident(r.rulename), quote_ident(c.relname), r.rulename, c.relname
            FROM pg_rewrite r JOIN pg_class c ON c.oid = r.ev_class JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = current_schema() AND r.rulename <> '_RETURN'
            ORDER BY 5, 4
            """)
        var foreign: [(kind: String, name: String, table: String)] = []
        for row in 0..<found.rowCount {
            let kind = found.string(row, 0) ?? "", name = found.string(row, 3) ?? "", table = found.string(row, 4) ?? ""
            // Ours: the stamping and tombstone triggers on slots. A table not ours is not written.
            guard tables.contains(table), !(kind == "TRIGGER" && table == "slots" && triggers.contains(name)) else { continue }
            foreign.append((kind, found.string(row, 1) ?? name, found.string(row, 2) ?? table))
        }
        guard !foreign.isEmpty else { return }
        let named = foreign.map { "\($0.kind.lowercased()) \($0.name) on \($0.table)" }.joined(separator: ", ")
        let drops = foreign.map { "DROP \($0.kind) \($0.name) ON \($0.table)" }.joined(separator: "; ")
        let what = foreign.count == 1 ? "a \(foreign[0].kind.lowercased()) statedb did not create" : "\(foreign.count) triggers or rules statedb did not create"
        throw StateStoreError(.corrupt, path: connection.redactedURL, "the store's tables have \(what) (\(named)), which PostgreSQL would run inside every write statedb makes; refusing to write, nothing was written. Drop \(foreign.count == 1 ? "it" : "them") if nothing needs \(foreign.count == 1 ? "it" : "them") (`\(drops)`), then try again; reading (`get`, `inspect`, `check`, `export`) still works.")
    }
}
