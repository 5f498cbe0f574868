import CSQLite

/// Reads a database file through SQLite's own file layer instead of `open(2)`/`close(2)`.
///
/// POSIX advisory locks belong to a process and a file, not to a descriptor: closing *any*
/// descriptor of a file drops every lock the process holds on it. The SQLite connections of
/// this process hold locks on a store file as long as they are open (a WAL reader holds a
/// shared one), so a plain open and close of the file drops them; another process closing its
/// connection then believes itself the last one, checkpoints, and deletes the `-wal` and
/// `-shm` that a running store of this process still uses ("How To Corrupt An SQLite
/// Database File", 2.2). SQLite's unix layer knows every connection's locks on a file, and
/// keeps a descriptor it is asked to close open until the last of them is released.
///
/// Only the database file needs this: SQLite holds no lock on a `-wal`, and this code never
/// opens a `-shm`.
final class DatabaseFileReader {
    /// Why the file could not be opened or read: SQLite's result code.
    struct Failure: Error, CustomStringConvertible {
        let path: String
        let code: Int32
        var description: String { "\(path): \(String(cString: sqlite3_errstr(code)))" }
    }

    private let path: String
    private let file: UnsafeMutablePointer<sqlite3_file>
    private let storage: UnsafeMutableRawPointer
    /// The file's size in bytes when it was opened.
    let size: Int64

    /// Opens `path` read-only as a main database file, which is what lets SQLite's unix layer
    /// share its bookkeeping of locks with the connections on the same file.
    init(path: String) throws {
        self.path = path
        guard let vfs = sqlite3_vfs_find(nil), let open = vfs.pointee.xOpen else {
            throw Failure(path: path, code: SQLITE_ERROR)
        }
        storage = UnsafeMutableRawPointer.allocate(byteCount: Int(vfs.pointee.szOsFile), alignment: 16)
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: Int(vfs.pointee.szOsFile))
        file = storage.bindMemory(to: sqlite3_file.self, capacity: 1)
        var flags: Int32 = 0
        // NOFOLLOW: the file checks refused links a moment ago; one put there since is not followed.
        let code = open(vfs, path, file, SQLITE_OPEN_READONLY | SQLITE_OPEN_MAIN_DB | SQLITE_OPEN_NOFOLLOW, &flags)
        var size: sqlite3_int64 = 0
        if code == SQLITE_OK, let fileSize = file.pointee.pMethods?.pointee.xFileSize, fileSize(file, &size) == SQLITE_OK {
            self.size = size
            return
        }
        if let close = file.pointee.pMethods?.pointee.xClose { _ = close(file) }
        storage.deallocate()
        throw Failure(path: path, code: code == SQLITE_OK ? SQLITE_IOERR : code)
    }

    deinit {
        if let close = file.pointee.pMethods?.pointee.xClose { _ = close(file) }
        storage.deallocate()
    }

    /// Reads `count` bytes at `offset` into `buffer`; the range must lie inside the file.
    func read(into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int64) throws {
        guard let read = file.pointee.pMethods?.pointee.xRead else { throw Failure(path: path, code: SQLITE_IOERR) }
        let code = read(file, buffer, Int32(count), offset)
        guard code == SQLITE_OK else { throw Failure(path: path, code: code) }
    }

    /// Up to the first `count` bytes of the file at `path`.
    static func prefix(of path: String, count: Int) throws -> [UInt8] {
        let reader = try DatabaseFileReader(path: path)
        let length = Int(min(Int64(count), reader.size))
        var bytes = [UInt8](repeating: 0, count: length)
        if length > 0 { try bytes.withUnsafeMutableBytes { try reader.read(into: $0.baseAddress!, count: length, at: 0) } }
        return bytes
    }
}
