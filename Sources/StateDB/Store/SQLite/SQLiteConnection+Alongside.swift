import Foundation

extension SQLiteConnection {
    /// A second, read-only connection to the store file at `path`, which the store's own
    /// connection opened as `file` (`SQLiteStoreDatabase.openedFile`), for work beside it on a
    /// thread of its own (`LoadAlongside`, `IntegrityCheckAlongside`). Nil when the path no
    /// longer names that file (moved, or another put in its place).
    ///
    /// The file is compared before opening (a FIFO there would block the open) and again before
    /// the first read. That read opens the `-wal` and `-shm` by name, and SQLite shares them by
    /// the database file's inode: a connection to another file would rebuild the store's `-shm`
    /// under it, and read the other file through the store's WAL. `beforeFirstRead` sets the
    /// connection up with what reads nothing; the side files are checked after the first read.
    ///
    /// - Throws: `SQLiteError` when SQLite cannot open or read the file;
    ///   `StateStoreError(.unsafeFile)` when a side file is not the store's.
    static func alongside(_ path: String, file: stat, beforeFirstRead: (SQLiteConnection) throws -> Void = { _ in }) throws -> SQLiteConnection? {
        guard (try? FileSafety.requireUnchanged(path, since: file)) != nil else { return nil }
        let connection = try SQLiteConnection(path: path, mode: .readOnly)
        guard (try? FileSafety.requireUnchanged(path, since: file)) != nil else { return nil }
        try beforeFirstRead(connection)
        _ = try connection.pragmaInteger(.schemaVersion)  // the first read
        // They must still be the store's (its own connection checked them when it opened).
        try FileSafety.checkAfterOpening(connection, path: path, expectWAL: false)
        return connection
    }
}
