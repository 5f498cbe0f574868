@_spi(Admin) import StateDB
import Foundation

/// Writes a file only its owner may read (mode 0600), atomically: the data goes to a new file
/// beside the target, created with `O_CREAT | O_EXCL | O_NOFOLLOW` so it can be neither an
/// existing file nor a link someone put there, and is then renamed over the target. An existing
/// target keeps nothing of its own, not even its mode, and a reader sees the old file or the
/// whole new one.
///
/// The target itself must be absent or a regular file: a link is refused rather than replaced
/// or written through, and so are FIFOs and devices (rename would replace `/dev/null` itself
/// when run as root). Standard output is `-`, not a path.
enum PrivateFile {
    static func write(_ data: Data, to path: String) throws {
        try write(to: path) { output in try output.append { $0.append(contentsOf: data) } }
    }

    /// Streams the file's content: `body` appends to a buffer written to the new file block
    /// by block. When `body` throws, the new file is removed and the target left as it was.
    static func write(to path: String, _ body: (OutputBuffer) throws -> Void) throws {
        var existing = stat()
        if lstat(path, &existing) == 0 {
            let type = existing.st_mode & S_IFMT
            if type == S_IFLNK {
                throw UsageError("\(path) is a symbolic link; statedb does not write through links or replace them. Give the path of the file itself")
            }
            if type != S_IFREG {
                throw UsageError("\(path) is not a regular file; give a file's path, or `-` for standard output")
            }
        } else if errno != ENOENT {
            throw UsageError("\(path): cannot look at it (\(String(cString: strerror(errno))))")
        }

        let folder = FolderPath.of(path)
        let name = (path as NSString).lastPathComponent
        let temporary = (folder.isEmpty ? "" : folder + "/") + ".\(name).partial-\(UInt64.random(in: 0...UInt64.max).hexadecimal)"
        // Registered so that an interrupted command removes it (`InterruptCleanup`).
        let ((descriptor, code), registration) = InterruptCleanup.registering {
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            return ((descriptor, errno), descriptor >= 0 ? [.file(temporary)] : [])
        }
        guard descriptor >= 0 else {
            if code == ENOENT { throw UsageError("\(path): its folder does not exist; create it, or give a path in an existing folder") }
            throw failure(path, "cannot create a file beside it", code: code)
        }
        var renamed = false
        defer {
            close(descriptor)
            if !renamed { unlink(temporary) }
            registration.end()
        }
        // The umask may only take bits away; 0600 exactly all the same.
        guard fchmod(descriptor, 0o600) == 0 else { throw failure(path, "cannot make the file private") }
        let output = OutputBuffer(descriptor: descriptor)
        do {
            try body(output)
            try output.flush()
        } catch let error as FileWriteError {
            throw failure(path, "cannot write the file", code: error.code)
        }
        guard fsync(descriptor) == 0 else { throw failure(path, "cannot write the file to the disk") }
        guard rename(temporary, path) == 0 else { throw failure(path, "cannot replace the file") }
        renamed = true
    }

    /// `code`: the failed call's `errno`, read where the failure is made. A full disk, a
    /// quota, a size limit, a read-only file system or a refused permission is "cannot write"
    /// (exit 8, as for a store), with what to do; anything else stays a failure of the path
    /// given (exit 2).
    private static func failure(_ path: String, _ what: String, code: Int32 = errno) -> any Error {
        let reason = String(cString: strerror(code))
        switch code {
        case ENOSPC, EDQUOT, EFBIG:
            return OutputFileError(message: "\(path): \(what) (\(reason)); it was left as it was. Free space (or write to another disk) and run it again")
        case EROFS, EACCES, EPERM:
            return OutputFileError(message: "\(path): \(what) (\(reason)); it was left as it was. Check the folder's permissions, or write to another folder")
        default:
            return UsageError("\(path): \(what) (\(reason)); it was left as it was")
        }
    }
}

/// A file a command writes (`export -o`) could not be written for want of space or
/// permission: exit 8, "cannot write", as for a store.
struct OutputFileError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

private extension UInt64 {
    var hexadecimal: String { String(self, radix: 16) }
}
