/// Rows read when asked for, for a store too large to load whole at open.
///
/// A store whose file holds more than `Options.rowsLoadedAtOpen` rows does not load them when
/// it opens (a million rows cost ~0.85 s and ~340 MB, though an app mounts a small part of
/// them). It reads a row when a slot mounts (one indexed SELECT of the key), when adoption asks
/// for a stored type, and scans the key index by range (`StoreDatabase.row(at:)`, `forEachRow(from:below:)`) when adoption looks for unused rows
/// under a root. Reads of mounted slots run no SQL, as in a store loaded whole.
///
/// What is in memory then is a subset of the file: live cells, and the dormant rows read so
/// far. The file has rows memory does not, and rows whose deletion (a slot that ended, a row
/// adopted under another key) is pending until the next commit: those are counted in
/// `goingRows`, so they are not read back in the meantime.
extension StateStore {
    /// (lock held) The row at `indexKey` leaves the file at the next commit: until then it is
    /// not read back (as in a store loaded whole, where the entry is simply gone).
    func noteRowGoingLocked(_ indexKey: SlotIndexKey) {
        guard rowsOnDemand else { return }
        goingRows[indexKey, default: 0] += 1
    }

    /// (lock held) A commit removed these rows from the file.
    func noteRowsGoneLocked(_ keys: [String]) {
        guard rowsOnDemand else { return }
        for key in keys {
            let indexKey = SlotIndexKey(key)
            guard let count = goingRows[indexKey] else { continue }
            goingRows[indexKey] = count > 1 ? count - 1 : nil
        }
    }

    /// Reads the row at `key` into memory as a dormant entry, unless memory already has an entry
    /// for it or its deletion is pending. Returns whether an entry is there now. Reads under
    /// `databaseLock`, so no commit runs between the read and the entry going in.
    @discardableResult
    func readRowOnDemand(_ indexKey: SlotIndexKey, key: String) throws -> Bool {
        try withDatabase { database in
            let row = try database.row(at: key)
            return lock.withLock {
                if slots[indexKey] != nil { return true }
                guard let row, goingRows[indexKey] == nil else { return false }
                slots[indexKey] = .dormant(DormantRow(row))
                return true
            }
        }
    }

    /// (lock held) Whether a row the file holds at `key` is unused in this process.
    private func isUnusedLocked(_ key: String) -> Bool {
        let indexKey = SlotIndexKey(key)
        if goingRows[indexKey] != nil { return false }
        if case .live? = slots[indexKey] { return false }
        return true
    }

    /// Calls `body` with the key and type of every row of the file under `root` (`root/…`) that
    /// is unused in this process, in key order, until it returns false. A range of the key index.
    func forEachUnusedRowOnDisk(under root: String, _ body: (String, String) -> Bool) throws {
        try withDatabase { database in
            // Keys under `root/` sort from `root/` up to `root0` ('0' follows '/').
            try database.forEachRow(from: root + "/", below: root + "0") { key, type in
                guard lock.withLock({ isUnusedLocked(key) }) else { return true }
                return body(key, type)
            }
        }
    }
}
