import Foundation
import Testing

extension CLI {
    /// Runs `executable arguments…` (the `statedb` binary, or a program that starts it:
    /// `prlimit`, `sh -c`) with `stdin` as its input and `NO_COLOR` set, in `folder` when given.
    /// For what `CLI.run` cannot do: bytes that are not UTF-8, limits, a working directory.
    static func runProcess(_ executable: String, _ arguments: [String], stdin: Data = Data(),
                           in folder: String? = nil) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let watchdog = Watchdog(process)
        // Standard error is read on another thread, and input written on a third, so that no
        // pipe can fill up and block either side. (Input must be read by the command: writing
        // to a pipe nobody reads any more raises SIGPIPE.)
        let errorData = PipeCollector(errors.fileHandleForReading)
        let inputHandle = input.fileHandleForWriting
        Thread.detachNewThread {
            if !stdin.isEmpty { inputHandle.write(stdin) }
            try? inputHandle.close()
        }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.finish("\(executable) \(arguments.joined(separator: " "))")
        #expect(process.terminationReason == .exit, "\(executable) \(arguments.prefix(3)): killed by a signal")
        return Run(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                   stderr: String(decoding: errorData.wait(), as: UTF8.self))
    }
}
