import Foundation

/// Runs `executable` with `arguments` to its end: its exit status and standard output. The
/// bench measures some things in processes of their own (a launch's time and peak memory, the
/// resident memory of a mount), where nothing else of this process can move the figure.
func runChildProcess(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
