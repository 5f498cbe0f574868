/// Where a store file stands against this build's schema and an app's state migrations,
/// read without writing anything (`statedb migrate status` / `plan`).
public struct MigrationStatus: Sendable {
    /// A schema migration recorded in the store.
    public struct AppliedSchemaMigration: Sendable {
        public let version: Int
        public let name: String
        public let checksum: String
        /// Unix time in milliseconds.
        public let appliedAt: Int64
        /// The checksum equals the one of this build's file.
        public let matchesThisBuild: Bool
    }

    /// A state migration recorded in the store (the app's or an operator's).
    public struct AppliedStateMigration: Sendable {
        public let name: String
        /// Unix time in milliseconds.
        public let appliedAt: Int64
    }

    /// The store file.
    public let path: String
    /// `PRAGMA user_version` of the file; 0 for a file that is not initialised yet.
    public let schemaVersion: Int
    /// The schema migrations the store records, in order.
    public let appliedSchema: [AppliedSchemaMigration]
    /// Schema migrations this build would apply.
    public let pendingSchema: [SchemaMigration]
    /// The state migrations the store records, oldest first.
    public let appliedState: [AppliedStateMigration]
    /// State migrations of the given list that are not applied yet, in order.
    public let pendingState: [StateMigration]
    /// Applied state migrations the given list does not have (a newer build applied them).
    public let unknownState: [String]
    /// Applied state migrations the app recorded, as opposed to an operator's files.
    var appliedByTheApp: Set<String> = []

    /// Nothing is pending.
    public var isCurrent: Bool { pendingSchema.isEmpty && pendingState.isEmpty }

    /// Refuses `migrations` (the list this status was read against) when it cannot be applied
    /// as written, so that `migrateUp` refuses it before writing anything: one of them that is
    /// pending comes before one the store has applied (it would run after it, in another order
    /// than the list says), or an operator's file names one like a migration the app applied
    /// (it would count as applied and never run).
    /// - Throws: `StateStoreError(.migrationFailed)` naming them.
    public func checkApplicable(_ migrations: [StateMigration]) throws {
        if let clash = AppMigrator.clash(migrations, appliedByTheApp: appliedByTheApp, path: path) { throw clash }
        if let misplaced = AppMigrator.misplaced(migrations, appliedNames: Set(appliedState.map(\.name)), path: path) { throw misplaced }
    }

    /// Reads the status of the store at `path` against `migrations`. Never writes.
    /// - Throws: `StateStoreError` when the file is not a store of ours, is missing, damaged
    ///   or newer than this build.
    public static func read(path: String, migrations: [StateMigration] = []) throws -> MigrationStatus {
        let version: Int
        switch try StoreFile.inspect(path: path) {
        case .create:
            throw StateStoreError.missingStore(path)
        case .store(let schemaVersion):
            version = schemaVersion
        }
        guard version > 0 else {
            return MigrationStatus(path: path, schemaVersion: 0, appliedSchema: [], pendingSchema: SchemaMigration.all,
                                   appliedState: [], pendingState: migrations, unknownState: [])
        }
        do {
            let connection = try SQLiteConnection(path: path, mode: .readOnly)
            defer { connection.close() }
            var applied: [AppliedSchemaMigration] = []
            let schema = try connection.prepare("SELECT version, name, checksum, applied_at FROM statedb_schema_migrations ORDER BY version")
            while try schema.step() {
                let number = Int(schema.int64(at: 0))
                let checksum = schema.string(at: 2)
                applied.append(AppliedSchemaMigration(
                    version: number, name: schema.string(at: 1), checksum: checksum, appliedAt: schema.int64(at: 3),
                    matchesThisBuild: SchemaMigration.all.first { $0.version == number }?.checksum == checksum))
            }
            let app = try AppMigrator(database: SQLiteMigrationDatabase(connection: connection), path: path, migrations: migrations, unknownPolicy: .report, report: { _ in }).status()
            return MigrationStatus(
                path: path, schemaVersion: version, appliedSchema: applied,
                pendingSchema: SchemaMigrator.pending(after: version),
                appliedState: app.applied.map { AppliedStateMigration(name: $0.name, appliedAt: $0.appliedAt) },
                pendingState: app.pending, unknownState: app.unknown, appliedByTheApp: app.appliedByTheApp)
        } catch let error as SQLiteError {
            throw StateStoreError(error, path: path, doing: "reading the migration status")
        }
    }

    /// Applies everything pending: first a backup next to the store (`VACUUM INTO`, named
    /// `<store>.v<schema version>-<UTC time>.bak`, mode 0600), then the schema migrations and
    /// the state migrations. Returns the backup's path, or nil when nothing was pending.
    ///
    /// The schema migrations of an initialised store run on the backup's connection, before
    /// the store is opened for the state migrations; `progress`, when given, is told (rows
    /// done, rows in all) while one rewrites rows (version 6's dates). `backupWritten`, when
    /// given, is told the backup's path as soon as it is written: a migration that then fails
    /// leaves it, and the one who ran the migration needs to know where. `stateMigrationApplied`,
    /// when given, is told each state migration applied and how many slots it changed, once
    /// their transaction committed.
    @discardableResult
    public static func migrateUp(path: String, migrations: [StateMigration] = [], unknownAppMigrations: StateStore.UnknownMigrationPolicy = .refuse,
                                 progress: ((_ done: Int, _ total: Int) -> Void)? = nil,
                                 backupWritten: ((String) -> Void)? = nil,
                                 stateMigrationApplied: (@Sendable (_ name: String, _ changedSlots: Int) -> Void)? = nil) throws -> String? {
        try playBackRollbackJournal(path: path)
        let status = try read(path: path, migrations: migrations)
        try status.checkApplicable(migrations)  // before the backup: nothing would run
        guard !status.isCurrent else { return nil }
        let backupPath: String
        do {
            let connection = try SQLiteConnection(path: path, mode: .readWrite)
            defer { connection.close() }
            // A first read opens the -wal and -shm; they must still be ours (see FileSafety).
            // Only a store in WAL mode has them: one an operator turned to another journal
            // mode (`PRAGMA journal_mode = DELETE`) has none, and opening it turns it back.
            _ = try connection.pragmaInteger(.schemaVersion)
            try FileSafety.checkAfterOpening(connection, path: path, expectWAL: status.schemaVersion > 0 && isInWALMode(connection))
            backupPath = try SchemaMigrator.backup(connection, path: path, version: status.schemaVersion, label: "v")
            backupWritten?(backupPath)
            // A store taken out of WAL mode goes back to it before anything is migrated, as the
            // app's open does: an interrupted migration in rollback-journal mode would leave a
            // hot -journal, which every reader then refuses until a writer plays it back.
            // The switch itself writes the header through a rollback journal: not cut in the middle.
            if status.schemaVersion > 0, try !isInWALMode(connection) {
                try InterruptCleanup.uninterrupted { try connection.execute("PRAGMA journal_mode = WAL") }
            }
            if status.schemaVersion > 0, !status.pendingSchema.isEmpty {
                try SchemaMigrator(connection: connection, path: path, progress: progress).migrate(from: status.schemaVersion)
            }
        } catch let error as SQLiteError {
            throw StateStoreError(error, path: path, doing: "writing a backup before migrating")
        }
        var options = StateStore.Options()
        options.createIfMissing = false
        options.backupBeforeSchemaMigration = false
        options.unknownAppMigrations = unknownAppMigrations
        options.loadsRows = false  // migrating needs the file, not the rows in memory
        options.stateMigrationApplied = stateMigrationApplied
        let store = try StateStore(path: path, migrations: migrations, options: options)
        store.close()
        return backupPath
    }

    /// Plays back a hot rollback journal beside the store (a writer in rollback-journal mode
    /// stopped in the middle of a transaction), as the next writer of the store must, so that
    /// `read` and the migration see the store as of its last commit. A file that is not a store
    /// of ours is refused first (the inspection reads a played-back copy), and nothing is done
    /// without a `-journal`.
    @_spi(Admin) public static func playBackRollbackJournal(path: String) throws {
        guard PrivateCopy.hasRollbackJournal(path) else { return }
        _ = try StoreFile.inspect(path: path)
        do {
            let connection = try SQLiteConnection(path: path, mode: .readWrite)
            defer { connection.close() }
            _ = try connection.pragmaInteger(.userVersion)
        } catch let error as SQLiteError {
            throw StateStoreError(error, path: path, doing: "playing its -journal back")
        }
    }

    /// The file's journal mode is WAL (asked without changing it).
    private static func isInWALMode(_ connection: SQLiteConnection) throws -> Bool {
        let mode = try connection.prepare("PRAGMA journal_mode")
        defer { mode.reset() }
        return try mode.step() && mode.string(at: 0).lowercased() == "wal"
    }
}
