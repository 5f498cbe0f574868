import CSQLite
import Foundation

/// What `StoreAdmin.recover` copied into the new store, and what it could not.
@_spi(Admin) public struct RecoveryReport: Sendable {
    /// One table of the old store.
    public struct Table: Sendable {
        /// `slots`, `quarantine`, `app_migrations`, `statedb_adoptions`, `statedb_explicit_keys`.
        public let name: String
        /// Rows written into the new store.
        public let recovered: Int
        /// Rows known to have been in the old store (read, or listed by one of its indexes)
        /// that are not in the new one: unreadable, not fitting the schema, or an older
        /// duplicate of a key.
        public let lost: Int
        /// Damaged stretches of the table that were stepped over.
        public let damagedStretches: Int
        /// Whether `lost` counts every lost row: the table's indexes were read whole and agree,
        /// so they name the rows of the stretches stepped over too. When false, rows that no
        /// index lists may be lost without being counted.
        public let lostIsExact: Bool

        /// Nothing lost.
        public var isComplete: Bool { lost == 0 && (damagedStretches == 0 || lostIsExact) }
    }

    public let source: String
    public let destination: String
    /// Whether the transactions in the old store's `-wal` were read.
    public let readWAL: Bool
    /// The old store's tables, in the order above (those it has).
    public let tables: [Table]
    /// The keys of the lost slots, as far as the old store's key index still names them.
    public let lostKeys: [String]
    /// What SQLite said about the damage, first met first.
    public let damage: [String]

    /// Every row of every table recovered.
    public var isComplete: Bool { tables.allSatisfy(\.isComplete) }
}

extension StoreAdmin {
    /// Copies every row of a store that can still be read into a new store at `destination`.
    ///
    /// The old store is read from a private copy (`PrivateCopy`), so it stays byte for byte
    /// as it was, with its `-wal` and `-shm`. Each table is read row by row from the table
    /// itself, stepping over damaged pages (`RowSalvage`): the slots with their values exactly
    /// as stored, the quarantine, the record of the app's value migrations (so that they do
    /// not run twice), the record of carried-over state and the explicit keys. The new store is
    /// made as an app makes one (mode 0600, this build's schema), and everything is written in
    /// one transaction, stamped with the new store's first tick.
    ///
    /// - Parameter ignoringWAL: read the store file alone, leaving out the transactions in its
    ///   `-wal` (for a `-wal` that belongs to another database).
    /// - Throws: `StateStoreError` `.missing`, `.notADatabase`, `.foreignDatabase`,
    ///   `.newerSchema`, or `.corrupt` when not even the schema can be read; `AdminError`
    ///   `.conflict` when `destination` (or a `-wal` beside it) exists. The destination is
    ///   removed again when the recovery fails.
    ///
    /// - Parameter progress: called with the number of rows read so far, after each one.
    public static func recover(from path: String, into destination: String, ignoringWAL: Bool = false,
                               progress: ((Int) -> Void)? = nil) throws -> RecoveryReport {
        try refuseURLs(from: path, into: destination)
        try checkRecoverySource(path)
        try checkRecoveryDestination(destination)
        let copy = try copyForRecovery(path, withWAL: !ignoringWAL)
        defer { copy.remove() }
        let connection = try openRecoverySource(copy.path, path: path)
        defer { connection.close() }
        let (tables, version) = try recoverableTables(connection, path: path, copy: copy, destination: destination)
        let claim = try claimRecoveryDestination(destination)
        defer { claim.end() }
        var store: StateStore?
        do {
            store = try StateStore(path: destination)
            let report = try store!.withConnection("writing the recovered store") { target in
                try target.transaction {
                    let report = try RecoveryWriter(source: connection, target: target, tick: try StoreClock.advance(on: target), progress: progress)
                        .copy(tables, from: path, to: destination, readWAL: copy.includesWAL)
                    // The new store has this build's schema: rows from an older one get what its
                    // upgrade does to rows (dates as ISO 8601 text), as `migrate up` gives them.
                    if version < DateTextMigration.version { try DateTextMigration.run(target) }
                    return report
                }
            }
            store!.close()
            return report
        } catch {
            store?.close()
            for file in [destination, destination + "-wal", destination + "-shm"] { unlink(file) }
            throw error
        }
    }

    private static func checkRecoverySource(_ path: String) throws {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { throw StateStoreError(.missing, path: path, "no such store; check the path (nothing was created).") }
            throw StateStoreError(.cannotOpen, path: path, "cannot read the file (\(String(cString: strerror(errno)))).")
        }
        // The copy is read without following links (as every store is opened), so a link was
        // read as no file at all and called "not a SQLite database".
        if (info.st_mode & S_IFMT) == S_IFLNK {
            throw StateStoreError(.unsafeFile, path: path, "the path is a symbolic link; \(FileSafety.linkAdvice).")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw StateStoreError(.cannotOpen, path: path, "is not a regular file; give the path of a store file.")
        }
        // An empty file is no store yet, as every other command says (exit 6), not junk.
        if info.st_size == 0 { throw StateStoreError.missingStore(path) }
        let header = try? DatabaseFileReader.prefix(of: path, count: 16)
        guard let header, header == Array("SQLite format 3\0".utf8) else {
            throw StateStoreError(.notADatabase, path: path, "not a SQLite database (unknown header); there is nothing statedb can recover from it.")
        }
    }

    /// A private copy of the store and, when it has one and `withWAL`, its `-wal`, taken while
    /// the `-wal` was not restarted (see `HotJournalCheck`); or, with a rollback journal, the
    /// store with the journal played back.
    private static func copyForRecovery(_ path: String, withWAL: Bool) throws -> PrivateCopy {
        // A rollback journal left by a writer that stopped mid-transaction: the pages it holds
        // are the last commit's, and the file's are the unfinished transaction's. Played back on
        // the copy, as SQLite's next writer would. A store with frames in a -wal is in WAL mode,
        // where a -journal is not read: the -wal is, as for the store's own open.
        let inWALMode = withWAL && HotJournalCheck.walHeader(path) != nil
        if !inWALMode && PrivateCopy.hasRollbackJournal(path) {
            do {
                return try PrivateCopy.rolledBack(path)
            } catch {
                guard PrivateCopy.hasRollbackJournal(path) else { return try copyForRecovery(path, withWAL: withWAL) }  // its writer ended meanwhile
                throw StateStoreError(.cannotOpen, path: path, "its -journal (an unfinished transaction's) cannot be played back on a private copy (\(error)); nothing was written. Free space in the temporary folder (or set TMPDIR), or, if the -journal itself is damaged, move it away and recover the file as it is (it then holds the unfinished transaction's pages).")
            }
        }
        for _ in 0..<3 {
            let header = withWAL ? HotJournalCheck.walHeader(path) : nil
            let copy: PrivateCopy
            do {
                copy = try PrivateCopy(of: path, withWAL: header != nil)
            } catch let failure as PrivateCopy.Failure {
                if header != nil && HotJournalCheck.walHeader(path) == nil { continue }  // the -wal went away meanwhile
                throw StateStoreError(.cannotOpen, path: path, "cannot make a private copy to read (\(failure)); free space in the temporary folder or set TMPDIR to another one. Nothing was written.")
            }
            if header == nil || HotJournalCheck.walHeader(path) == header { return copy }
        }
        throw StateStoreError(.busy, path: path, "its -wal keeps changing: a process is writing the store; stop it (the app), then recover. Nothing was written.")
    }

    private static func openRecoverySource(_ copyPath: String, path: String) throws -> SQLiteConnection {
        let escaped = copyPath.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "?#%"))) ?? copyPath
        do {
            let connection = try SQLiteConnection(path: "file:\(escaped)?mode=ro", mode: .readOnly, uri: true)
            // `RowSalvage` steps over the pages past a truncated file's end.
            try connection.readsTruncatedFiles()
            return connection
        } catch let error as SQLiteError {
            throw StateStoreError(.corrupt, path: path, "SQLite cannot open it (\(error.message)); nothing can be recovered by statedb. Nothing was written.")
        }
    }

    /// The tables to copy, and the store's schema version, after making sure the file is a
    /// store of ours this build may read.
    private static func recoverableTables(_ connection: SQLiteConnection, path: String, copy: PrivateCopy, destination: String) throws -> (tables: Set<String>, version: Int) {
        let applicationID = (try? connection.pragmaInteger(.applicationID)).map { Int32(truncatingIfNeeded: $0) } ?? 0
        let version = Int((try? connection.pragmaInteger(.userVersion)) ?? 0)
        var tables: Set<String> = []
        do {
            let statement = try connection.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'")
            while try statement.step() { tables.insert(statement.string(at: 0)) }
        } catch {
            let reason = (error as? SQLiteError)?.message ?? "\(error)"
            let withoutWAL = copy.includesWAL ? " Try again with --ignore-wal, to read the store file without the transactions in its -wal; or the" : " The"
            throw StateStoreError(.corrupt, path: path, "its schema cannot be read (\(reason)), so no table can be found; nothing was written.\(withoutWAL) sqlite3 shell's `.recover` command reads the pages themselves and may get more out.")
        }
        if version > SchemaMigration.latestVersion {
            throw StateStoreError(.newerSchema, path: path, "store schema version \(version) is newer than this build's \(SchemaMigration.latestVersion); recover it with a newer statedb. Nothing was written.")
        }
        guard applicationID == StoreFile.applicationID || tables.isSuperset(of: ["slots", "statedb_clock"]) else {
            if copy.includesWAL && HotJournalCheck.isStore(fileAlone: copy.path) {
                // The file alone is a store: the -wal (another database's first pages) is not its.
                throw StateStoreError(.corrupt, path: path, "the -wal beside it does not fit the store: the file alone is a statedb store, and replaying its -wal makes it a SQLite database of another application; nothing was written. Recover the file without it: `statedb recover \(StateStoreError.shellWord(path)) \(StateStoreError.shellWord(destination)) --ignore-wal`.")
            }
            throw StateStoreError(.foreignDatabase, path: path, "a SQLite database of another application (no statedb tables); there is nothing statedb can recover from it. Nothing was written.")
        }
        return (tables, version)
    }

    /// Refuses a destination where anything is: the file, or a side file SQLite would read
    /// into the new store.
    private static func checkRecoveryDestination(_ destination: String) throws {
        var info = stat()
        if lstat(destination, &info) == 0 {
            throw AdminError(.conflict, path: destination, "already exists; `statedb recover` writes a new file only and never overwrites one. Choose another name (nothing was written).")
        }
        for side in ["-wal", "-shm", "-journal"] where lstat(destination + side, &info) == 0 {
            throw AdminError(.conflict, path: destination, "\((destination as NSString).lastPathComponent)\(side) exists beside it and would be read into the new store; move it away (nothing was written).")
        }
    }

    /// Creates `destination` empty (mode 0600), so that nothing else can take the name
    /// between the check and the writing. Until the registration ends, an interrupted
    /// `recover` removes it, with what SQLite put beside it.
    private static func claimRecoveryDestination(_ destination: String) throws -> InterruptCleanup.Registration {
        try checkRecoveryDestination(destination)
        let ((descriptor, code), claim) = InterruptCleanup.registering {
            let descriptor = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            return ((descriptor, errno), descriptor >= 0 ? [.database(destination)] : [])
        }
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(code))
            switch code {
            case EEXIST: throw AdminError(.conflict, path: destination, "already exists; choose another name (nothing was written).")
            case ENOENT, ENOTDIR: throw AdminError(.invalidInput, path: destination, "its folder does not exist; create it first (nothing was written).")
            case EACCES, EPERM, EROFS: throw StateStoreError(.readOnly, path: destination, "cannot create the new store (\(reason)); check the folder's permissions.")
            default: throw StateStoreError(.cannotOpen, path: destination, "cannot create the new store (\(reason)).")
            }
        }
        closeDescriptor(descriptor)
        return claim
    }
}

/// `close(2)`, out of reach of `StoreAdmin.close()`'s name.
private func closeDescriptor(_ descriptor: Int32) {
    close(descriptor)
}

/// Copies the readable rows of each table, inside the new store's transaction.
private struct RecoveryWriter {
    let source: SQLiteConnection
    let target: SQLiteConnection
    let tick: Int64
    var progress: ((Int) -> Void)?
    let now = nowMilliseconds()

    private static let encodings: Set<String> = ["null", "bool", "integer", "real", "text", "blob", "json"]

    func copy(_ tables: Set<String>, from path: String, to destination: String, readWAL: Bool) throws -> RecoveryReport {
        var reports: [RecoveryReport.Table] = []
        var damage: [String] = []
        var lostKeys: [String] = []
        var rowsRead = 0

        func run(_ source: RowSalvage.Source, _ write: (SQLiteStatement, Int64) throws -> Written) throws {
            guard tables.contains(source.table) else { return }
            var written: Set<Int64> = []
            let outcome = try RowSalvage(source: source, connection: self.source).scan { row, rowid in
                rowsRead += 1
                progress?(rowsRead)
                switch try write(row, rowid) {
                case .written: written.insert(rowid)
                case .replaced(let earlier): written.remove(earlier); written.insert(rowid)
                case .skipped: break
                }
            }
            let lost = outcome.known.subtracting(written)
            if source.table == "slots" {
                lostKeys = lost.compactMap { outcome.indexed[$0] ?? nil }.sorted()
            }
            damage += outcome.errors.map { "\(source.table): \($0)" }
            let stretches = outcome.damagedStretches + (outcome.missing ? 1 : 0)
            reports.append(.init(name: source.table, recovered: written.count, lost: lost.count, damagedStretches: stretches,
                                 lostIsExact: stretches == 0 || outcome.indexesAreComplete))
        }

        var versions: [[UInt8]: (version: Int64, rowid: Int64)] = [:]  // to keep the newest of duplicate keys, by their bytes
        try run(RecoverySources.slots) { row, rowid in try writeSlot(row, rowid: rowid, versions: &versions) }
        try run(RecoverySources.quarantine) { row, _ in try insert("INSERT INTO quarantine (id, key, identity, property, stored_type, expected_type, encoding, value, error, quarantined_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)", row, columns: 10) }
        try run(RecoverySources.appMigrations) { row, _ in try insert("INSERT OR IGNORE INTO app_migrations (name, position, applied_at) VALUES (?2, ?3, ?4)", row, columns: 4) }
        try run(RecoverySources.adoptions) { row, _ in try insert("INSERT INTO statedb_adoptions (id, key, from_key, type, adopted_at) VALUES (?1, ?2, ?3, ?4, ?5)", row, columns: 5) }
        try run(RecoverySources.explicitKeys) { row, _ in try insert("INSERT OR IGNORE INTO statedb_explicit_keys (key) VALUES (?2)", row, columns: 2) }
        return RecoveryReport(source: path, destination: destination, readWAL: readWAL, tables: reports, lostKeys: lostKeys, damage: damage)
    }

    /// What became of a row.
    enum Written {
        case written
        /// Written over the row read earlier with this rowid (an older duplicate of its key).
        case replaced(Int64)
        /// Not written: it does not fit the new schema, or is an older duplicate.
        case skipped
    }

    /// Writes one `slots` row (columns: rowid, key, type, encoding, value, created_at,
    /// updated_at, seen_at, version). A damaged store may hold a key twice; the row with the
    /// higher version is kept.
    private func writeSlot(_ row: SQLiteStatement, rowid: Int64, versions: inout [[UInt8]: (version: Int64, rowid: Int64)]) throws -> Written {
        guard row.columnType(at: 1) == SQLITE_TEXT, row.columnType(at: 2) == SQLITE_TEXT, row.columnType(at: 3) == SQLITE_TEXT else { return .skipped }
        // The key as its bytes, which need not be UTF-8 (a hand edit): two keys that read
        // alike with U+FFFD are two rows, and identity and property are split from the bytes.
        let key = row.bytes(at: 1), type = row.string(at: 2), encoding = row.string(at: 3)
        guard !key.isEmpty, !type.isEmpty, RecoveryWriter.encodings.contains(encoding) else { return .skipped }
        let version = row.columnType(at: 8) == SQLITE_INTEGER ? row.int64(at: 8) : 0
        let earlier = versions[key]
        if let earlier, earlier.version >= version { return .skipped }
        let slash = key.lastIndex(of: UInt8(ascii: "/"))  // where `SlotKey` splits a key
        // An UPSERT: a newer duplicate of a key replaces the older one.
        let statement = try target.cached("""
            INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at, version)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
            ON CONFLICT (key) DO UPDATE SET type = excluded.type, encoding = excluded.encoding, value = excluded.value,
                created_at = excluded.created_at, updated_at = excluded.updated_at, seen_at = excluded.seen_at
            """)
        defer { statement.reset() }
        statement.bind(column: 1, of: row, at: 1)
        statement.bind(textBytes: slash.map { key[..<$0] } ?? [], at: 2)
        statement.bind(textBytes: slash.map { key[($0 + 1)...] } ?? key[...], at: 3)
        statement.bind(column: 2, of: row, at: 4)
        statement.bind(column: 3, of: row, at: 5)
        statement.bind(column: 4, of: row, at: 6)
        for (column, index) in [(Int32(5), Int32(7)), (6, 8), (7, 9)] {
            if row.columnType(at: column) == SQLITE_INTEGER { statement.bind(row.int64(at: column), at: index) } else { statement.bind(now, at: index) }
        }
        statement.bind(tick, at: 10)
        guard try attempt(statement) else { return .skipped }
        versions[key] = (version, rowid)
        return earlier.map { .replaced($0.rowid) } ?? .written
    }

    /// Inserts a row whose columns (rowid first) bind to ?1…?`columns` as they are.
    private func insert(_ sql: SQL, _ row: SQLiteStatement, columns: Int32) throws -> Written {
        let statement = try target.cached(sql)
        defer { statement.reset() }
        for column in 0..<columns { statement.bind(column: column, of: row, at: column + 1) }
        // INSERT OR IGNORE of a duplicate writes nothing.
        return try attempt(statement) && target.changes > 0 ? .written : .skipped
    }

    /// Runs an insert; false when the row breaks a constraint of the new schema (a NULL where
    /// the schema wants a value), which loses that row only.
    private func attempt(_ statement: SQLiteStatement) throws -> Bool {
        do {
            try statement.run()
            return true
        } catch let error as SQLiteError where error.primaryCode == SQLITE_CONSTRAINT || error.primaryCode == SQLITE_MISMATCH {
            return false
        }
    }
}

/// The statements that read each table of an old store (any schema version: the columns read
/// are the same in all of them).
private enum RecoverySources {
    static let slots = RowSalvage.Source(
        table: "slots",
        scanSQL: "SELECT rowid, key, type, encoding, value, created_at, updated_at, seen_at, version FROM slots NOT INDEXED WHERE rowid >= ?1 ORDER BY rowid",
        probeSQL: "SELECT rowid FROM slots NOT INDEXED WHERE rowid >= ?1 ORDER BY rowid LIMIT 1",
        indexSQL: ["SELECT rowid, key FROM slots INDEXED BY sqlite_autoindex_slots_1 ORDER BY key",
                   "SELECT rowid FROM slots INDEXED BY slots_by_identity ORDER BY identity",
                   "SELECT rowid FROM slots INDEXED BY slots_by_version ORDER BY version"])
    static let quarantine = RowSalvage.Source(
        table: "quarantine",
        scanSQL: "SELECT rowid, key, identity, property, stored_type, expected_type, encoding, value, error, quarantined_at FROM quarantine NOT INDEXED WHERE rowid >= ?1 ORDER BY rowid",
        probeSQL: "SELECT rowid FROM quarantine NOT INDEXED WHERE rowid >= ?1 ORDER BY rowid LIMIT 1",
        indexSQL: ["SELECT rowid, key FROM quarantine INDEXED BY quarantine_by_key ORDER BY key"])
    static let appMigrations = RowSalvage.Source(
        table: "app_migrations",
        scanSQL: "SELECT rowid, name, position, applied_at FROM app_migrations NOT INDEXED WHERE rowid >= ?1 ORDER BY rowid",
        probeSQL: "SELECT rowid FROM app_migrations NOT INDEXED WHERE rowid >= ?1 ORDER BY rowid LIMIT 1",
        indexSQL: ["SELECT rowid, name FROM app_migrations INDEXED BY sqlite_autoindex_app_migrations_1 ORDER BY name"])
    static let adoptions = RowSalvage.Source(
        table: "statedb_adoptions",
        scanSQL: "SELECT rowid, key, from_key, type, adopted_at FROM statedb_adoptions NOT INDEXED WHERE rowid >= ?1 ORDER BY rowid",
        probeSQL: "SELECT rowid FROM statedb_adoptions NOT INDEXED WHERE rowid >= ?1 ORDER BY rowid LIMIT 1",
        indexSQL: ["SELECT rowid, key FROM statedb_adoptions INDEXED BY statedb_adoptions_by_key ORDER BY key"])
    static let explicitKeys = RowSalvage.withoutRowid(table: "statedb_explicit_keys", scanSQL: "SELECT NULL, key FROM statedb_explicit_keys")
}
