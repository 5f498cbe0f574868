/// A stored row moving to a new key: the commit renames the row (its value is not re-encoded,
/// so a value the app's code could no longer encode is not lost) and records the move in
/// `statedb_adoptions`.
struct Adoption: Sendable {
    let cell: SlotCell
    let fromKey: String
    let type: String
    var key: String { cell.key }
}

extension StateStore {
    /// A row loaded from the file that nothing in this process uses: its key and stored type.
    struct DormantRow: Sendable {
        let key: String
        let type: String
    }

    /// The stored type of the row at `key` when nothing in this process uses it; nil otherwise.
    func dormantType(at key: String) -> String? {
        lock.withLock {
            guard case .dormant(let row) = slots[SlotIndexKey(key)] else { return nil }
            return row.type
        }
    }

    /// The keys the app named itself (`binding(for:)`), whose rows never move.
    func explicitKeys() throws -> Set<String> {
        try withConnection("reading the app's own keys") { connection in
            let statement = try connection.prepare("SELECT key FROM statedb_explicit_keys")
            var keys = Set<String>()
            while try statement.step() { keys.insert(statement.string(at: 0)) }
            return keys
        }
    }

    /// Carries the value of the unused row at `oldKey` over to `cell`, a view's slot that found
    /// no row of its own: the cell takes the value at once (its readers are invalidated), and the
    /// next commit renames the row to the cell's key and records the move.
    ///
    /// Returns false, changing nothing, when the row is gone or in use, holds another type, or
    /// does not decode as the cell's type.
    func adopt(_ cell: SlotCell, from oldKey: String) -> Bool {
        var wakeUps: [@Sendable () -> Void] = []
        let adopted: Bool = lock.withLock {
            let index = SlotIndexKey(oldKey)
            guard !cell.isEnded, cell.createdAt == nil, case .dormant(let row) = slots[index],
                  row.type == cell.typeName, let stored = try? row.value.get(),
                  (try? cell.replace(with: stored)) != nil else { return false }
            slots[index] = nil
            pendingAdoptions.append(Adoption(cell: cell, fromKey: oldKey, type: row.type))
            // The row, renamed, holds the value: nothing to write but the seen stamp.
            cell.needsWrite = false
            cell.needsSeenStamp = true
            cell.createdAt = row.createdAt
            enqueueLocked(cell)
            wakeUps = noteChangeLocked(cell)
            return true
        }
        for wake in wakeUps { wake() }
        return adopted
    }
}

extension StateStore {
    /// Whether any row under `root` (`root/…`) is unused in this process.
    func hasUnusedRows(under root: String) -> Bool {
        let prefix = Array((root + "/").utf8)
        return lock.withLock {
            slots.values.contains { entry in
                if case .dormant(let row) = entry { return row.key.utf8.starts(with: prefix) }
                return false
            }
        }
    }

    /// The unused rows under `root` whose key `include` accepts. `include` runs under the
    /// store's lock: it must be quick and must not touch the store.
    func unusedRows(under root: String, where include: (String) -> Bool) -> [DormantRow] {
        let prefix = Array((root + "/").utf8)
        return lock.withLock {
            var rows: [DormantRow] = []
            for entry in slots.values {
                guard case .dormant(let row) = entry, row.key.utf8.starts(with: prefix), include(row.key) else { continue }
                rows.append(DormantRow(key: row.key, type: row.type))
            }
            return rows
        }
    }
}
