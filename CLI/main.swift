import Foundation

// statedb: inspect and edit store files. One file per subcommand in Commands/; parsing in
// Arguments.swift; output helpers in Output.swift and Formatting.swift; exit codes in
// ExitCode.swift.

// A store write past a file-size limit (`ulimit -f`) then fails with EFBIG, which SQLite rolls
// back and the command reports as a full disk, instead of the signal killing the process with
// no word said.
signal(SIGXFSZ, SIG_IGN)

let console = Console.standard()
switch RawArguments.validated() {
case .success(let arguments):
    exit(runStatedb(arguments, console: console).rawValue)
case .failure(let error):
    let command = CommandLine.arguments.dropFirst().first.flatMap { name in commands.first { $0.spec.name == name } }
    console.error("statedb\(command.map { " " + $0.spec.name } ?? ""): \(error.message)")
    exit(ExitCode.usage.rawValue)
}
