import Foundation

/// A fresh folder under the system's temporary directory for the stores and floors of one
/// run, removed when released.
final class ScratchDirectory {
    let path: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.path
        path = base + "/statedb-bench-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String) -> String { path + "/" + name }

    /// Removes a SQLite file with its WAL and shared-memory companions.
    func removeDatabase(_ name: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file(name) + suffix) }
    }
}
