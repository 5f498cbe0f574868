/// One commit's work as plain values, in the shape the storage seam takes (`StoreDatabase`):
/// what `StateStore.flush()` gathers into its `CommitBatch`, encoded, without the cells.
/// Applied in one transaction with one clock tick, in this order: renames first (so the writes
/// and stamps find rows under their new keys), quarantine, deletions, writes, explicit keys,
/// seen stamps.
struct StoreCommit: Sendable {
    /// A slot's new value.
    struct Write: Sendable {
        /// The slot, in the parts its cell keeps: SQLite binds the key joined in a buffer
        /// (`SQLiteStatement.withText(of:at:_:)`, or a batch's in `SlotRows.upsertValues`),
        /// where a new `key` string per written row cost the write bench 2% of its
        /// instructions.
        let slotKey: SlotKey
        let type: String
        let value: StoredValue
        /// The row existed when the cell was last committed or loaded: written one row at a
        /// time, it is tried as an UPDATE first (a batch's UPSERT needs no such hint).
        let rowExists: Bool
        /// The slot's initial value, for a slot that had no row: inserted only if the key still
        /// has none. A row another process wrote meanwhile is left as it is; the store's next
        /// refresh reads it (its tick is not this commit's).
        var insertsOnly = false

        /// `identity/property` (`SlotKey.key`), built when asked for.
        var key: String { slotKey.key }
    }

    /// A stored row moving to a new key (a view moved), recorded in `statedb_adoptions`.
    struct Rename: Sendable {
        let fromKey: String
        let to: SlotKey
        let key: String
        /// The stored type, the same under both keys.
        let type: String
    }

    var renames: [Rename] = []
    var quarantine: [QuarantineEntry] = []
    var deletions: [String] = []
    var writes: [Write] = []
    var explicitKeys: [String] = []
    /// Keys whose `seen_at` becomes `now`, value untouched.
    var seenStamps: [String] = []
    /// Unix time in milliseconds, for every timestamp the commit writes.
    var now: Int64 = nowMilliseconds()

    var isEmpty: Bool {
        renames.isEmpty && quarantine.isEmpty && deletions.isEmpty && writes.isEmpty && explicitKeys.isEmpty && seenStamps.isEmpty
    }
}

/// What a commit did.
struct StoreCommitResult: Sendable, Equatable {
    /// The clock tick the commit's rows carry.
    let tick: Int64
    /// Indexes into `StoreCommit.renames` of the renames that changed nothing: the old row was
    /// gone (another process deleted it) or the new key was taken. The store writes those
    /// values under their new keys at the next commit instead.
    let missedRenames: [Int]
}

/// What other writers committed since a tick: the `version > seen` catch-up.
struct StoreChanges: Sendable {
    /// Rows written after the tick (by anyone: the caller skips its own ticks).
    let rows: [StoredRow]
    /// Keys deleted after the tick and not written again since, each with the tick of its
    /// deletion (the caller skips its own, as for rows).
    let deletions: [StoredDeletion]
    /// The tick the database was at when read: every commit up to it is in `rows` and
    /// `deletions`, so it is the next call's `since`.
    let tick: Int64
}

/// A key's deletion, as its tombstone records it.
struct StoredDeletion: Sendable {
    let key: String
    /// The tick of the commit that deleted it.
    let version: Int64
}

/// One row of `app_migrations`.
struct AppMigrationRecord: Sendable, Equatable {
    let name: String
    /// The migration's place in the app's list; -1 for an operator's migration file.
    let position: Int64
    let appliedAt: Int64
}
