import CSQLite
import Foundation

/// The copy of a store made before its schema is upgraded (`<store>.<label><version>-<UTC
/// time>.bak`, mode 0600, beside the store).
///
/// `VACUUM INTO` writes to a file *name*, never a descriptor, and SQLite opens that name (and
/// a `-journal` beside it) with `O_CREAT`, following links in the folder part. A predictable
/// name in a shared folder is therefore not written directly. Instead:
///
/// 1. `mkdtemp` makes a private folder (0700) inside the store's folder; no other user can put
///    a file or a link into it, so every name SQLite opens in there is ours.
/// 2. The copy's file is created there with `O_CREAT | O_EXCL | O_NOFOLLOW`, mode 0600, and its
///    descriptor kept: `VACUUM INTO` fills that file, `fsync` makes it durable, and `fstat`
///    proves the descriptor's file is the one that was written.
/// 3. `link(2)` gives the finished copy its final name beside the store. `link` creates the
///    name exclusively (it fails on anything already there, a link included, and never follows
///    one), so a backup name only ever holds a complete copy: a full disk or a kill leaves the
///    partial copy inside the private folder, not under a backup's name.
///
/// The SQLite backup API would need a connection opened by name on the new file as well, so it
/// buys nothing over `VACUUM INTO` here, which also compacts the copy.
///
/// Whatever fails stops the upgrade before anything is migrated; the private folder and the
/// partial copy are removed (also when the `statedb` tool is interrupted, see
/// `InterruptCleanup`; after a kill `<store>.partial-backup-XXXXXX` stays, and may be deleted).
enum StoreBackup {
    /// Copies the database of `connection` (the store at `path`) and returns the copy's path.
    /// - Throws: `StateStoreError`, `.unsafeFile` when the backup's name is taken by something
    ///   that is not an earlier backup of ours, else the kind of the failure (`.diskFull`,
    ///   `.readOnly`, …); the message says nothing was migrated.
    static func write(from connection: SQLiteConnection, path: String, version: Int, label: String) throws -> String {
        let folder = FolderPath.of(path)
        let storeName = (path as NSString).lastPathComponent
        let directory = folder.isEmpty ? "." : folder

        let (privateFolder, registration) = try InterruptCleanup.registering {
            var template = Array("\(directory)/\(storeName).partial-backup-XXXXXX".utf8CString)
            guard mkdtemp(&template) != nil else {
                throw failure(path, errno, "cannot create a private folder for the backup beside the store")
            }
            let privateFolder = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return (privateFolder, [.folder(privateFolder)])
        }
        let copyPath = privateFolder + "/copy.sqlite"
        defer {
            unlink(copyPath)
            unlink(copyPath + "-journal")
            rmdir(privateFolder)
            registration.end()
        }

        let descriptor = open(copyPath, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure(path, errno, "cannot create the backup file") }
        defer { close(descriptor) }
        guard fchmod(descriptor, 0o600) == 0 else { throw failure(path, errno, "cannot make the backup file private") }

        do {
            let statement = try connection.prepare("VACUUM INTO ?1")
            // Not a URI, whatever SQLite's defaults (see SQLiteConnection.init).
            statement.bind(copyPath.hasPrefix("file:") ? "./" + copyPath : copyPath, at: 1)
            try statement.run()
        } catch let error as SQLiteError where error.isCorrupt {
            throw StateStoreError(.corrupt, path: path, "the store is damaged (\(error.message)), so the backup made before upgrading its schema could not be written; nothing was migrated. \(StateStoreError.salvageAdvice(for: path))")
        } catch let error as SQLiteError {
            let kind: StateStoreError.Kind = error.isDiskFull ? .diskFull : error.isReadOnly ? .readOnly : .sqlite
            throw StateStoreError(kind, path: path, "cannot write the backup before upgrading the schema (\(error.message)); the partial copy was removed and nothing was migrated. Free disk space (or fix the folder's permissions), then try again.")
        }
        var written = stat()
        guard fsync(descriptor) == 0 else { throw failure(path, errno, "cannot write the backup to the disk") }
        guard fstat(descriptor, &written) == 0, written.st_size > 0 else {
            throw StateStoreError(.sqlite, path: path, "the backup came out empty; nothing was migrated. Try again.")
        }

        let finalPath = try link(copyPath, toBackupNameOf: path, version: version, label: label)
        syncFolder(directory)
        return finalPath
    }

    /// Links the finished copy as `<path>.<label><version>-<UTC time>.bak`, or with `-2`, `-3`…
    /// when an earlier backup of ours already has that name.
    private static func link(_ copyPath: String, toBackupNameOf path: String, version: Int, label: String) throws -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let stem = "\(path).\(label)\(version)-\(formatter.string(from: Date()))"
        for attempt in 1...100 {
            let candidate = attempt == 1 ? "\(stem).bak" : "\(stem)-\(attempt).bak"
            if Glibc.link(copyPath, candidate) == 0 { return candidate }
            let code = errno
            guard code == EEXIST else { throw failure(path, code, "cannot give the backup its name \(candidate)") }
            // Two upgrades within one second: the earlier backup keeps its name. Anything else
            // there (a link, another user's file) was put in the backup's way: stop.
            var existing = stat()
            guard lstat(candidate, &existing) == 0, existing.st_mode & S_IFMT == S_IFREG, existing.st_uid == geteuid() else {
                throw StateStoreError(.unsafeFile, path: path, "\(candidate), the backup's name, is taken by \(takenBy(candidate)); refusing to write the backup there, and nothing was migrated. Move that file away (it is not a backup of yours), then try again.")
            }
        }
        throw StateStoreError(.cannotOpen, path: path, "100 backups named \(stem)… already exist; nothing was migrated. Move some away, then try again.")
    }

    private static func takenBy(_ path: String) -> String {
        var current = stat()
        guard lstat(path, &current) == 0 else { return "a file that vanished" }
        let type = current.st_mode & S_IFMT
        if type != S_IFREG { return FileSafety.kindName(type) }
        return "a file of \(FileSafety.userName(current.st_uid))"
    }

    /// Makes the new name durable, so a crash right after the upgrade does not lose the
    /// backup's directory entry. Best effort: the copy itself is already synced.
    private static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    private static func failure(_ path: String, _ code: Int32, _ what: String) -> StateStoreError {
        let kind: StateStoreError.Kind = switch code {
        case EACCES, EROFS, EPERM: .readOnly
        case ENOSPC, EDQUOT, EFBIG, EIO: .diskFull
        case EEXIST, ELOOP: .unsafeFile
        default: .cannotOpen
        }
        return StateStoreError(kind, path: path, "\(what) (\(String(cString: strerror(code)))); nothing was migrated. Check the folder's permissions and free space, then try again.")
    }
}
