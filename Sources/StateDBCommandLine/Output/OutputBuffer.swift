@_spi(Admin) import StateDB
import Foundation

/// Bytes on their way to a file descriptor (standard output by default), written in blocks
/// of 64 KiB: streamed output of a million slots costs a few hundred `write` calls and never
/// holds more than a block.
final class OutputBuffer {
    private(set) var bytes: [UInt8] = []
    /// True once anything was written out (or, on standard output, was to be).
    private(set) var wroteAny = false
    private let descriptor: Int32
    private static let blockSize = 1 << 16

    init(descriptor: Int32 = STDOUT_FILENO) {
        self.descriptor = descriptor
        bytes.reserveCapacity(Self.blockSize + 4096)
    }

    /// Appends with `body`, then writes a full block out.
    func append(_ body: (inout [UInt8]) -> Void) throws {
        body(&bytes)
        if bytes.count >= Self.blockSize { try flush() }
    }

    func append(_ text: String) throws {
        try append { $0.append(contentsOf: text.utf8) }
    }

    /// Writes out everything appended so far. On standard output a failure is recorded and the
    /// command goes on (see `StandardOutput`); on a file it throws `FileWriteError`.
    func flush() throws {
        defer { bytes.removeAll(keepingCapacity: true) }
        guard !bytes.isEmpty else { return }
        if descriptor == STDOUT_FILENO {
            bytes.withUnsafeBytes { StandardOutput.write($0) }
        } else if let code = bytes.withUnsafeBytes({ StandardOutput.writeAll($0, to: descriptor) }) {
            throw FileWriteError(code: code)
        }
        wroteAny = true
    }
}

extension OutputBuffer {
    /// Runs `body`, which streams a document into this buffer; when it fails after part of the
    /// document went out, its error says that what went out is incomplete (the store's errors
    /// say nothing was written, meaning to the store).
    @discardableResult
    func streamingDocument<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch where wroteAny {
            let note = " (Standard output already has the slots before it: an incomplete document, to be thrown away.)"
            switch error {
            case let error as AdminError: throw AdminError(error.kind, path: error.path, error.message + note)
            case let error as StateStoreError: throw StateStoreError(error.kind, path: error.path, error.message + note)
            default: throw error
            }
        }
    }
}

/// A write to a file that failed, with its `errno`.
struct FileWriteError: Error {
    let code: Int32
}

/// Appends the object `slotJSON(slot)` is, as `jsonText` indents it `indent` levels deep,
/// without building it: what `inspect --json` writes for each of a million slots.
func appendSlotJSON(_ slot: AdminSlot, indent: Int, to output: inout [UInt8]) {
    func member(_ name: StaticString, first: Bool = false) {
        if !first { output.append(UInt8(ascii: ",")) }
        JSONValue.appendNewline(indent + 1, to: &output)
        output.append(UInt8(ascii: "\""))
        output.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        output.append(contentsOf: "\": ".utf8)
    }
    output.append(UInt8(ascii: "{"))
    member("key", first: true); JSONValue.appendString(slot.key, to: &output)
    let parts = SlotKey(slot.key)  // split once for both members
    member("identity"); JSONValue.appendString(parts.identity, to: &output)
    member("property"); JSONValue.appendString(parts.property, to: &output)
    member("type"); JSONValue.appendString(slot.type, to: &output)
    member("encoding"); JSONValue.appendString(slot.encoding, to: &output)
    member("value"); (slot.value ?? .null).append(to: &output, pretty: true, indent: indent + 1)
    if let problem = slot.problem { member("error"); JSONValue.appendString(problem, to: &output) }
    for (name, time) in [("created" as StaticString, slot.createdAt), ("updated", slot.updatedAt), ("seen", slot.seenAt)] {
        member(name)
        output.append(UInt8(ascii: "\""))
        StoreAdmin.appendISOTimestamp(milliseconds: time, to: &output)
        output.append(UInt8(ascii: "\""))
    }
    member("version"); output.append(contentsOf: String(slot.version).utf8)
    JSONValue.appendNewline(indent, to: &output)
    output.append(UInt8(ascii: "}"))
}
