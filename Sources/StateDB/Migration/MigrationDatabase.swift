/// What `AppMigrator` and `MigrationSlots` need from a backend, so state migrations run on a
/// PostgreSQL store as on a SQLite file: the record of applied migrations, one transaction
/// with one clock tick, and the row operations a migration performs inside it. Every row a
/// migration writes, moves or deletes is stamped with that tick (and a tombstone where a key
/// goes away), so running apps pick the changes up as they pick up any commit.
///
/// Conformances: `SQLiteMigrationDatabase` (a connection to the file), `PostgresStoreDatabase`.
protocol MigrationDatabase: AnyObject {
    /// `app_migrations`, in the order the migrations were applied.
    func appliedMigrations() throws -> [AppMigrationRecord]
    /// Runs `body` in one write transaction, after advancing the clock once; `body` gets the
    /// new tick. When `body` throws, everything is rolled back.
    func migrationTransaction(_ body: (_ tick: Int64) throws -> Void) throws
    /// Adds a row to `app_migrations` (inside the transaction).
    func recordMigration(_ record: AppMigrationRecord) throws

    /// Every slot key, sorted.
    func slotKeys() throws -> [String]
    /// The row at `key`, nil when there is none.
    func slotRow(_ key: String) throws -> StoredRow?
    /// Writes a whole row (created if missing), stamped with `tick`; an existing row keeps its
    /// `created_at` and `seen_at`.
    func writeSlot(_ key: String, type: String, value: StoredValue, now: Int64, tick: Int64) throws
    /// Deletes the row at `key` with a tombstone of `tick` (nothing when there is none).
    func deleteSlot(_ key: String, tick: Int64) throws
    /// Moves the row at `key` to `newKey` (which has none), with a tombstone for `key`.
    func moveSlot(_ key: String, to newKey: String, tick: Int64) throws
    /// Copies the row at `key` into quarantine as it is, with `error` saying why and
    /// `expectedType` the type its slot holds now (nothing when there is no row).
    func quarantineSlot(_ key: String, expectedType: String, error: String, now: Int64) throws
    /// Quarantined values of `storedType`, oldest first; `value` nil when unreadable.
    func quarantinedValues(storedType: String) throws -> [MigrationQuarantineEntry]
    /// Removes quarantine entry `id`.
    func releaseQuarantined(_ id: Int64) throws
}

/// A value in quarantine, as a state migration sees it.
struct MigrationQuarantineEntry {
    let id: Int64
    let key: String
    /// Nil when unreadable.
    let value: StoredValue?
    /// When it was set aside (Unix milliseconds, as the row's `updated_at`).
    let quarantinedAt: Int64
}
