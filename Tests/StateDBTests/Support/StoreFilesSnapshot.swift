import Foundation

/// A store path, its `-wal`, `-shm` and `-journal`, and every name in the folder, as `lstat`
/// sees them: type, mode, owner, link target and bytes. Two equal snapshots prove a refused
/// open changed nothing: not a byte, not a mode or an owner, no file created or removed, no
/// link followed.
struct StoreFilesSnapshot: Equatable, CustomStringConvertible {
    struct Entry: Equatable {
        let name: String
        let type: mode_t
        let mode: mode_t
        let owner: uid_t
        /// Regular files only (a FIFO or a device is never read).
        let bytes: Data?
        /// Links only.
        let target: String?
    }

    let entries: [Entry]
    let folderListing: [String]

    init(_ path: String, folder: String? = nil) {
        entries = ([""] + ["-wal", "-shm", "-journal"]).compactMap { Self.entry(path + $0) }
        let folder = folder ?? (path as NSString).deletingLastPathComponent
        folderListing = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    static func entry(_ path: String) -> Entry? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        let type = info.st_mode & S_IFMT
        return Entry(name: (path as NSString).lastPathComponent, type: type, mode: info.st_mode & 0o7777, owner: info.st_uid,
                     bytes: type == S_IFREG ? FileManager.default.contents(atPath: path) : nil,
                     target: type == S_IFLNK ? try? FileManager.default.destinationOfSymbolicLink(atPath: path) : nil)
    }

    var description: String {
        entries.map { "\($0.name): type \(String($0.type, radix: 8)) mode \(String($0.mode, radix: 8)) uid \($0.owner) \($0.bytes.map { "\($0.count) bytes" } ?? $0.target.map { "-> \($0)" } ?? "")" }
            .joined(separator: "; ") + "; folder: \(folderListing)"
    }
}

/// The uid tests give files that must not be ours (`nobody`); only root can.
let otherUser: uid_t = 65534

/// Gives `path` (not following a link) to `otherUser`.
func giveAway(_ path: String) throws {
    guard lchown(path, otherUser, gid_t(otherUser)) == 0 else {
        throw ChildProcess.Failure(description: "lchown \(path): \(String(cString: strerror(errno)))")
    }
}

/// Mode bits of a file, not following links.
func modeOf(_ path: String) -> mode_t? {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
}
