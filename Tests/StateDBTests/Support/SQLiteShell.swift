import Foundation
import Testing

/// The `sqlite3` command-line shell, to look at store files the way an operator would.
enum SQLiteShell {
    /// Runs `sql` on the database at `path` and returns what the shell printed (list mode,
    /// columns separated by `|`), without the last line break.
    @discardableResult
    static func run(_ path: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = ["-batch", "-bail", path, sql]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let watchdog = Watchdog(process)
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let complaint = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.finish("sqlite3 \(path) \"\(sql.prefix(80))\"")
        guard process.terminationStatus == 0 else {
            throw ChildProcess.Failure(description: "sqlite3 \(path) \"\(sql)\" failed: \(String(decoding: complaint, as: UTF8.self))")
        }
        var text = String(decoding: printed, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// The store's commit counter (`statedb_clock.tick`).
    static func clockTick(_ path: String) throws -> Int {
        let text = try run(path, "SELECT tick FROM statedb_clock")
        guard let tick = Int(text) else { throw ChildProcess.Failure(description: "statedb_clock.tick is '\(text)'") }
        return tick
    }

    /// The shell, found on `PATH` (`.ci/run` installs it).
    static func executable() throws -> URL {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for folder in folders {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("sqlite3")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw ChildProcess.Failure(description: "the sqlite3 shell is not on PATH; install it (apt-get install sqlite3).")
    }

    /// A process running the interactive shell on `path`, fed through its standard input.
    static func session(_ path: String) throws -> ChildProcess {
        try ChildProcess(try executable(), ["-batch", path])
    }
}
