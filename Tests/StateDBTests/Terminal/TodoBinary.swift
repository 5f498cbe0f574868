import Foundation
import StateDB
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The built `todo` executable, run as a separate process the way a user runs it.
enum TodoBinary {
    /// Waits for an interactive todo to save and exit (killing it if it does not), and records
    /// an issue with what it drew when it did not.
    static func finish(_ process: Process, on terminal: PseudoTerminal, store: String) {
        let saved = terminal.waitFor("Saved in \(store)")
        if !saved { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(saved, "todo did not finish; it drew:\n\(terminal.output)")
    }

    /// Opens a store todo has run on, as another tool would (the CLI, a script): without the
    /// example's state migrations, which the store records as applied.
    static func openStore(_ path: String) throws -> StateStore {
        var options = StateStore.Options()
        options.unknownAppMigrations = .ignore
        return try StateStore(path: path, options: options)
    }

    /// Beside the test runner (`swift test` builds every product into the same folder), or
    /// else in the package's `.build/debug`.
    static let url: URL = {
        let candidates = [
            URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent(),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../.build/debug").standardized,
        ].map { $0.appendingPathComponent("todo") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }()

    struct Result {
        var status: Int32
        var output: String
        var errors: String
        var errorLines: [String] { errors.split(separator: "\n").map(String.init) }
    }

    /// Runs `todo` with `input` piped to it (scripted mode) and waits for it to end;
    /// `asUnprivileged` drops root's power to ignore file permissions, as `CLI.run` does.
    static func run(_ arguments: [String], input: String, environment: [String: String]? = nil, asUnprivileged: Bool = false) throws -> Result {
        try #require(FileManager.default.isExecutableFile(atPath: url.path), "no todo binary at \(url.path); build it with `swift build --product todo`")
        let process = Process()
        if asUnprivileged && getuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--bounding-set=-all", "--inh-caps=-all", url.path] + arguments
        } else {
            process.executableURL = url
            process.arguments = arguments
        }
        if let environment {
            // A sanitizer's options (`ASAN_OPTIONS`, set by `.ci/run`) reach the child too.
            let sanitizerOptions = ProcessInfo.processInfo.environment.filter { $0.key.hasSuffix("SAN_OPTIONS") }
            process.environment = environment.merging(sanitizerOptions) { given, _ in given }
        }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let watchdog = Watchdog(process)
        stdin.fileHandleForWriting.write(Data(input.utf8))
        // Stop watching on a throw too: the watchdog must not kill a pid reused by then.
        do { try stdin.fileHandleForWriting.close() } catch { watchdog.finish("todo"); throw error }
        // Read standard error on another thread, so a full pipe cannot stall the child.
        let errors = Collected()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errors.set(stderr.fileHandleForReading.readDataToEndOfFile()) }
        let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        watchdog.finish("todo \(arguments.joined(separator: " "))")
        return Result(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self), errors: String(decoding: errors.data, as: UTF8.self))
    }
}

/// Bytes handed over from a reading thread.
final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var _data = Data()
    var data: Data { lock.withLock { _data } }
    func set(_ data: Data) { lock.withLock { _data = data } }
    func append(_ data: Data) { lock.withLock { _data.append(data) } }
}
