import CSQLite
import Foundation
import StateDB
import Testing

/// Runs the built `statedb` binary as a child process, as an operator would.
enum CLI {
    /// What one run printed and returned.
    struct Run: CustomStringConvertible {
        let status: Int32
        let stdout: String
        let stderr: String

        /// Standard output parsed as JSON.
        func json() throws -> Any {
            try JSONSerialization.jsonObject(with: Data(stdout.utf8), options: [.fragmentsAllowed])
        }

        var description: String { "exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }
    }

    /// `.build/debug/statedb`: next to the test bundle (`swift test` builds every product),
    /// or found from this file's place in the package.
    static let binary: String = {
        let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [
            bundle.appendingPathComponent("statedb").path,
            packageRoot.appendingPathComponent(".build/debug/statedb").path,
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
    }()

    /// Runs `statedb arguments…` with `NO_COLOR` set unless `noColour` is false.
    ///
    /// - `asUnprivileged` drops root's power to ignore file permissions (with `setpriv`), so
    ///   a read-only file is read-only even in a root container;
    /// - `inTerminal` gives the command a pseudo-terminal as standard output (with `script`);
    /// - `environment` adds variables to the test's own (or replaces them);
    /// - `standardOutput` sends standard output to that file (`/dev/full`) instead of `stdout`.
    static func run(_ arguments: [String], stdin: String? = nil, asUnprivileged: Bool = false,
                    inTerminal: Bool = false, noColour: Bool = true, environment extra: [String: String] = [:],
                    standardOutput: String? = nil) throws -> Run {
        let process = Process()
        if asUnprivileged && getuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--bounding-set=-all", "--inh-caps=-all", binary] + arguments
        } else if inTerminal {
            let command = ([binary] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
            process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            process.arguments = ["-qec", command.joined(separator: " "), "/dev/null"]
        } else {
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = arguments
        }
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = noColour ? "1" : nil
        environment.merge(extra) { _, new in new }
        process.environment = environment
        let output = Pipe(), errors = Pipe(), input = Pipe()
        let outputFile = try standardOutput.map { path in
            try #require(FileHandle(forWritingAtPath: path), "cannot open \(path)")
        }
        process.standardOutput = outputFile ?? output
        process.standardError = errors
        process.standardInput = input
        try process.run()
        let watchdog = Watchdog(process)
        defer { watchdog.finish("statedb \(arguments.joined(separator: " "))") }  // on a throw too
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        try outputFile?.close()
        try output.fileHandleForWriting.close()
        // Standard error is read on another thread so neither pipe can fill up and block.
        let errorData = PipeCollector(errors.fileHandleForReading)
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                   stderr: String(decoding: errorData.wait(), as: UTF8.self))
    }

    /// Shorthand: `try CLI.run("get", path, key)`.
    static func run(_ arguments: String...) throws -> Run { try run(arguments) }
}

/// Everything a pipe delivers, read on a thread of its own (so a full pipe never stalls the child).
final class PipeCollector: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}

// MARK: - Files

/// The bytes of a file, to prove a refused command left it untouched.
func fileBytes(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
}

/// True when the store's WAL holds no committed frames (absent or empty).
func walIsEmpty(_ path: String) -> Bool {
    let size = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
    return size == 0
}

/// Runs SQL on a file directly, as a hand edit in the sqlite3 shell would (test setup only:
/// aging `seen_at`, damaging a value, making foreign or newer files).
func sqlite(_ path: String, _ sql: String) throws {
    var db: OpaquePointer?
    guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK else {
        sqlite3_close(db)
        throw SQLFailure(message: "cannot open \(path)")
    }
    defer { sqlite3_close(db) }
    var error: UnsafeMutablePointer<CChar>?
    if sqlite3_exec(db, sql, nil, nil, &error) != SQLITE_OK {
        let message = error.map { String(cString: $0) } ?? "?"
        sqlite3_free(error)
        throw SQLFailure(message: message)
    }
}

/// The first column of the first row of a query.
func sqliteScalar(_ path: String, _ sql: String) throws -> Int64 {
    var db: OpaquePointer?
    guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else {
        sqlite3_close(db)
        throw SQLFailure(message: "cannot open \(path)")
    }
    defer { sqlite3_close(db) }
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else { throw SQLFailure(message: String(cString: sqlite3_errmsg(db))) }
    defer { sqlite3_finalize(statement) }
    guard sqlite3_step(statement) == SQLITE_ROW else { throw SQLFailure(message: "no row for \(sql)") }
    return sqlite3_column_int64(statement, 0)
}

struct SQLFailure: Error { let message: String }

// MARK: - Stores made through the library

/// An app type the CLI cannot know.
struct Prefs: Codable, Equatable {
    var size: Int
    var tags: [String]
}

/// Keys of the sample store.
enum SampleKeys {
    static let count = "ContentView/count"
    static let name = "ContentView/name"
    static let isOn = #"ContentView/List/Row[id: "42"]/isOn"#
    static let otherIsOn = #"ContentView/List/Row[id: "43"]/isOn"#
    static let neighbour = "ContentView/Rows/isOn"  // shares a string prefix, not an identity
    static let level = "Settings/level"
    static let nickname = "Settings/nickname"
    static let avatar = "Settings/avatar"
    static let prefs = "Settings/prefs"
}

/// A store with one slot of each kind, written and closed through the library.
func makeSampleStore(at path: String) throws {
    let store = try StateStore(path: path)
    _ = try store.binding(for: SampleKeys.count, default: 3)
    _ = try store.binding(for: SampleKeys.name, default: "line\u{1B}[31m\nbreak")
    _ = try store.binding(for: SampleKeys.isOn, default: true)
    _ = try store.binding(for: SampleKeys.otherIsOn, default: false)
    _ = try store.binding(for: SampleKeys.neighbour, default: false)
    _ = try store.binding(for: SampleKeys.level, default: UInt8(200))
    _ = try store.binding(for: SampleKeys.nickname, default: String?.none)
    _ = try store.binding(for: SampleKeys.avatar, default: Data([0, 255, 16]))
    _ = try store.binding(for: SampleKeys.prefs, default: Prefs(size: 3, tags: ["a"]))
    try store.flush()
    store.close()
}

/// Reads a slot through the library, with the app's type, in a fresh store instance.
func readBack<Value: Codable>(_ path: String, _ key: String, as type: Value.Type, default defaultValue: Value) throws -> Value {
    let store = try StateStore(path: path)
    defer { store.close() }
    return try store.binding(for: key, default: defaultValue).wrappedValue
}
