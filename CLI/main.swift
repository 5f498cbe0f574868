import Foundation
import StateDBCommandLine

// statedb: inspect and edit store files. The commands live in Sources/StateDBCommandLine.

// A store write past a file-size limit (`ulimit -f`) then fails with EFBIG, which SQLite rolls
// back and the command reports as a full disk, instead of the signal killing the process with
// no word said.
signal(SIGXFSZ, SIG_IGN)
exit(StatedbCommandLine.main())
