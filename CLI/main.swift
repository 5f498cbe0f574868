import Foundation

// statedb: inspect and edit store files. One file per subcommand in Commands/; parsing in
// Arguments.swift; output helpers in Output.swift and Formatting.swift; exit codes in
// ExitCode.swift.
exit(runStatedb(Array(CommandLine.arguments.dropFirst()), console: .standard()).rawValue)
