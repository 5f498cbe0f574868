import CSQLite
import Foundation

/// Brings a store's schema up to this build's version, one migration per transaction.
struct SchemaMigrator {
    let connection: SQLiteConnection
    let path: String
    /// Told (rows done, rows in all) while a migration rewrites rows (`statedb migrate up`
    /// on a terminal).
    var progress: ((_ done: Int, _ total: Int) -> Void)? = nil

    /// The migrations a store at `version` still needs.
    static func pending(after version: Int) -> [SchemaMigration] {
        SchemaMigration.all.filter { $0.version > version }
    }

    /// Applies every migration after `version`. A failing one is rolled back and reported
    /// with its file name; the ones before it stay applied.
    func migrate(from version: Int) throws {
        for migration in Self.pending(after: version) {
            try apply(migration)
        }
    }

    func apply(_ migration: SchemaMigration) throws {
        var statementText = ""
        do {
            try connection.transaction {
                // One statement at a time, so a failure names the statement.
                for statement in Self.statements(of: migration) {
                    statementText = statement.text
                    try connection.execute(statement)
                }
                statementText = ""
                // Conversions SQL cannot do exactly, run in the file's transaction.
                if migration.version == DateTextMigration.version { try DateTextMigration.run(connection, progress: progress) }
                let record = try connection.prepare(
                    "INSERT INTO statedb_schema_migrations (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)")
                record.bind(Int64(migration.version), at: 1)
                record.bind(migration.name, at: 2)
                record.bind(migration.checksum, at: 3)
                record.bind(nowMilliseconds(), at: 4)
                try record.run()
                try connection.execute("PRAGMA user_version = \(migration.version)")
                try connection.execute("PRAGMA application_id = \(StoreFile.applicationID)")
            }
        } catch let error as SQLiteError {
            let before = migration.version - 1
            // A full disk is the operator's to fix, and says so (exit 8 in the CLI), not a fault
            // of the migration.
            if error.isDiskFull {
                throw StateStoreError(.diskFull, path: path, "the disk is full or failed while applying schema migration \(migration.fileName) (\(error.message)); it was rolled back and the store is at schema version \(before). Free disk space and migrate again.")
            }
            let failing = statementText.isEmpty ? "" : " at `\(statementText.split(separator: "\n").joined(separator: " ").prefix(160))`"
            throw StateStoreError(.migrationFailed, path: path, "schema migration \(migration.fileName) failed\(failing) (\(error.message)) and was rolled back; the store is at schema version \(before).")
        }
    }

    /// A migration's statements, split once per process. Splitting is most of what creating a
    /// schema costs (~18 M of the ~31 M instructions that creating `StateStore.inMemory()` took,
    /// ~4 ms), and tests and previews create stores by the hundred.
    static func statements(of migration: SchemaMigration) -> [SQL] {
        if let known = splitMigrations.withLock({ $0[migration.checksum] }) { return known }
        let statements = SQL(migration: migration).statements
        splitMigrations.withLock { $0[migration.checksum] = statements }
        return statements
    }

    /// By the SHA-256 of the text, which names it whatever its version.
    private static let splitMigrations = Locked<[String: [SQL]]>([:])

    /// Splits SQL into complete statements (triggers included), without comments-only tails.
    static func statements(of sql: String) -> [String] {
        var statements: [String] = []
        var current = ""
        for line in sql.split(separator: "\n", omittingEmptySubsequences: false) {
            current += line + "\n"
            if sqlite3_complete(current) != 0 {
                // Leading comment lines belong to the file, not the statement.
                let lines = current.split(separator: "\n").drop { line in
                    let text = line.trimmingCharacters(in: .whitespaces)
                    return text.isEmpty || text.hasPrefix("--")
                }
                let trimmed = lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
                if !trimmed.isEmpty { statements.append(trimmed) }
                current = ""
            }
        }
        let rest = current.trimmingCharacters(in: .whitespacesAndNewlines)
        if !rest.isEmpty && !rest.split(separator: "\n").allSatisfy({ $0.trimmingCharacters(in: .whitespaces).hasPrefix("--") }) {
            statements.append(rest)
        }
        return statements
    }

    /// Copies the store to `<path>.<label><version>-<time>.bak` (mode 0600) before an upgrade
    /// and returns the copy's path; see `StoreBackup` for how the file is made safely.
    @discardableResult
    static func backup(_ connection: SQLiteConnection, path: String, version: Int, label: String = "schema-v") throws -> String {
        try StoreBackup.write(from: connection, path: path, version: version, label: label)
    }
}
