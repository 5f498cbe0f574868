/// A stored value moving to a new key: recorded in `statedb_adoptions` by the commit that
/// moves it.
struct Adoption: Sendable {
    let key: String
    let fromKey: String
    let type: String
}

extension StateStore {
    /// A row loaded from the file that nothing in this process uses: its key and stored type.
    struct DormantRow: Sendable {
        let key: String
        let type: String
    }

    /// The rows under `root` (`root/…`) that nothing in this process has asked for.
    func dormantRows(under root: String) -> [DormantRow] {
        let prefix = Array((root + "/").utf8)
        return lock.withLock {
            var rows: [DormantRow] = []
            for entry in slots.values {
                guard case .dormant(let row) = entry, row.key.utf8.starts(with: prefix) else { continue }
                rows.append(DormantRow(key: row.key, type: row.type))
            }
            return rows
        }
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
    /// next commit writes it under the cell's key, deletes the old row and records the move.
    ///
    /// Returns false, changing nothing, when the row is gone or in use, holds another type, or
    /// does not decode as the cell's type.
    func adopt(_ cell: SlotCell, from oldKey: String) -> Bool {
        // The stored value is decoded outside the lock (`init(from:)` and `==` are the app's
        // code), then carried over under it if neither the row nor the cell changed meanwhile;
        // if one did, it is looked at again.
        let index = SlotIndexKey(oldKey)
        while true {
            let taken: (row: StoredRow, staged: StagedValue)? = lock.withLock {
                guard !cell.isEnded, cell.createdAt == nil, case .dormant(let row) = slots[index],
                      row.type == cell.typeName else { return nil }
                return (row, cell.stageLocked())
            }
            guard let (row, staged) = taken, let stored = try? row.value.get(),
                  let changesValue = try? cell.decode(stored, into: staged) else { return false }
            var wakeUps: [@Sendable () -> Void] = []
            let outcome: Bool? = lock.withLock {
                guard !cell.isEnded, cell.createdAt == nil, case .dormant(let now) = slots[index],
                      now.type == cell.typeName else { return false }
                guard now.version == row.version, cell.revision == staged.revision else { return nil }
                if changesValue { _ = cell.applyLocked(staged) }
                slots[index] = nil
                pendingDeletions.append(oldKey)
                pendingAdoptions.append(Adoption(key: cell.key, fromKey: oldKey, type: row.type))
                cell.needsWrite = true
                enqueueLocked(cell)
                wakeUps = noteChangeLocked(cell)
                return true
            }
            guard let adopted = outcome else { continue }  // changed meanwhile: again
            for wake in wakeUps { wake() }
            return adopted
        }
    }
}
