import Foundation

// statedb: inspect and edit store files. One file per subcommand in Commands/; parsing in
// Arguments.swift; output helpers in Output.swift and Formatting.swift; exit codes in
// ExitCode.swift.

// A store write past a file-size limit (`ulimit -f`) then fails with EFBIG, which SQLite rolls
// back and the command reports as a full disk, instead of the signal killing the process with
// no word said.
signal(SIGXFSZ, SIG_IGN)

exit(runStatedb(Array(CommandLine.arguments.dropFirst()), console: .standard()).rawValue)
