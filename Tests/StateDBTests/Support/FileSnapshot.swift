import Foundation

/// A file's bytes plus the names of everything beside it, to prove that opening it changed
/// nothing: not one byte, and no `-wal` / `-shm` / `-journal` file left behind.
struct FileSnapshot: Equatable, CustomStringConvertible {
    /// nil for a folder or a missing file.
    let bytes: Data?
    let folderListing: [String]

    init(_ path: String) {
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        bytes = exists && !isFolder.boolValue ? FileManager.default.contents(atPath: path) : nil
        let folder = isFolder.boolValue ? path : (path as NSString).deletingLastPathComponent
        folderListing = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    var description: String {
        "\(bytes.map { "\($0.count) bytes" } ?? "no file"), beside: \(folderListing)"
    }
}
