extension StoreAdmin {
    /// Slots no running app has mounted or bound for at least `unseenFor` milliseconds:
    /// usually left behind when the code changed and their identity is never built again.
    ///
    /// An app stamps `seen_at` when it hydrates a slot, at most once an hour, so ages below
    /// an hour mean little. A view that stays mounted in one process for longer than
    /// `unseenFor` also looks unseen.
    public func orphans(unseenFor: Int64) throws -> [AdminSlot] {
        try read("listing orphans") { try orphanRows(unseenFor: unseenFor, $0).map(AdminSlot.init) }
    }

    /// Deletes the slots `orphans(unseenFor:)` lists (only lists them when `dryRun`), in one
    /// transaction.
    public func collectGarbage(unseenFor: Int64, dryRun: Bool) throws -> [AdminSlot] {
        if dryRun { return try orphans(unseenFor: unseenFor) }
        return try write("deleting orphans") { context in
            let rows = try orphanRows(unseenFor: unseenFor, context.connection)
            for row in rows { try context.delete(key: row.key) }
            return rows.map(AdminSlot.init)
        }
    }

    private func orphanRows(unseenFor: Int64, _ connection: SQLiteConnection) throws -> [StoredRow] {
        let statement = try connection.prepare(StoredRow.selectSQL + " WHERE seen_at < ?1 ORDER BY key")
        statement.bind(nowMilliseconds() - unseenFor, at: 1)
        var rows: [StoredRow] = []
        while try statement.step() { rows.append(StoredRow(statement)) }
        return rows
    }
}
