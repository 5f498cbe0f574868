import Foundation

/// A process started by a test, read line by line from its standard output.
///
/// A watchdog terminates it after `timeLimit` seconds, so a child that hangs fails the test
/// instead of stalling the whole run.
final class ChildProcess: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    private let input = Pipe()
    private var buffer = Data()
    let commandLine: String

    init(_ executable: URL, _ arguments: [String], timeLimit: Double = 60) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input
        commandLine = ([executable.lastPathComponent] + arguments).joined(separator: " ")
        try process.run()
        DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit) { [weak self] in
            self?.terminateIfRunning()
        }
    }

    /// A child that outlives its test (a failed expectation skipped the kill) must not keep
    /// running.
    deinit { terminateIfRunning() }

    /// The `statedb-test-helper` executable with `arguments`.
    static func helper(_ arguments: [String]) throws -> ChildProcess {
        try ChildProcess(try TestHelper.executable(), arguments)
    }

    var processIdentifier: Int32 { process.processIdentifier }

    /// The next line of standard output, without its line break; nil once the output ended.
    func readLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                return line
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty {
                guard !buffer.isEmpty else { return nil }
                defer { buffer.removeAll() }
                return String(decoding: buffer, as: UTF8.self)
            }
            buffer.append(chunk)
        }
    }

    /// The next line, or a failure that quotes what the child wrote on standard error.
    func requireLine() throws -> String {
        if let line = readLine() { return line }
        throw Failure(description: "\(commandLine) ended its output early (status \(waitForExit())): \(standardError())")
    }

    /// Writes `text` to the child's standard input.
    func send(_ text: String) {
        guard process.isRunning else { return }  // writing to a dead child's pipe raises SIGPIPE
        input.fileHandleForWriting.write(Data(text.utf8))
    }

    /// Closes the child's standard input.
    func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    /// Sends SIGKILL and waits until the child is gone.
    func kill() {
        if process.isRunning { sendSignal(SIGKILL, to: process.processIdentifier) }
        process.waitUntilExit()
    }

    /// Waits for the child to end and returns its exit status.
    @discardableResult
    func waitForExit() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Whether the child ended because of a signal (SIGKILL, its own or the watchdog's).
    var wasKilledBySignal: Bool { process.terminationReason == .uncaughtSignal }

    /// Everything the child wrote on standard error (waits for it to close the stream).
    func standardError() -> String {
        String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    /// SIGKILL, not `terminate()`'s SIGTERM: a child started from a Dispatch thread inherits its
    /// signal mask, in which SIGTERM is blocked, so a hung child ignored the watchdog and
    /// stalled the whole run.
    private func terminateIfRunning() {
        if process.isRunning { sendSignal(SIGKILL, to: process.processIdentifier) }
    }
}

/// `kill(2)`, out of reach of `ChildProcess.kill()`'s name.
private func sendSignal(_ signal: Int32, to pid: Int32) {
    _ = kill(pid, signal)
}

/// Where the `statedb-test-helper` executable is: built by `swift test` next to the test
/// bundle, because SwiftPM builds every target of the package before running tests.
enum TestHelper {
    static let name = "statedb-test-helper"

    static func executable(filePath: String = #filePath) throws -> URL {
        var candidates: [URL] = []
        // Beside the test binary (`.build/<triple>/debug/statedbPackageTests.xctest`), or
        // beside the bundle folder where the bundle is a folder (macOS).
        let bundle = Bundle.main.bundleURL
        candidates.append(bundle.appendingPathComponent(name))
        candidates.append(bundle.deletingLastPathComponent().appendingPathComponent(name))
        // The package's default build folder, found from this source file.
        var folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                candidates.append(folder.appendingPathComponent(".build/debug/\(name)"))
                break
            }
            folder.deleteLastPathComponent()
        }
        if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) {
            return found
        }
        throw ChildProcess.Failure(description: "\(name) not found (looked at \(candidates.map(\.path).joined(separator: ", "))); build it with `swift build --product \(name)`.")
    }
}
