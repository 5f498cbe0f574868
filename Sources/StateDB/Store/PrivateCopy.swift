import Foundation

/// A copy of a store file, and of its `-wal` when asked, in a new folder of its own (mode
/// 0700, files 0600) under the temporary directory, removed when released. SQLite may replay,
/// check and read the copy as it likes: the original file, its `-wal` and its `-shm` are
/// never opened by SQLite, so they stay byte for byte as they were.
///
/// The `-shm` is not copied: it is an index of the `-wal` that SQLite rebuilds from the
/// `-wal`'s checksummed frames when it is missing, as the first connection after a crash does.
final class PrivateCopy {
    /// The copy of the store file; the copy of its `-wal`, if any, is beside it.
    let path: String
    /// Whether the `-wal` was copied.
    let includesWAL: Bool
    private let folder: String
    /// So that an interrupted command removes the copy too.
    private let registration: InterruptCleanup.Registration

    /// Copies `source` (and `source-wal` when `withWAL`, `source-journal` when `withJournal`).
    /// - Throws: `PrivateCopy.Failure` when a file cannot be read or the copy cannot be written.
    init(of source: String, withWAL: Bool, withJournal: Bool = false) throws {
        (folder, registration) = try InterruptCleanup.registering {
            let folder = try PrivateCopy.makeFolder()
            return (folder, [.folder(folder)])
        }
        path = folder + "/store.sqlite"
        includesWAL = withWAL
        do {
            try PrivateCopy.copyDatabase(source, to: path)
            if withWAL { try PrivateCopy.copy(source + "-wal", to: path + "-wal") }
            if withJournal { try PrivateCopy.copy(source + "-journal", to: path + "-journal") }
        } catch {
            remove()
            throw error
        }
    }

    deinit { remove() }

    /// Removes the folder and everything SQLite left in it.
    func remove() {
        try? FileManager.default.removeItem(atPath: folder)
        registration.end()
    }

    /// A copy of a store with a rollback journal (`-journal`, left by a writer that stopped in
    /// the middle of a transaction), with the journal played back into it as the next writer
    /// of the store would: the store as of its last commit, read without writing the store.
    static func rolledBack(_ source: String) throws -> PrivateCopy {
        let copy = try PrivateCopy(of: source, withWAL: false, withJournal: true)
        do {
            // A read on a writable connection plays a hot journal back, and removes it.
            let connection = try SQLiteConnection(path: copy.path, mode: .readWrite)
            defer { connection.close() }
            _ = try connection.pragmaInteger(.userVersion)
        } catch {
            copy.remove()
            throw error
        }
        return copy
    }

    /// Whether `path` has a rollback journal beside it that may hold a transaction: SQLite
    /// decides whether it is hot (its writer gone) when it opens the store.
    static func hasRollbackJournal(_ path: String) -> Bool {
        var info = stat()
        return lstat(path + "-journal", &info) == 0 && info.st_size > 0
    }

    /// Deletes the copy's `-wal` and `-shm`, leaving the store file alone in the folder.
    func dropWAL() {
        unlink(path + "-wal")
        unlink(path + "-shm")
    }

    /// Why a copy could not be made.
    struct Failure: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "\(path): \(reason)" }
    }

    private static func makeFolder() throws -> String {
        let base = FileManager.default.temporaryDirectory.path
        var template = Array((base + "/statedb-copy-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in mkdtemp(buffer.baseAddress!).map { String(cString: $0) } }
        guard let made else {
            throw Failure(path: base, reason: "cannot create a private folder (\(String(cString: strerror(errno))))")
        }
        return made
    }

    /// Copies a database file into a new file of mode 0600, reading it through SQLite's file
    /// layer so that no lock of this process's connections on it is dropped
    /// (`DatabaseFileReader`).
    private static func copyDatabase(_ source: String, to destination: String) throws {
        var info = stat()
        guard stat(source, &info) == 0 else { throw Failure(path: source, reason: String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw Failure(path: source, reason: "not a regular file") }
        let reader: DatabaseFileReader
        do {
            reader = try DatabaseFileReader(path: source)
        } catch {
            throw Failure(path: source, reason: "\(error)")
        }
        let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard output >= 0 else { throw Failure(path: destination, reason: String(cString: strerror(errno))) }
        defer { close(output) }
        let chunk = 1 << 16
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        var offset: Int64 = 0
        while offset < reader.size {
            let count = Int(min(Int64(chunk), reader.size - offset))
            do {
                try reader.read(into: buffer, count: count, at: offset)
            } catch {
                throw Failure(path: source, reason: "\(error)")
            }
            var written = 0
            while written < count {
                let done = write(output, buffer + written, count - written)
                if done < 0 {
                    if errno == EINTR { continue }
                    throw Failure(path: destination, reason: String(cString: strerror(errno)))
                }
                written += done
            }
            offset += Int64(count)
        }
    }

    /// Copies a regular file that SQLite holds no lock on (a `-wal`) byte for byte into a new
    /// file of mode 0600.
    private static func copy(_ source: String, to destination: String) throws {
        func failure(_ path: String) -> Failure { Failure(path: path, reason: String(cString: strerror(errno))) }
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
        let input = open(source, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard input >= 0 else { throw failure(source) }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0 else { throw failure(source) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw Failure(path: source, reason: "not a regular file") }
        let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard output >= 0 else { throw failure(destination) }
        defer { close(output) }
        // The kernel copies without the bytes passing through this process (a zeroed buffer
        // of our own cost more than the copy); read and write where it cannot.
        while true {
            let sent = sendfile(output, input, nil, 1 << 30)
            if sent > 0 { continue }
            if sent == 0 { return }
            if errno == EINTR { continue }
            if errno == EINVAL || errno == ENOSYS { break }
            throw failure(source)
        }
        let size = 1 << 16
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(input, buffer, size)
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(source)
            }
            if count == 0 { return }
            var written = 0
            while written < count {
                let done = write(output, buffer + written, count - written)
                if done < 0 {
                    if errno == EINTR { continue }
                    throw failure(destination)
                }
                written += done
            }
        }
    }
}
