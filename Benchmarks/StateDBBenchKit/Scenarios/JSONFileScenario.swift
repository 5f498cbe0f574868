import Foundation
import StateDB

/// `vs_json_file_100` and `vs_json_file_10k`: what many Linux apps do instead of a database.
/// The app keeps its whole state in a dictionary and, at every flush, encodes all of it as JSON
/// and replaces the file atomically: write a temporary file, `fsync` it, rename it over the
/// old one. Against it, the same writes through `store.binding(for:default:)` and one
/// `flush()` per frame. Each frame writes `writesPerFrame` distinct slots (moving through all
/// of them frame after frame), then flushes; the ratio is the JSON file's time over statedb's.
///
/// The two do not promise the same: the JSON file survives a power cut after each flush,
/// statedb's commit (WAL, `synchronous = NORMAL`) survives a crash or `kill -9` of the
/// process, which is what `flush()` promises; a power cut may lose its last commits.
@MainActor
public final class JSONFileScenario {
    public let slots: Int
    public let frames: Int
    public let writesPerFrame: Int
    private let scratch: ScratchDirectory
    private let store: StateStore
    private let bindings: [Binding<Int>]
    private let names: [String]
    private var state: [String: Int] = [:]
    private let filePath: String
    private var serial = 0

    public init(slots: Int, frames: Int, writesPerFrame: Int) throws {
        self.slots = slots
        self.frames = frames
        self.writesPerFrame = min(writesPerFrame, slots)
        scratch = try ScratchDirectory()
        let store = try StateStore(path: scratch.file("json-peer.sqlite"))
        self.store = store
        let names = (0..<slots).map { "Settings/slot\($0)" }
        self.names = names
        bindings = try names.map { try store.binding(for: $0, default: 0) }
        filePath = scratch.file("state.json")
        try store.flush()
        for name in names { state[name] = 0 }
        try writeJSONFile()
    }

    /// Seconds for every frame's writes and flush through statedb.
    public func runStatedb() throws -> Double {
        try Stopwatch.time {
            for _ in 0..<frames {
                for _ in 0..<writesPerFrame {
                    serial += 1
                    bindings[serial % slots].wrappedValue = serial
                }
                try store.flush()
            }
        }
    }

    /// Seconds for the same writes into the dictionary and one atomic JSON file per frame.
    public func runJSONFile() throws -> Double {
        try Stopwatch.time {
            for _ in 0..<frames {
                for _ in 0..<writesPerFrame {
                    serial += 1
                    state[names[serial % slots]] = serial
                }
                try writeJSONFile()
            }
        }
    }

    /// The JSON file's value of slot `index`, as read back from the file.
    func fileValue(_ index: Int) throws -> Int? {
        let data = try Data(contentsOf: URL(fileURLWithPath: filePath))
        return try JSONDecoder().decode([String: Int].self, from: data)[names[index]]
    }

    /// The store's value of slot `index`.
    func storeValue(_ index: Int) -> Int { bindings[index].wrappedValue }

    /// Encodes the whole state and replaces the file: temporary file, `fsync`, rename.
    private func writeJSONFile() throws {
        let data = try JSONEncoder().encode(state)
        let temporary = filePath + ".tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        try data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                guard written > 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
                offset += written
            }
        }
        guard fsync(descriptor) == 0, rename(temporary, filePath) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    }
}
