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
    struct UnusedRow: Sendable {
        let key: String
        let type: String
    }

    /// The stored type of the row at `key` when nothing in this process uses it; nil otherwise.
    func dormantType(at key: String) -> String? {
        if rowsOnDemand { _ = try? readRowOnDemand(SlotIndexKey(key), key: key) }
        return lock.withLock {
            guard case .dormant(let row) = slots[SlotIndexKey(key)] else { return nil }
            return row.type
        }
    }

    /// Whether the app named `key` itself (`binding(for:)`): its row never moves.
    func isExplicitKey(_ key: String) throws -> Bool {
        try withDatabase { try $0.isExplicitKey(key) }
    }

    /// Carries the value of the unused row at `oldKey` over to `cell`, a view's slot that found
    /// no row of its own: the cell takes the value at once (its readers are invalidated), and the
    /// next commit renames the row to the cell's key and records the move.
    ///
    /// Returns false, changing nothing, when the row is gone or in use, holds another type, or
    /// does not decode as the cell's type.
    func adopt(_ cell: SlotCell, from oldKey: String) -> Bool {
        // The stored value is decoded outside the lock (`init(from:)` and `==` are the app's
        // code), then carried over under it if neither the row nor the cell changed meanwhile;
        // if one did, it is looked at again.
        let index = SlotIndexKey(oldKey)
        if rowsOnDemand { _ = try? readRowOnDemand(index, key: oldKey) }
        while true {
            let taken: (row: DormantRow, staged: StagedValue)? = lock.withLock {
                guard !cell.isEnded, !cell.hasRow, case .dormant(let row) = slots[index],
                      row.type == cell.typeName else { return nil }
                return (row, cell.stageLocked())
            }
            guard let (row, staged) = taken, let stored = try? row.value.get(),
                  let changesValue = try? cell.decode(stored, into: staged) else { return false }
            var wakeUps: [@Sendable () -> Void] = []
            let outcome: Bool? = lock.withLock {
                guard !cell.isEnded, !cell.hasRow, case .dormant(let now) = slots[index],
                      now.type == cell.typeName else { return false }
                guard now.version == row.version, cell.revision == staged.revision else { return nil }
                if changesValue { _ = cell.applyLocked(staged) }
                slots[index] = nil
                noteRowGoingLocked(index)
                pendingAdoptions.append(Adoption(cell: cell, fromKey: oldKey, type: row.type))
                // The row, renamed, holds the value: nothing to write but the seen stamp.
                cell.needsWrite = false
                cell.needsSeenStamp = true
                cell.hasRow = true
                enqueueLocked(cell)
                wakeUps = noteChangeLocked(cell)
                return true
            }
            guard let adopted = outcome else { continue }  // changed meanwhile: again
            if adopted && changesValue { cell.didReplaceValue(in: self) }
            for wake in wakeUps { wake() }
            return adopted
        }
    }
}

extension StateStore {
    /// Whether any row under `root` (`root/…`) is unused in this process.
    func hasUnusedRows(under root: String) -> Bool {
        if rowsOnDemand {
            var found = false
            // An unreadable file answers "yes": the scan for candidates reports its own error.
            do { try forEachUnusedRowOnDisk(under: root) { _, _ in found = true; return false } } catch { return true }
            return found
        }
        let prefix = Array((root + "/").utf8)
        return lock.withLock {
            slots.allEntries.contains { entry in
                if case .dormant(let row) = entry { return row.keyHasPrefix(prefix) }
                return false
            }
        }
    }

    /// The unused rows under `root` whose key `include` accepts. `include` runs under the
    /// store's lock: it must be quick and must not touch the store.
    ///
    /// Each row's key is looked at in place (the index holds dormant rows by reference): a row
    /// is copied out only for a key that passes, which keeps a scan of a million rows to tens
    /// of milliseconds.
    ///
    /// With rows read on demand, the rows come from a range of the file's key index, and
    /// `include` runs outside the lock.
    func unusedRows(under root: String, where include: (String) -> Bool) -> [UnusedRow] {
        if rowsOnDemand {
            var rows: [UnusedRow] = []
            do {
                try forEachUnusedRowOnDisk(under: root) { key, type in
                    if include(key) { rows.append(UnusedRow(key: key, type: type)) }
                    return true
                }
            } catch {
                report(StateDiagnostic(kind: .externalChange, key: nil, message: "could not look for stored state to carry over: \(error)"))
            }
            return rows
        }
        let prefix = Array((root + "/").utf8)
        return lock.withLock {
            var rows: [UnusedRow] = []
            for entry in slots.allEntries {
                guard case .dormant(let row) = entry, row.keyHasPrefix(prefix), include(row.key) else { continue }
                rows.append(UnusedRow(key: row.key, type: row.type))
            }
            return rows
        }
    }
}
