import Foundation

/// Why a store could not be opened, read or written. `description` is one line a person can act
/// on: the file, what is wrong, and what to do next.
public struct StateStoreError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The kind of failure, for code that handles some of them.
    public enum Kind: String, Sendable, Equatable {
        /// The file is not a SQLite database (junk, truncated header, another format).
        case notADatabase
        /// A SQLite database, but another application's.
        case foreignDatabase
        /// A statedb store written by a newer build; this build would not understand it.
        case newerSchema
        /// An applied schema migration's text differs from the one this build carries.
        case checksumMismatch
        /// SQLite reports the file as damaged.
        case corrupt
        /// The file or its folder cannot be opened, created or written.
        case cannotOpen
        /// The path, or a file beside it (`-wal`, `-shm`, `-journal`, a backup's name), is not
        /// a private regular file of this user: a symbolic link, a FIFO, device or socket, a
        /// file with several names, another user's, or one other users may read or write.
        /// Nothing was opened or written.
        case unsafeFile
        /// The store is read-only (file or folder permissions, or opened read-only).
        case readOnly
        /// The disk is full or an I/O error occurred; nothing was written.
        case diskFull
        /// Another connection held the store's write lock for longer than the busy timeout
        /// (a long transaction in another process); nothing was written.
        case busy
        /// The store did not exist and creating it was not allowed.
        case missing
        /// A stored or supplied value does not fit the slot's declared type.
        case typeMismatch
        /// No slot has this key.
        case unknownKey
        /// A schema or app migration failed and was rolled back.
        case migrationFailed
        /// The store has schema migrations this build has not applied, and opening was told
        /// not to migrate.
        case migrationRequired
        /// The store was closed.
        case closed
        /// Any other SQLite failure.
        case sqlite
    }

    /// The kind of failure.
    public let kind: Kind
    /// The store file, or `:memory:`.
    public let path: String
    /// What is wrong and what to do, in one line.
    public let message: String

    public init(_ kind: Kind, path: String, _ message: String) {
        self.kind = kind
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

extension StateStoreError {
    /// Whether this process may not create files in the folder of the store at `path`.
    static func folderIsReadOnly(of path: String) -> Bool {
        let folder = FolderPath.of(path)
        return access(folder.isEmpty ? "." : folder, W_OK) != 0
    }

    /// What a failed write leaves behind, which decides the advice of a disk-full error.
    enum Retry {
        /// Nothing was written and nothing waits: free space, then do it again.
        case again
        /// An app's flush: the writes are kept in memory for the next flush.
        case flush
        /// A `statedb` command: it wrote nothing; run it again.
        case command
    }

    /// Maps a SQLite failure to a store error with advice.
    init(_ error: SQLiteError, path: String, doing what: String, retry: Retry = .again) {
        switch error.primaryCode {
        case _ where error.isNotADatabase:
            self.init(.notADatabase, path: path, "not a SQLite database (\(error.message)); refusing to touch it. Point statedb at a store file, or move this file away.")
        case _ where error.isCorrupt:
            self.init(.corrupt, path: path, "the database is damaged (\(error.message)) while \(what); nothing was written. \(StateStoreError.salvageAdvice(for: path))")
        case _ where error.isHotRollbackJournal:
            self.init(.cannotOpen, path: path, "\((path as NSString).lastPathComponent)-journal holds the unfinished transaction of a writer that stopped in the middle of it (a crash, or a sqlite3 shell killed in a transaction); the store is whole only once SQLite plays that journal back into it, which takes a write, and this only reads. Nothing was written. Open the store for writing once (start the app, or run `sqlite3 \(path) 'PRAGMA quick_check'`), then run this again; do not delete the -journal, without it the store is damaged.")
        case _ where error.isReadOnly && Self.folderIsReadOnly(of: path):
            self.init(.readOnly, path: path, "cannot use it while \(what) (\(error.message)): its folder is not writable, and SQLite creates a store's -wal and -shm beside it, even to read it. Make the folder writable, or copy the store into a folder that is (`cp`, then `chmod 600` the copy) and use the copy.")
        case _ where error.isReadOnly:
            if let problem = StoreWriteAccess.problem(path: path) {
                self = problem
            } else {
                self.init(.readOnly, path: path, "cannot write while \(what) (\(error.message)); check the permissions of the file and its folder.")
            }
        case _ where error.isBusy:
            self.init(.busy, path: path, "the store is locked by another process (\(error.message)) while \(what); nothing was written. Let that process finish its transaction (an open sqlite3 shell, another statedb), then try again.")
        case _ where error.isDiskFull:
            let advice = switch retry {
            case .again: "nothing was written. Free disk space and try again."
            case .flush: "the change was rolled back and is kept in memory. Free disk space and flush again."
            case .command: "the command was rolled back and wrote nothing. Free disk space, then run the command again."
            }
            self.init(.diskFull, path: path, "the disk is full or failed while \(what) (\(error.message)); \(advice)")
        default:
            self.init(.sqlite, path: path, "SQLite failed while \(what): \(error)")
        }
    }
}

extension StateStoreError {
    /// The refusal of a store that is not there, for what must not create one (the CLI, a
    /// read-only open). An empty file is one an app would make a store of, and is said to be
    /// that rather than missing.
    static func missingStore(_ path: String) -> StateStoreError {
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size == 0 {
            return StateStoreError(.missing, path: path, "the file is empty (0 bytes): no store yet (an app opening it makes one there); check the path. Nothing was written.")
        }
        return StateStoreError(.missing, path: path, "no such store; check the path (nothing was created).")
    }

    /// The advice every "damaged" message ends with: a damaged store is not repaired in place,
    /// its readable slots are copied into a new one (`statedb recover`, docs/cli.md).
    @_spi(Admin) public static func salvageAdvice(for path: String) -> String {
        "Restore a backup, or copy every slot that can still be read into a new store with `statedb recover \(shellWord(path)) \(shellWord(recoveredPath(for: path)))` (this file is left as it is)."
    }

    /// What to do about a store whose `user_version` was set back below the last schema
    /// migration it records (`recorded`): put it back, or salvage the slots.
    @_spi(Admin) public static func userVersionAdvice(for path: String, recorded: Int) -> String {
        let store = shellWord(path)
        return "If only the user_version was changed, restore it while no app has the store open: `sqlite3 \(store) 'PRAGMA user_version = \(recorded)'`, then run `statedb check \(store)`; or copy every slot into a new store with `statedb recover \(store) \(shellWord(recoveredPath(for: path)))` (this file is left as it is)."
    }

    /// Where the advice suggests writing the salvaged store: `state.sqlite` → `state.recovered.sqlite`.
    static func recoveredPath(for path: String) -> String {
        let name = path as NSString
        let ext = name.pathExtension
        guard !ext.isEmpty else { return path + ".recovered" }
        return name.deletingPathExtension + ".recovered." + ext
    }

    /// `text` as one shell word: as it is when it holds only characters no shell treats
    /// specially, else in single quotes.
    static func shellWord(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII || "/._-+,:@%=".unicodeScalars.contains(scalar)
        }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
