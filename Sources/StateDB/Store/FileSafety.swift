import CSQLite
import Foundation

/// The file-level checks that keep a store private to its user, made with `lstat` before
/// anything opens the file: a store (and each of its `-wal`, `-shm` and `-journal` files) must
/// be a regular file with one name, owned by the user running the process, that no other user
/// may read or write.
///
/// Why each rule:
/// - **No symbolic links**: whoever can change a link decides which file receives the data (a
///   dangling link would make SQLite create the link's target, a link to an empty file would
///   turn that file into a database).
/// - **Regular files only**: a FIFO blocks the open forever, a device (`/dev/null`) swallows
///   the data and leaves a `-journal` beside it.
/// - **Owned by us**: in a shared folder (`/tmp`, mode 1777) another user may create the file
///   before the app does; its owner could read and rewrite everything written into it.
/// - **Private mode**: a file others can read leaks the state, one they can write lets them
///   change it.
/// - **One name**: every name of a database gets its own `-wal`; two processes opening two
///   names of one file corrupt it.
///
/// The folder is trusted: in a folder other users can write without the sticky bit they can
/// rename files, and no check by name can help there (see docs/reliability.md).
enum FileSafety {
    /// SQLite's files beside a store.
    static let sideFileSuffixes = ["-wal", "-shm", "-journal"]

    // MARK: - Before opening

    /// Checks what is at `path` and beside it, without opening anything. Returns nil when there
    /// is nothing at `path` (a new store), else what `lstat` found.
    ///
    /// The mode is not checked here: a file of another kind (another application's database)
    /// should be refused for what it is, not sent to `chmod` first; see `requirePrivate`.
    static func checkBeforeOpening(_ path: String) throws -> stat? {
        let found = try lstatOrNil(path, store: path)
        if let found {
            try requireRegularFileOfOurs(found, path: path, name: "the store", store: path)
        }
        for suffix in sideFileSuffixes {
            try checkSideFile(path + suffix, store: path)
        }
        return found
    }

    /// Refuses a store file that other users may read or write.
    static func requirePrivate(_ info: stat, path: String) throws {
        let mode = info.st_mode & 0o777
        guard mode & 0o077 == 0 else {
            throw StateStoreError(.unsafeFile, path: path, "the store is readable or writable by other users (mode \(octal(mode))); statedb keeps stores private to their owner and refuses to use it. If its contents are yours, run `chmod 600` on it, then try again.")
        }
    }

    /// One of SQLite's files beside the store: absent, or a private regular file of ours. SQLite
    /// would otherwise replay a `-wal` or `-journal` someone else wrote into the store, and
    /// write every later transaction into a file its owner can read.
    private static func checkSideFile(_ sidePath: String, store: String) throws {
        guard let found = try lstatOrNil(sidePath, store: store) else { return }
        let name = (sidePath as NSString).lastPathComponent
        if let problem = problem(with: found, path: sidePath, name: name, store: store, checkMode: true) {
            throw StateStoreError(problem.kind, path: store, "\(problem.what); \(problem.advice)")
        }
    }

    /// Why a link at or beside a store is refused, and what to give instead.
    static let linkAdvice = "statedb never follows links to or beside a store, since whoever can change a link decides which file receives the data. Give the path of the file itself"

    /// The rules every store file and side file follows whatever its mode: a regular file, not
    /// a link, with one name, owned by the user running the process.
    private static func requireRegularFileOfOurs(_ info: stat, path: String, name: String, store: String) throws {
        if let problem = problem(with: info, path: path, name: name, store: store) {
            throw StateStoreError(problem.kind, path: store, "\(problem.what); \(problem.advice)")
        }
    }

    /// What is wrong with a file, for `requireRegularFileOfOurs`; nil when nothing is.
    private static func problem(with info: stat, path: String, name: String, store: String, checkMode: Bool = false) -> Problem? {
        let type = info.st_mode & S_IFMT
        let isStore = path == store
        let subject = isStore ? "the store file" : "\(name), SQLite's file beside the store,"
        if type == S_IFDIR && isStore {
            return Problem(kind: .cannotOpen, what: "is a folder, not a store file", advice: "give the path of a file inside it.")
        }
        if type == S_IFLNK {
            return Problem(what: "\(isStore ? "the path" : subject) is a symbolic link",
                           advice: "\(linkAdvice)\(isStore ? "" : ", or remove the link").")
        }
        guard type == S_IFREG else {
            return Problem(what: "\(isStore ? "the path" : subject) is \(kindName(type)), not a regular file",
                           advice: "refusing to open it. Give the path of a store file\(isStore ? "" : ", or remove that one").")
        }
        let me = geteuid()
        guard info.st_uid == me else {
            let why = "statedb only uses files of its own user, since their owner can read and rewrite everything written into them."
            // The store itself is most likely that user's own (an operator looking into a user's
            // state); a side file of another user beside a store of ours was put there by them.
            let advice = if isStore {
                "\(why) If it is that user's store, open it as that user (for the command-line tool: `sudo -u \(accountName(info.st_uid)) statedb …`); otherwise move it away, then try again."
            } else {
                "\(why) Move it away (it is not yours), then try again."
            }
            return Problem(what: "\(subject) belongs to \(userName(info.st_uid)), not to the user running this, \(userName(me))", advice: advice)
        }
        guard info.st_nlink == 1 else {
            return Problem(what: "\(subject) has \(info.st_nlink) names (hard links)",
                           advice: "each name of a database gets its own -wal, so two processes could corrupt it. Keep one name (remove the other links, or copy the file), then try again.")
        }
        let mode = info.st_mode & 0o777
        if checkMode && mode & 0o077 != 0 {
            return Problem(what: "\(subject) is readable or writable by other users (mode \(octal(mode)))",
                           advice: "refusing to open the store. If it is yours, run `chmod 600` on it, then try again.")
        }
        return nil
    }

    private struct Problem {
        var kind: StateStoreError.Kind = .unsafeFile
        let what: String
        let advice: String
    }

    // MARK: - Creating and adopting

    /// Creates the store file, or adopts the empty one that the inspection found: in both cases
    /// a regular file of ours with mode 0600 before SQLite writes its first byte.
    ///
    /// `O_EXCL | O_NOFOLLOW` make the creation fail rather than follow a link or take over a
    /// file someone put there since the inspection; such a file is then checked like any other.
    static func createOrAdoptEmptyStore(_ path: String) throws {
        var descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if descriptor < 0 && errno == EEXIST {
            // O_NONBLOCK: a FIFO put there since the inspection must not block the open.
            descriptor = open(path, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else { throw openFailure(path, errno, doing: "open the empty store file") }
            defer { close(descriptor) }
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { throw openFailure(path, errno, doing: "read the empty store file") }
            try requireRegularFileOfOurs(info, path: path, name: "the store", store: path)
            guard info.st_size == 0 else {
                throw StateStoreError(.cannotOpen, path: path, "the file changed while it was being opened (it is no longer empty); nothing was written. Try again.")
            }
            // An empty file of ours that others may read or write: nothing is in it yet, so
            // making it private loses nothing.
            guard fchmod(descriptor, 0o600) == 0 else { throw openFailure(path, errno, doing: "make the empty store file private") }
            return
        }
        guard descriptor >= 0 else { throw openFailure(path, errno, doing: "create the store file") }
        defer { close(descriptor) }
        // The umask may only have taken bits away; set exactly 0600 all the same.
        guard fchmod(descriptor, 0o600) == 0 else { throw openFailure(path, errno, doing: "make the store file private") }
    }

    // MARK: - Reading the header

    /// Checks that `path` is still the regular file `lstat` saw as `expected` (the header is
    /// read through SQLite's file layer, which cannot be handed a descriptor).
    static func requireUnchanged(_ path: String, since expected: stat) throws {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_dev == expected.st_dev, info.st_ino == expected.st_ino,
              info.st_mode & S_IFMT == S_IFREG else {
            throw StateStoreError(.cannotOpen, path: path, "the file was replaced while it was being checked; nothing was opened. Try again.")
        }
    }

    // MARK: - After SQLite opened the store

    /// Checks the store and its side files again once SQLite has opened them, before anything
    /// is written: SQLite opens the `-wal` and `-shm` by name with `O_CREAT`, so a file another
    /// user put there after `checkBeforeOpening` would be used. `expectWAL`: SQLite must have
    /// opened the `-wal` and `-shm` by now (a writer that has read a WAL-mode database), so
    /// one that is missing was removed by someone else while SQLite kept it open.
    /// Returns the store file as `lstat` saw it then.
    @discardableResult
    static func checkAfterOpening(_ path: String, expectWAL: Bool) throws -> stat {
        func refuse(_ what: String) -> StateStoreError {
            StateStoreError(.unsafeFile, path: path, "while the store was being opened, \(what) (another user may be putting files into this folder); refusing to use the store. Keep it in a folder only you can write to.")
        }
        guard let found = try lstatOrNil(path, store: path) else { throw refuse("the store file was removed") }
        if let problem = problem(with: found, path: path, name: "the store", store: path, checkMode: true) {
            throw refuse(problem.what)
        }
        for suffix in sideFileSuffixes {
            let sidePath = path + suffix
            let name = (sidePath as NSString).lastPathComponent
            if let side = try lstatOrNil(sidePath, store: path) {
                if let problem = problem(with: side, path: sidePath, name: name, store: path, checkMode: true) {
                    throw refuse(problem.what)
                }
            } else if expectWAL && suffix != "-journal" {
                throw refuse("\(name), which SQLite had open, was removed")
            }
        }
        return found
    }

    /// `checkAfterOpening` for a connection SQLite has opened: when the check fails, the
    /// connection is closed without a checkpoint, so nothing in a side file that is not ours
    /// reaches the store.
    @discardableResult
    static func checkAfterOpening(_ connection: SQLiteConnection, path: String, expectWAL: Bool) throws -> stat {
        do {
            return try checkAfterOpening(path, expectWAL: expectWAL)
        } catch {
            connection.closeWithoutCheckpoint()
            throw error
        }
    }

    // MARK: - Helpers

    /// `lstat`, with nil for a missing file.
    private static func lstatOrNil(_ path: String, store: String) throws -> stat? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            let code = errno
            let what = path == store ? "the file" : (path as NSString).lastPathComponent
            throw StateStoreError(.cannotOpen, path: store, "cannot look at \(what) (\(String(cString: strerror(code)))); \(advice(for: code)).")
        }
        return info
    }

    private static func openFailure(_ path: String, _ code: Int32, doing what: String) -> StateStoreError {
        let reason = String(cString: strerror(code))
        switch code {
        case ELOOP:
            return StateStoreError(.unsafeFile, path: path, "a symbolic link appeared at the path while the store was being created; statedb never follows links for a store. Give the path of the file itself.")
        case EACCES, EROFS, EPERM:
            return StateStoreError(.readOnly, path: path, "cannot \(what) (\(reason)); \(advice(for: code)).")
        default:
            return StateStoreError(.cannotOpen, path: path, "cannot \(what) (\(reason)); \(advice(for: code)).")
        }
    }

    /// What to do about `code`, a failure to look at or create a file at the store's path.
    private static func advice(for code: Int32) -> String {
        switch code {
        case ENOTDIR: "a part of the path is a file, not a folder; check the path"
        case ENOENT: "a folder on the path does not exist; check the path"
        case ENAMETOOLONG: "the path or one of its names is too long; use a shorter path"
        case EROFS: "the file system is mounted read-only; put the store on a writable one"
        case EACCES, EPERM: "check the folder's permissions"
        default: "check the path and the folder's permissions"
        }
    }

    static func kindName(_ type: mode_t) -> String {
        switch type {
        case S_IFDIR: "a folder"
        case S_IFLNK: "a symbolic link"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }

    static func octal(_ mode: mode_t) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// "nobody (uid 65534)", or "uid 65534" for a uid without a name.
    static func userName(_ uid: uid_t) -> String {
        loginName(uid).map { "\($0) (uid \(uid))" } ?? "uid \(uid)"
    }

    /// What `sudo -u` takes for `uid`: its login name, or `#uid` when it has none.
    private static func accountName(_ uid: uid_t) -> String {
        loginName(uid) ?? "#\(uid)"
    }

    /// The login name of `uid`; nil when it has none.
    private static func loginName(_ uid: uid_t) -> String? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        // The name points into the buffer: read it while the buffer is still there.
        var buffer = [CChar](repeating: 0, count: 4096)
        return buffer.withUnsafeMutableBufferPointer { storage in
            guard getpwuid_r(uid, &entry, storage.baseAddress!, storage.count, &result) == 0, result != nil,
                  let name = entry.pw_name else { return nil }
            return String(cString: name)
        }
    }
}

extension SQLiteConnection {
    /// Closes without the checkpoint SQLite runs when the last connection closes: used when a
    /// side file turned out not to be ours, so nothing in it is copied into the store.
    func closeWithoutCheckpoint() {
        skipCheckpointOnClose()
        close()
    }

    /// When this connection closes, SQLite neither checkpoints the `-wal` into the file nor
    /// removes the `-wal` and `-shm`, even as the last connection.
    func skipCheckpointOnClose() {
        if let db = handle { _ = statedb_set_no_checkpoint_on_close(db) }
    }
}
