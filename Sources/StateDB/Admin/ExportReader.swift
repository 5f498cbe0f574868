import Glibc
import Foundation

/// The file an import reads, open for as many passes as the import needs: a path, or standard
/// input copied to an unlinked temporary file (0600) so that it can be read twice too.
@_spi(Admin) public final class ImportInput {
    let descriptor: Int32

    /// Opens the file at `path`, or copies standard input for `-`.
    /// - Throws: `ImportInputError.unreadable` when it cannot be opened or copied.
    public init(path: String) throws(ImportInputError) {
        if path == "-" {
            descriptor = try ImportInput.spoolStandardInput()
        } else {
            // Opened without blocking: opening a FIFO no one writes to would wait for a writer
            // forever. Only a regular file will do, since an import reads its file twice (first
            // to check all of it); then reads block again, as some file systems (FUSE, network)
            // would otherwise answer "try again".
            descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard descriptor >= 0 else { throw .unreadable }
            var info = stat()
            guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
                  fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK) == 0 else {
                Glibc.close(descriptor)
                throw .unreadable
            }
        }
    }

    deinit { Glibc.close(descriptor) }

    /// The whole file in memory, for what only a whole-document parse can say (a file that is
    /// not a JSON object at all).
    public func readAll() throws(ImportInputError) -> Data {
        var data = Data()
        var source = try ChunkSource(self, chunkSize: 1 << 20)
        while let chunk = try source.next() { data.append(contentsOf: chunk) }
        return data
    }

    private static func spoolStandardInput() throws(ImportInputError) -> Int32 {
        let template = FileManager.default.temporaryDirectory.appendingPathComponent("statedb-import-XXXXXX").path
        var name = Array(template.utf8CString)
        let descriptor = name.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .unreadable }
        // Unlinked at once: the copy lives exactly as long as the import.
        _ = name.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { Glibc.close(descriptor); throw .unreadable }
            if count == 0 { return descriptor }
            var written = 0
            while written < count {
                let step = buffer.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, count - written) }
                if step < 0, errno == EINTR { continue }
                guard step > 0 else { Glibc.close(descriptor); throw .unreadable }
                written += step
            }
        }
    }
}

/// Why an import file could not be read as an export document.
@_spi(Admin) public enum ImportInputError: Error, Sendable {
    /// It cannot be opened or read.
    case unreadable
    /// Some byte of it is not UTF-8.
    case notUTF8
    /// It is not valid JSON (the first problem, as `JSONValue.parse` reports it).
    case syntax(JSONSyntaxError)
    /// Its first value is not an object; only a whole-document parse says what it is.
    case notAnObject
}

/// The file from its start, chunk by chunk, each chunk checked to be UTF-8 (a character cut by
/// a chunk's end is checked with the next).
struct ChunkSource {
    let descriptor: Int32
    let chunkSize: Int
    private var carry: [UInt8] = []
    /// Whether a byte read so far is not UTF-8; reading goes on, for the parse to finish first.
    private(set) var invalidUTF8 = false

    init(_ input: ImportInput, chunkSize: Int) throws(ImportInputError) {
        descriptor = input.descriptor
        self.chunkSize = chunkSize
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw .unreadable }
    }

    /// The next chunk, nil at the end of the file.
    mutating func next() throws(ImportInputError) -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        var count: Int
        repeat {
            count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        } while count < 0 && errno == EINTR
        guard count >= 0 else { throw .unreadable }
        if count == 0 {
            if !carry.isEmpty { invalidUTF8 = true; carry = [] }
            return nil
        }
        chunk.removeLast(chunkSize - count)
        check(chunk)
        return chunk
    }

    private mutating func check(_ chunk: [UInt8]) {
        guard !invalidUTF8 else { return }
        var bytes = carry + chunk
        // Hold back a character that the chunk's end cuts, to check it whole with the next.
        var lead = bytes.count - 1
        while lead >= 0, lead >= bytes.count - 4, bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
        carry = []
        if lead >= 0 {
            let byte = bytes[lead]
            let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            if lead + length > bytes.count {
                carry = Array(bytes[lead...])
                bytes.removeLast(bytes.count - lead)
            }
        }
        // The check `statedb` has always made of input: validated, never repaired.
        if String(validating: bytes, as: UTF8.self) == nil { invalidUTF8 = true }
    }
}

/// Reads an export document (`{"format": …, "slots": [ … ]}`) from an `ImportInput` one slot at
/// a time: a buffer of about one chunk plus the slot being read, whatever the file's size.
///
/// What it accepts and every error it reports, at the same byte position, are those of
/// `JSONValue.parse` on the whole file, because each value is parsed by that parser: the
/// reader only finds where a value ends (tracking strings and brackets), hands the parser the
/// value and a few bytes beyond it (all its look-ahead needs), and walks the object and the
/// array around the values itself, as that parser walks them.
struct ExportReader {
    /// The document's members other than `slots`, and whether `slots` was an array.
    struct Header {
        var members: [JSONValue.Member] = []
        var slotsIsArray = false
        /// The document as far as the checks on its format look at it.
        var document: JSONValue { .object(members + (slotsIsArray ? [.init("slots", .array([]))] : [])) }
    }

    static let defaultChunkSize = 1 << 20
    /// Bytes past a value's end the parser may look at (a `\u` escape checks 4, a surrogate
    /// pair 6), so it sees what it would see in the whole file.
    private static let lookAhead = 16

    private var source: ChunkSource
    private var buffer: [UInt8] = []
    /// The next byte, in `buffer`.
    private var index = 0
    /// The file offset of `buffer[0]`.
    private var base = 0
    private var atEnd = false

    init(_ input: ImportInput, chunkSize: Int = ExportReader.defaultChunkSize) throws(ImportInputError) {
        source = try ChunkSource(input, chunkSize: chunkSize)
    }

    /// Reads the whole file, handing each element of `slots` to `body` with its index.
    /// - Throws: `ImportInputError` (a file that is not UTF-8 anywhere before one that is not
    ///   JSON, as whole-file reading reports it), or what `body` throws.
    mutating func read(_ body: (Int, JSONValue) throws -> Void) throws -> Header {
        do {
            let header = try readDocument(body)
            if source.invalidUTF8 { throw ImportInputError.notUTF8 }
            return header
        } catch let error as JSONSyntaxError {
            // The rest of the file decides whether it was UTF-8, which is said first.
            while try source.next() != nil {}
            throw source.invalidUTF8 ? ImportInputError.notUTF8 : ImportInputError.syntax(error)
        }
    }

    private mutating func readDocument(_ body: (Int, JSONValue) throws -> Void) throws -> Header {
        // Said here, as the parser says it, without reading a large file whole to find out.
        if try ensure(3), buffer.starts(with: [0xEF, 0xBB, 0xBF]) { throw JSONSyntaxError.byteOrderMark }
        try skipWhitespace()
        guard try peek() == UInt8(ascii: "{") else {
            while try source.next() != nil {}
            throw source.invalidUTF8 ? ImportInputError.notUTF8 : ImportInputError.notAnObject
        }
        var header = Header()
        index += 1
        var keys = Set<String>()
        try skipWhitespace()
        if try peek() == UInt8(ascii: "}") {
            index += 1
        } else {
            while true {
                try skipWhitespace()
                guard try peek() == UInt8(ascii: "\"") else { throw failure("expected a key in double quotes") }
                let keyPosition = base + index
                guard case .string(let key) = try value(depth: 1) else { throw failure("expected a key in double quotes") }
                guard keys.insert(key).inserted else {
                    throw JSONSyntaxError(position: keyPosition + 1, message: "duplicate key \(JSONValue.quoted(key))")
                }
                try skipWhitespace()
                guard try peek() == UInt8(ascii: ":") else { throw failure("expected : after a key") }
                index += 1
                try skipWhitespace()
                if key == "slots", try peek() == UInt8(ascii: "[") {
                    try readSlots(body)
                    header.slotsIsArray = true
                } else {
                    header.members.append(.init(key, try value(depth: 1)))
                }
                try skipWhitespace()
                guard let next = try peek() else { throw failure("the object is not closed with }") }
                index += 1
                if next == UInt8(ascii: ",") { continue }
                if next == UInt8(ascii: "}") { break }
                index -= 1
                throw failure("expected , or } in an object")
            }
        }
        try skipWhitespace()
        guard try peek() == nil else { throw failure("unexpected text after the value") }
        return header
    }

    /// The `slots` array, as the parser reads an array one level deep.
    private mutating func readSlots(_ body: (Int, JSONValue) throws -> Void) throws {
        index += 1
        try skipWhitespace()
        if try peek() == UInt8(ascii: "]") { index += 1; return }
        var count = 0
        while true {
            try skipWhitespace()
            try body(count, try value(depth: 2))
            count += 1
            try skipWhitespace()
            guard let next = try peek() else { throw failure("the array is not closed with ]") }
            index += 1
            if next == UInt8(ascii: ",") { continue }
            if next == UInt8(ascii: "]") { return }
            index -= 1
            throw failure("expected , or ] in an array")
        }
    }

    /// The value starting at `index`, parsed as if `depth` containers enclosed it.
    private mutating func value(depth: Int) throws -> JSONValue {
        compact()
        let end = try valueEnd()
        let stop = min(buffer.count, end + Self.lookAhead)
        do {
            let (value, length) = try JSONValue.parseValue(prefixOf: Array(buffer[index..<stop]), depth: depth)
            index += length
            return value
        } catch {
            throw JSONSyntaxError(position: base + index + error.position, message: error.message)
        }
    }

    /// Where the value at `index` ends (past its closing bracket or quote, or before the
    /// separator after a number or word), with `lookAhead` bytes after it in the buffer when
    /// the file has them. A value that never ends runs to the end of the file, where the
    /// parser finds what is missing.
    private mutating func valueEnd() throws -> Int {
        var position = index
        guard try ensure(position + 1) else { return position }
        let first = buffer[position]
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") || first == UInt8(ascii: "\"") {
            var depth = 0
            var inString = false
            while try ensure(position + 1) {
                let byte = buffer[position]
                position += 1
                if inString {
                    if byte == UInt8(ascii: "\\") { position += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
                } else if byte == UInt8(ascii: "\"") {
                    inString = true
                } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                    depth += 1
                } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                    depth -= 1
                }
                if depth <= 0, !inString { break }
            }
        } else {
            while try ensure(position + 1) {
                let byte = buffer[position]
                if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") || byte.isJSONWhitespace { break }
                position += 1
            }
        }
        _ = try ensure(position + Self.lookAhead)
        return min(position, buffer.count)
    }

    private mutating func skipWhitespace() throws {
        while try ensure(index + 1), buffer[index].isJSONWhitespace { index += 1 }
    }

    private mutating func peek() throws -> UInt8? {
        try ensure(index + 1) ? buffer[index] : nil
    }

    /// Reads chunks until the buffer holds `count` bytes; false at the end of the file.
    private mutating func ensure(_ count: Int) throws -> Bool {
        while buffer.count < count {
            guard !atEnd, let chunk = try source.next() else { atEnd = true; return false }
            buffer.append(contentsOf: chunk)
        }
        return true
    }

    /// Drops the bytes already read, so the buffer stays about one chunk long.
    private mutating func compact() {
        guard index >= source.chunkSize else { return }
        buffer.removeFirst(index)
        base += index
        index = 0
    }

    private func failure(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(position: base + index + 1, message: message)
    }
}
