extension StoreAdmin {
    /// Deletes the slot at `key`. A running app that has the slot mounted starts it again
    /// from its initial value on its next update.
    /// - Throws: `AdminError(.notFound)` naming the closest keys.
    @discardableResult
    public func remove(_ key: String) throws -> AdminSlot {
        try write("deleting \(key)") { context in
            guard let row = try context.row(key) else { throw try notFound(key, context) }
            try context.delete(key: key)
            return AdminSlot(row)
        }
    }

    /// Deletes every slot under `prefix` (see `KeyPrefix`), or only lists them when `dryRun`.
    /// - Throws: `AdminError(.notFound)` when nothing matches.
    public func remove(under prefix: KeyPrefix, dryRun: Bool) throws -> [AdminSlot] {
        guard !prefix.text.isEmpty else {
            throw AdminError(.invalidInput, path: path, "the prefix is empty; name the identity to delete, e.g. ContentView/Settings.")
        }
        let plan = { (rows: any AdminRows) throws -> [StoredRow] in
            var matching: [StoredRow] = []
            try self.forEachRow(under: prefix, rows) { matching.append($0) }
            if matching.isEmpty { throw try self.notFound(prefix.text, rows, prefix: true) }
            return matching
        }
        if dryRun { return try read("listing slots under \(prefix)") { try plan($0).map(AdminSlot.init) } }
        return try write("deleting slots under \(prefix)") { context in
            let rows = try plan(context)
            for row in rows { try context.delete(key: row.key) }
            return rows.map(AdminSlot.init)
        }
    }
}
