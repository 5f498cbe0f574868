import CSQLite
import Foundation

/// Decides, without writing a byte, whether a file may be opened as a store, then opens it.
enum StoreFile {
    /// `PRAGMA application_id` of every statedb store: "STDB".
    static let applicationID: Int32 = 0x5354_4442

    /// What the read-only inspection found.
    enum Verdict: Equatable {
        /// No file, or an empty one: create the store.
        case create
        /// A statedb store at this schema version (0 for an empty SQLite database we may adopt).
        case store(schemaVersion: Int)
    }

    /// Inspects `path` read-only. Throws a `StateStoreError` for anything we must not touch.
    /// `verifyingSchema: false` accepts a store whose schema objects or clock are damaged, for
    /// `statedb check` to report them.
    /// `forWriting` also refuses a store holding an index that can make its writes fail
    /// (`ForeignIndexes`).
    static func inspect(path: String, verifyingSchema: Bool = true, forWriting: Bool = false) throws -> Verdict {
        guard !path.isEmpty else {
            throw StateStoreError(.cannotOpen, path: path, "the store's path is empty; give the full path of a file, such as .local/state/myapp/state.sqlite in the user's home folder (FileManager.default.homeDirectoryForCurrentUser; a ~ is not expanded).")
        }
        // lstat only, before anything opens the file: a link, a FIFO, a device, another user's
        // file, or a side file that is not ours is refused here (see FileSafety).
        guard let info = try FileSafety.checkBeforeOpening(path) else { return .create }
        if info.st_size == 0 { return .create }  // an empty file of ours: made private when adopted
        try checkHeader(path: path, info: info, refusingTruncation: verifyingSchema)
        let verdict = try inspectDatabase(path: path, verifyingSchema: verifyingSchema, forWriting: forWriting)
        // Only a file we would open as a store has to be private: another application's
        // database is refused for what it is.
        try FileSafety.requirePrivate(info, path: path)
        return verdict
    }

    /// The SQLite-level part of `inspect`, on a file that passed the file checks.
    private static func inspectDatabase(path: String, verifyingSchema: Bool, forWriting: Bool) throws -> Verdict {
        // A -wal with frames is replayed and checked on a private copy, which is then what is
        // read here, so that no refusal touches the -shm either (see HotJournalCheck).
        if let copy = try HotJournalCheck.verify(path: path) {
            defer { copy.remove() }
            return try readVerdict(reading: copy.path, of: path, verifyingSchema: verifyingSchema, forWriting: forWriting)
        }
        do {
            return try readVerdict(reading: path, of: path, verifyingSchema: verifyingSchema, forWriting: forWriting)
        } catch is HotRollbackJournal {
            // A hot rollback journal cannot be played back read-only: it is played back on a
            // private copy, which is what the next writer of the store will make of it. Only
            // then: a -journal that is not hot (a live writer's, a PERSIST journal) leaves the
            // file readable as it is, and copying a large store costs seconds.
            let copy = try rolledBackCopy(of: path)
            defer { copy?.remove() }
            return try readVerdict(reading: copy?.path ?? path, of: path, verifyingSchema: verifyingSchema, forWriting: forWriting, retryingHotJournal: false)
        }
    }

    /// SQLite found a hot rollback journal beside the file read in place (see `inspectDatabase`).
    private struct HotRollbackJournal: Error {}

    /// A private copy of `path` with its hot journal played back; nil when the journal's writer
    /// (or another process) played it back or removed it meanwhile, so that the file holds the
    /// last commit.
    private static func rolledBackCopy(of path: String) throws -> PrivateCopy? {
        do {
            return try PrivateCopy.rolledBack(path)
        } catch let error as SQLiteError {
            throw StateStoreError(error, path: path, doing: "playing its -journal back on a private copy")
        } catch where PrivateCopy.hasRollbackJournal(path) {
            throw StateStoreError(.cannotOpen, path: path, "cannot make a private copy to read (\(error)); free space in the temporary folder or set TMPDIR to another one. Nothing was written.")
        } catch {
            return nil
        }
    }

    /// Reads the verdict from `file` (the store itself, or a private copy of it); errors name
    /// `path`. Throws `HotRollbackJournal` when `retryingHotJournal`, `file` is the store and
    /// SQLite finds a hot journal beside it (the caller then reads a played-back copy); a hot
    /// journal found again after that is refused with the usual `StateStoreError`.
    private static func readVerdict(reading file: String, of path: String, verifyingSchema: Bool, forWriting: Bool,
                                    retryingHotJournal: Bool = true) throws -> Verdict {
        func refusal(_ error: SQLiteError, doing what: String) -> Error {
            error.isHotRollbackJournal && file == path && retryingHotJournal
                ? HotRollbackJournal() : StateStoreError(error, path: path, doing: what)
        }
        let connection: SQLiteConnection
        do {
            connection = try SQLiteConnection(path: inspectionURI(for: file), mode: .readOnly, uri: true)
            // A file cut short opens only with a "writable" schema (see `readsTruncatedFiles`);
            // read-only, nothing is written. Only then: it also makes SQLite pass over a
            // garbled schema entry that `check` must report.
            if !verifyingSchema && truncation(file) != nil { try connection.readsTruncatedFiles() }
        } catch let error as SQLiteError {
            throw refusal(error, doing: "opening the file read-only")
        }
        defer { connection.close() }
        do {
            let applicationID = Int32(truncatingIfNeeded: try connection.pragmaInteger(.applicationID))
            let userVersion = Int(try connection.pragmaInteger(.userVersion))
            let tables = try tableNames(connection)
            if applicationID == StoreFile.applicationID {
                let version = try checkSchema(connection, path: path, userVersion: userVersion, tables: tables, verifying: verifyingSchema)
                if verifyingSchema { try SchemaVerification.verify(connection, path: path, version: userVersion) }
                if forWriting, let refusal = try ForeignIndexes.writeRefusal(connection, path: path, version: version) { throw refusal }
                return .store(schemaVersion: version)
            }
            if applicationID == 0 && tables.isEmpty { return .store(schemaVersion: 0) }
            let what = applicationID == 0 ? "no statedb application id" : "application_id \(applicationID)"
            let list = tables.prefix(5).joined(separator: ", ") + (tables.count > 5 ? ", …" : "")
            throw StateStoreError(.foreignDatabase, path: path, "a SQLite database of another application (\(what); tables: \(list.isEmpty ? "none" : list)); refusing to touch it. Use a separate file for statedb.")
        } catch let error as SQLiteError {
            // Cut short where its schema was (a store small enough that SQLite keeps the schema
            // in its last pages): nothing can find a table, `recover` included, so it is not
            // offered.
            if error.primaryCode == SQLITE_CORRUPT, let truncation = truncation(file) {
                throw StateStoreError(.corrupt, path: path, "the database is \(truncation); nothing was written. \(lostSchemaAdvice)")
            }
            throw refusal(error, doing: "reading the schema")
        }
    }

    /// What to open for the inspection so that it leaves nothing behind. A read-only
    /// connection to a WAL-mode file creates `-wal` and `-shm` beside it and cannot remove them
    /// (that takes a checkpoint, a write). Without a `-wal` (or `-journal`) the main file holds
    /// every committed transaction, so it is read as immutable: no locks, no side files. With
    /// one, a process has the store open or crashed with it open, and only a normal read sees
    /// the transactions waiting in it.
    static func inspectionURI(for path: String) -> String {
        let escaped = FileURIPath.escaped(path)
        let sideFiles = [path + "-wal", path + "-journal"]
        if sideFiles.contains(where: { FileManager.default.fileExists(atPath: $0) }) {
            return "file:\(escaped)?mode=ro"
        }
        return "file:\(escaped)?immutable=1"
    }

    /// The first 16 bytes of every SQLite 3 database.
    private static let magic = Array("SQLite format 3\0".utf8)

    /// - Parameter refusingTruncation: refuse a file shorter than its header says; `check`
    ///   (which does not verify the schema) reads what is there and reports the damage.
    private static func checkHeader(path: String, info: stat, refusingTruncation: Bool) throws {
        let size = Int(info.st_size)
        // Through SQLite's file layer: closing a descriptor of our own would drop the locks
        // this process's connections hold on the file (see DatabaseFileReader). The file must
        // still be the one the checks saw a moment ago.
        guard let header = try? DatabaseFileReader.prefix(of: path, count: 100) else {
            throw StateStoreError(.cannotOpen, path: path, "cannot read the file; check its permissions.")
        }
        try FileSafety.requireUnchanged(path, since: info)
        guard header.count >= 16, Array(header[0..<16]) == magic else {
            throw StateStoreError(.notADatabase, path: path, "not a SQLite database (\(size) bytes, unknown header); refusing to touch it. Point statedb at a store file, or move this file away.")
        }
        guard header.count == 100, size >= 512 else {
            throw StateStoreError(.corrupt, path: path, "the database is truncated (\(size) bytes); nothing was written. \(StateStoreError.salvageAdvice(for: path))")
        }
        // Without a -wal holding frames the file holds every committed page, so a file shorter
        // than the size its header records has lost its end (a copy that stopped, a full
        // disk). SQLite would only say "malformed"; this says what happened. (With frames in
        // a -wal, or a -journal, pages not yet written back may be waiting there: SQLite
        // decides.)
        if refusingTruncation, let recorded = recordedSize(header), recorded > size, !hasJournal(path) {
            let advice = schemaSurvives(path) ? StateStoreError.salvageAdvice(for: path) : lostSchemaAdvice
            throw StateStoreError(.corrupt, path: path, "the database is \(truncation(recorded: recorded, size: size)); nothing was written. \(advice)")
        }
    }

    /// What to do with a file cut short where its schema was (a store small enough that SQLite
    /// keeps its schema in its last pages): nothing can find a table, `statedb recover`
    /// included, so it is not offered.
    private static let lostSchemaAdvice = "Its schema was on the lost pages, so no table can be found: restore a backup; the sqlite3 shell's `.recover` command reads the pages themselves and may find rows."

    /// Whether the schema of a file cut short can still be read, so that `recover` finds its
    /// `slots` table. Read as immutable (no journal can hold its end here, or it would not be
    /// called truncated): no lock, no side file, nothing written.
    private static func schemaSurvives(_ path: String) -> Bool {
        guard let connection = try? SQLiteConnection(path: "file:\(FileURIPath.escaped(path))?immutable=1", mode: .readOnly, uri: true)
        else { return false }
        defer { connection.close() }
        do {
            try connection.readsTruncatedFiles()
            return try tableNames(connection).contains("slots")
        } catch {
            return false
        }
    }

    /// A -wal holding frames, or a -journal: pages not yet written back may be there.
    private static func hasJournal(_ path: String) -> Bool {
        HotJournalCheck.walHeader(path) != nil || FileManager.default.fileExists(atPath: path + "-journal")
    }

    /// "truncated: its header records N bytes, …" for a file shorter than its header says,
    /// with no journal that could hold its end; nil for any other.
    static func truncation(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, let header = try? DatabaseFileReader.prefix(of: path, count: 100),
              let recorded = recordedSize(header), recorded > Int(info.st_size), !hasJournal(path) else { return nil }
        return truncation(recorded: recorded, size: Int(info.st_size))
    }

    private static func truncation(recorded: Int, size: Int) -> String {
        "truncated: its header records \(recorded) bytes, the file holds \(size), so its last \(recorded - size) bytes are lost"
    }

    /// The size a database's 100-byte header records (page size × page count), or nil when
    /// the count is not valid (SQLite then goes by the file's size). The count is valid when
    /// it is not zero and the change counter equals "version valid for" (the file format's
    /// section 1.3.7).
    static func recordedSize(_ header: [UInt8]) -> Int? {
        func bigEndian(_ offset: Int, _ count: Int) -> Int {
            header[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
        }
        guard header.count >= 100 else { return nil }
        let pageCount = bigEndian(28, 4)
        guard pageCount > 0, bigEndian(24, 4) == bigEndian(92, 4) else { return nil }
        let pageSize = bigEndian(16, 2) == 1 ? 65_536 : bigEndian(16, 2)
        return pageSize * pageCount
    }

    private static func tableNames(_ connection: SQLiteConnection) throws -> [String] {
        let statement = try connection.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        var names: [String] = []
        while try statement.step() { names.append(statement.string(at: 0)) }
        return names
    }

    /// A store of ours: refuse a newer schema, a migration whose text changed, or a
    /// `user_version` set back below the schema migrations the store records. Returns the
    /// schema version to open it at: the `user_version`, or, when `verifying` is false (`check`
    /// opens the store to report what is wrong rather than refuse it), the last recorded
    /// migration's where the `user_version` was set back below it.
    private static func checkSchema(_ connection: SQLiteConnection, path: String, userVersion: Int, tables: [String],
                                    verifying: Bool) throws -> Int {
        let known = SchemaMigration.all
        if userVersion > SchemaMigration.latestVersion {
            throw StateStoreError(.newerSchema, path: path, "store schema version \(userVersion) is newer than this build's \(SchemaMigration.latestVersion); refusing to open it. Use a newer statedb.")
        }
        guard userVersion > 0 || tables.contains("statedb_schema_migrations") else { return userVersion }
        var recorded = 0
        let statement = try connection.prepare("SELECT version, name, checksum FROM statedb_schema_migrations ORDER BY version")
        while try statement.step() {
            let version = Int(statement.int64(at: 0))
            let checksum = statement.string(at: 2)
            guard let migration = known.first(where: { $0.version == version }) else {
                throw StateStoreError(.newerSchema, path: path, "the store records schema migration \(version) (\(statement.string(at: 1))), which this build does not have; refusing to open it. Use a newer statedb.")
            }
            if migration.checksum != checksum && verifying {
                throw StateStoreError(.checksumMismatch, path: path, "schema migration \(migration.fileName) was applied with checksum \(checksum.prefix(12))…, but this build's file has \(migration.checksum.prefix(12))…; an applied migration must never be edited. Restore the original file and add a new migration.")
            }
            recorded = max(recorded, version)
        }
        guard recorded > userVersion else { return userVersion }
        // Set back by hand (`PRAGMA user_version = 3`): the schema is the one the recorded
        // migrations made, and migrating "up" from the user_version would run them again.
        if verifying {
            throw StateStoreError(.corrupt, path: path, "\(userVersionSetBack(userVersion, recorded: recorded)); nothing was written. \(StateStoreError.userVersionAdvice(for: path, recorded: recorded))")
        }
        return recorded
    }

    /// What is wrong with a store whose `user_version` is below the last schema migration it
    /// records.
    static func userVersionSetBack(_ userVersion: Int, recorded: Int) -> String {
        "its user_version is \(userVersion), but schema migrations up to \(recorded) are recorded as applied (statedb_schema_migrations): the user_version was set back"
    }

    /// Creates the missing parent folders (0700) and the file (0600), or makes the empty file
    /// the inspection found private, so the first byte SQLite writes already has private
    /// permissions.
    static func createFile(path: String) throws {
        try refuseUnexpandedTilde(path)
        let folder = FolderPath.of(path)
        if !folder.isEmpty {
            do {
                try createFolders(folder)
            } catch {
                throw StateStoreError(.cannotOpen, path: path, "cannot create the folder \(folder) (\(error)); check its parent's permissions.")
            }
        }
        try FileSafety.createOrAdoptEmptyStore(path)
    }

    /// A path `~`, `~/…` or `~user/…` that names nothing: only a shell expands the tilde, so
    /// creating it would make a folder (or a store) literally named `~` in the current folder,
    /// which an app meant as the home folder. An existing file or folder of that name is used,
    /// and a file named `~draft.sqlite` is a file like any other.
    private static func refuseUnexpandedTilde(_ path: String) throws {
        guard path == "~" || path.hasPrefix("~") && path.contains("/") else { return }
        let first = String(path.prefix { $0 != "/" })
        guard !FileManager.default.fileExists(atPath: first) else { return }
        throw StateStoreError(.cannotOpen, path: path, "the path starts with \(first), which only a shell expands to a home folder; nothing was created. Give the full path (for example from FileManager.default.homeDirectoryForCurrentUser).")
    }

    private static func createFolders(_ folder: String) throws {
        var missing: [String] = []
        var current = folder
        while !current.isEmpty, current != "/", !FileManager.default.fileExists(atPath: current) {
            missing.append(current)
            current = FolderPath.of(current)
        }
        for path in missing.reversed() {
            if mkdir(path, 0o700) != 0 && errno != EEXIST {
                throw StoredValueError(message: String(cString: strerror(errno)))
            }
        }
    }
}
