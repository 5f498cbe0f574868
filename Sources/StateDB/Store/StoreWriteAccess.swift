import Foundation

/// Whether this process may write a store file and the `-wal` and `-shm` beside it.
///
/// SQLite opens a database it may not write read-only without a word, and a `-shm` it may not
/// write (one a read of a read-only store left with that file's mode, `0400`) fails every
/// write later: the app would show its changes and lose them at the first commit. A store
/// opened for writing is refused at once instead, naming the file.
enum StoreWriteAccess {
    /// The refusal for the first of the store file, its `-wal` and its `-shm` that exists and
    /// this process may not write; nil when each can be written.
    static func problem(path: String) -> StateStoreError? {
        for suffix in ["", "-wal", "-shm"] {
            let file = path + suffix
            var info = stat()
            // As the process's effective user, who opens the file (`access` asks for the real one).
            guard lstat(file, &info) == 0, faccessat(AT_FDCWD, file, W_OK, AT_EACCESS) != 0 else { continue }
            if errno == EROFS {
                return StateStoreError(.readOnly, path: path, "\(StateStoreError.shellWord(file)) is on a file system mounted read-only, so no change could be saved; nothing was written. Copy the store to a writable place and use the copy, or mount the file system read-write.")
            }
            let mode = String(info.st_mode & 0o777, radix: 8)
            let who = "mode 0\(mode), owner uid \(info.st_uid); this process runs as uid \(geteuid())"
            if suffix.isEmpty {
                return StateStoreError(.readOnly, path: path, "the store file is not writable by this process (\(who)), so no change could be saved; nothing was written. Give this user write access to it (as its owner: `chmod u+w \(StateStoreError.shellWord(path))`).")
            }
            return StateStoreError(.readOnly, path: path, "\(StateStoreError.shellWord(file)) is not writable by this process (\(who)); SQLite gives a \(suffix) the store file's mode when it makes one (a read of a read-only store leaves one so), and cannot write the store through it. Nothing was written. Give it the store file's mode (as its owner: `chmod 600 \(StateStoreError.shellWord(file))`).")
        }
        return nil
    }
}
