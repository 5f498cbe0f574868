/// What a streamed `StoreAdmin.move` did (or would do); the renames went to its callback.
@_spi(Admin) public struct MoveSummary: Sendable {
    /// Slots moved (or that would move).
    public let moved: Int
    /// Quarantined values re-keyed with their slots.
    public let quarantineEntries: Int
}

extension StoreAdmin {
    /// `move(from:to:force:dryRun:)` for a prefix of any size: the rows under `old` are read
    /// twice over a cursor (to check every new key, then to write a batch at a time) and
    /// never held, and each rename is handed to `rename` as it is written. `overwritten` gets
    /// the keys a `force` move replaces (or would), before the first rename.
    ///
    /// When the two prefixes' ranges of keys overlap (`A` → `A/B`), a write could land where
    /// the cursor has yet to read, so those moves are planned in memory as `move` plans them.
    /// Same checks, errors and transaction as `move`.
    public func move(from old: KeyPrefix, to new: String, force: Bool, dryRun: Bool,
                     overwritten: ([String]) throws -> Void, rename: (MoveResult.Rename) throws -> Void) throws -> MoveSummary {
        let oldBytes = Array(old.text.utf8), newBytes = Array(new.utf8)
        guard !old.text.isEmpty, !new.isEmpty, !oldBytes.starts(with: newBytes), !newBytes.starts(with: oldBytes) else {
            let result = try move(from: old, to: new, force: force, dryRun: dryRun)
            try overwritten(result.overwritten)
            for each in result.renames { try rename(each) }
            return MoveSummary(moved: result.renames.count, quarantineEntries: result.quarantineEntries)
        }
        guard old.text.hasSuffix("/") == new.hasSuffix("/") else {
            // The same refusal as `move`'s.
            _ = try move(from: old, to: new, force: force, dryRun: true)
            return MoveSummary(moved: 0, quarantineEntries: 0)
        }
        func run(_ stored: any AdminRows, _ context: (any AdminTransaction)?) throws -> MoveSummary {
            let collisions = try checkStreamedMove(old, new, force: force, stored)
            try overwritten(collisions)
            let quarantine = try quarantineToMove(under: old, to: new, stored)
            if let context { for key in collisions { try context.delete(key: key) } }
            let movedAt = StoreAdmin.moveSighting()
            var moved = 0
            var after: String?
            while true {
                let batch = try matchingRows(old, after: after, limit: Self.moveBatch, stored)
                guard let last = batch.last else { break }
                if let context {
                    for row in batch { try context.delete(key: row.key) }
                    for row in batch {
                        try context.upsert(key: old.replace(in: row.key, with: new), type: row.type, value: row.value, encoding: row.encoding,
                                           createdAt: row.createdAt, updatedAt: row.updatedAt, seenAt: max(row.seenAt, movedAt))
                    }
                }
                for row in batch { try rename(MoveResult.Rename(from: row.key, to: old.replace(in: row.key, with: new))) }
                moved += batch.count
                after = last.key
            }
            if let context { for (id, newKey) in quarantine { try context.moveQuarantined(id: id, to: newKey) } }
            return MoveSummary(moved: moved, quarantineEntries: quarantine.count)
        }
        if dryRun { return try read("planning the move") { try run($0, nil) } }
        return try write("moving \(old) to \(new)") { try run($0, $0) }
    }

    /// Rows moved per batch of writes (and held at once).
    static let moveBatch = 1_000

    /// Up to `limit` rows under `old` (matching it), in key order, after the key `after`.
    private func matchingRows(_ old: KeyPrefix, after: String?, limit: Int, _ stored: any AdminRows) throws -> [RawRow] {
        let oldBytes = Array(old.text.utf8)
        var rows: [RawRow] = []
        try stored.forEachRawRow(from: after ?? old.text) { row in
            guard row.key.utf8.starts(with: oldBytes) else { return false }
            if let after, row.key.utf8.elementsEqual(after.utf8) { return true }
            if old.matches(row.key) { rows.append(row) }
            return rows.count < limit
        }
        return rows
    }

    /// `move`'s checks, over a cursor: something to move, clean new keys, and the new keys
    /// that exist already (returned; refused without `force`). New keys come in the order of
    /// the old ones (the same prefix replaced), so the keys under `new` are walked beside them.
    private func checkStreamedMove(_ old: KeyPrefix, _ new: String, force: Bool, _ stored: any AdminRows) throws -> [String] {
        let oldBytes = Array(old.text.utf8)
        var count = 0
        var badKey: AdminError?
        var collisions: [String] = []
        var existing = StoreKeyPager(stored, under: new, pageSize: 1_000)
        try stored.forEachRawRow(from: old.text) { row in
            guard row.key.utf8.starts(with: oldBytes) else { return false }
            guard old.matches(row.key) else { return true }
            count += 1
            let target = old.replace(in: row.key, with: new)
            if badKey == nil, StoreAdmin.keyProblem(row.key) == nil, let problem = StoreAdmin.keyProblem(target) {
                badKey = StoreAdmin.badKey(target, problem, path: path, what: "the new key")
            }
            if try existing.contains(target) { collisions.append(target) }
            return true
        }
        guard count > 0 else { throw try notFound(old.text, stored, prefix: true) }
        if let problem = StoreAdmin.controlCharacterProblem(new) {
            throw StoreAdmin.badKey(new, problem, path: path, what: "the new prefix")
        }
        if let badKey { throw badKey }
        if !collisions.isEmpty && !force {
            let list = collisions.prefix(3).map(JSONValue.quoted).joined(separator: ", ") + (collisions.count > 3 ? ", …" : "")
            throw AdminError(.conflict, path: path, "\(collisions.count) of the new keys already exist (\(list)); nothing was moved. Add --force to replace them, or `statedb rm` them first.")
        }
        return collisions
    }
}
