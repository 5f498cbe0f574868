import CSQLite
import Foundation

/// Refuses a store whose `-wal` would damage it when replayed, before anything is written.
///
/// A `-wal` holds transactions the store file does not have yet, as whole pages; the next
/// connection reads them over the file's own pages, and a checkpoint writes them into it.
/// SQLite keeps nothing that ties a `-wal` to its database: the header's page size, salts and
/// checksums only chain the `-wal`'s own frames together. So a `-wal` (with its `-shm`) copied
/// from another database, or left beside a store file that was replaced by a backup, is
/// replayed just the same, and its pages overwrite this file's. Comparing headers cannot catch
/// that; what can is replaying it and looking at the result.
///
/// So when a `-wal` holds frames, the store file and its `-wal` are copied into a private
/// folder (`PrivateCopy`), SQLite replays the copy there, and `PRAGMA integrity_check` runs on
/// it. Looking at the store itself cannot be done without writing: `immutable=1` ignores the
/// `-wal` altogether (it would check the file without what is to be replayed); `mode=ro` with
/// a `-wal` still opens the `-shm` for writing, rebuilds it when no other connection has it
/// open, and writes read marks into it.
///
/// `quick_check` would be cheaper (it skips comparing each index with its table), but a `-wal`
/// of another statedb store has the same page layout, and its frames typically leave every
/// b-tree well formed while the indexes no longer match the rows: in trials quick_check passed
/// more than half of the mismatched pairs that integrity_check caught. A `-wal` whose pages
/// happen to fit (it rewrites every page the other database's transactions touched,
/// consistently) cannot be told from the store's own by its pages; but a statedb store's clock
/// only goes forward, so one whose replay takes the clock back below the file's is another
/// database's (the `-wal` of another store's first session holds that whole store, page 1
/// on, and replayed it would replace this one).
///
/// The check costs a copy of the file and an integrity check (~3 ms for a small store, ~50 ms
/// for a 4 MB one), and runs only when the `-wal` holds frames: while another process has the
/// store open, or after a crash. A store closed normally has no `-wal`, and opening it costs
/// one failed `open` of the `-wal` here.
enum HotJournalCheck {
    /// The size of a `-wal` header; frames follow it.
    static let walHeaderSize = 32

    /// Checks `path`'s `-wal`, if it holds frames, and returns the private copy it checked, for
    /// the rest of the inspection to read (so that no refusal touches the `-shm` either); nil
    /// when there is nothing to replay.
    ///
    /// - Throws: `.corrupt` when the replayed copy is damaged.
    static func verify(path: String) throws -> PrivateCopy? {
        guard var header = walHeader(path) else { return nil }
        // The copy is consistent when the -wal was not restarted while the files were copied:
        // the store file is copied first, then the -wal. A checkpoint meanwhile writes pages
        // into the store file that the -wal still holds (a -wal is only overwritten from its
        // start after a restart), so the replayed copy is the last commit either way. A
        // restart writes a new header (salt 1 counts up, salt 2 is random), which is what the
        // comparison looks for.
        for _ in 0..<3 {
            let copy: PrivateCopy
            do {
                copy = try PrivateCopy(of: path, withWAL: true)
            } catch {
                // No room for a copy (a full or read-only temporary folder), or the -wal went
                // away (its last connection closed and checkpointed it: then the file holds
                // everything). Check through a read-only connection on the store itself: SQLite
                // never writes the file or the -wal for one (it cannot checkpoint), though it
                // may rebuild the -shm.
                guard walHeader(path) != nil else { return nil }
                try refuseIfDamaged(integrityProblems(of: path), alone: nil, path: path)
                return nil
            }
            guard let after = walHeader(path) else { return nil }  // checkpointed and removed meanwhile
            if after == header {
                let problems = integrityProblems(of: copy.path)
                if !problems.isEmpty {
                    copy.dropWAL()
                    try refuseIfDamaged(problems, alone: integrityProblems(of: copy.path), path: path)
                }
                try refuseIfForeignAfterReplay(copy: copy.path, path: path)
                try refuseIfClockGoesBack(copy: copy.path, path: path)
                return copy
            }
            header = after
        }
        // Restarted three times while being copied: a live writer owns this -wal and commits
        // through it as fast as it can, which a -wal of another database never does.
        return nil
    }

    /// The first bytes of `path-wal` when it is a regular file with a valid header and room
    /// for at least one frame; nil when SQLite would find nothing to replay in it.
    static func walHeader(_ path: String) -> [UInt8]? {
        let descriptor = open(path + "-wal", O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
              info.st_size > walHeaderSize + 24 + 512 else { return nil }
        var header = [UInt8](repeating: 0, count: walHeaderSize)
        let count = header.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, walHeaderSize) }
        guard count == walHeaderSize else { return nil }
        // 0x377f0682 or 0x377f0683, big-endian; SQLite ignores a -wal with any other magic.
        guard header[0] == 0x37, header[1] == 0x7f, header[2] == 0x06, header[3] & 0xfe == 0x82 else { return nil }
        return header
    }

    /// What `PRAGMA integrity_check` reports on the database at `path` (with its `-wal`, if
    /// any), read-only; empty when it is sound.
    static func integrityProblems(of path: String) -> [String] {
        let escaped = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "?#%"))) ?? path
        do {
            let connection = try SQLiteConnection(path: "file:\(escaped)?mode=ro", mode: .readOnly, uri: true)
            defer { connection.close() }
            return try IntegrityCheck.problems(on: connection)
        } catch let error as SQLiteError where error.isCorrupt || error.isNotADatabase {
            return [error.message]
        } catch {
            // Not a verdict on the file (out of memory, an I/O error in the temporary folder):
            // the rest of the open path meets the same file and reports what it finds.
            return []
        }
    }

    /// Refuses the `-wal` when the store's clock, replayed, reads below the clock of the store
    /// file alone: its transactions are not this store's. Both read the private copy (`copy`,
    /// with and without its `-wal`), one snapshot: the store itself may have moved on since
    /// it was copied (a running app commits and checkpoints).
    private static func refuseIfClockGoesBack(copy: String, path: String) throws {
        let escaped = FileURIPath.escaped(copy)
        guard let withWAL = clockTick(ofURI: "file:\(escaped)?mode=ro"),
              let alone = clockTick(ofURI: "file:\(escaped)?immutable=1"),
              withWAL < alone else { return }
        throw StateStoreError(.corrupt, path: path, "the -wal beside it is not this store's: replaying it would take the store's clock back from \(alone) to \(withWAL), replacing its slots with another database's; nothing was written. \(movingTheWALAway(path))")
    }

    /// Refuses the `-wal` when the store file alone is a statedb store and replaying the `-wal`
    /// makes it another application's database: the `-wal` (a whole other database's first
    /// pages, page 1 on) is not this store's, and the file without it is.
    private static func refuseIfForeignAfterReplay(copy: String, path: String) throws {
        let escaped = FileURIPath.escaped(copy)
        guard isStore(fileAlone: copy), let replayed = identification(ofURI: "file:\(escaped)?mode=ro"),
              replayed.applicationID != StoreFile.applicationID else { return }
        let what = replayed.applicationID == 0 ? "no statedb application id" : "application_id \(replayed.applicationID)"
        let tables = replayed.tables.prefix(5).joined(separator: ", ") + (replayed.tables.count > 5 ? ", …" : "")
        throw StateStoreError(.corrupt, path: path, "the -wal beside it does not fit the store: replaying its transactions would make the store a SQLite database of another application (\(what); tables: \(tables.isEmpty ? "none" : tables)); nothing was written. \(movingTheWALAway(path))")
    }

    /// Whether the file at `path` (a private copy), read without its `-wal`, is a statedb store.
    static func isStore(fileAlone path: String) -> Bool {
        identification(ofURI: "file:\(FileURIPath.escaped(path))?immutable=1")?.applicationID == StoreFile.applicationID
    }

    /// `PRAGMA application_id` and the table names of the database `uri` names, read-only; nil
    /// when they cannot be read.
    private static func identification(ofURI uri: String) -> (applicationID: Int32, tables: [String])? {
        guard let connection = try? SQLiteConnection(path: uri, mode: .readOnly, uri: true) else { return nil }
        defer { connection.close() }
        guard let id = try? connection.pragmaInteger(.applicationID),
              let statement = try? connection.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        else { return nil }
        var tables: [String] = []
        while (try? statement.step()) == true { tables.append(statement.string(at: 0)) }
        return (Int32(truncatingIfNeeded: id), tables)
    }

    /// The tick of the statedb clock of the database `uri` names, read-only; nil when it has
    /// none (not a statedb store yet) or cannot be read.
    private static func clockTick(ofURI uri: String) -> Int64? {
        guard let connection = try? SQLiteConnection(path: uri, mode: .readOnly, uri: true) else { return nil }
        defer { connection.close() }
        return try? StoreClock.current(on: connection)
    }

    /// What to do about a `-wal` that is not the store's.
    private static func movingTheWALAway(_ path: String) -> String {
        let name = (path as NSString).lastPathComponent
        return "If \(name)-wal and \(name)-shm were copied or restored from elsewhere, move both away and the store opens as it was without them; or copy its slots into a new store without them: `statedb recover \(StateStoreError.shellWord(path)) \(StateStoreError.shellWord(StateStoreError.recoveredPath(for: path))) --ignore-wal`."
    }

    private static func refuseIfDamaged(_ problems: [String], alone: [String]?, path: String) throws {
        guard let first = problems.first else { return }
        let found = "integrity check of a private copy: \(first)\(problems.count > 1 ? " …" : "")"
        if alone?.isEmpty == true {
            throw StateStoreError(.corrupt, path: path, "the -wal beside it does not fit the store: replaying its transactions would damage the database (\(found)); nothing was written. \(movingTheWALAway(path))")
        }
        throw StateStoreError(.corrupt, path: path, "the database is damaged (\(found)); nothing was written. \(StateStoreError.salvageAdvice(for: path))")
    }
}

/// `PRAGMA integrity_check`, read to the end.
enum IntegrityCheck {
    /// The problems SQLite lists; empty when it says `ok`. On a badly damaged file SQLite may
    /// stop with an error after some lines: the error is the last problem, not a failure.
    static func problems(on connection: SQLiteConnection) throws -> [String] {
        var lines: [String] = []
        do {
            let pragma = try connection.prepare("PRAGMA integrity_check")
            // A row may hold several lines, under a "*** in database main ***" heading.
            while try pragma.step() {
                lines += pragma.string(at: 0).split(separator: "\n").map(String.init).filter { !$0.hasPrefix("*** in database") }
            }
        } catch let error as SQLiteError where error.isCorrupt || error.isNotADatabase {
            lines.append(error.message)
        }
        return lines == ["ok"] ? [] : lines
    }
}
