import Foundation
@_spi(Admin) import StateDB
import StateDBCommandLine

// statedb: inspect and edit store files. The commands live in Sources/StateDBCommandLine.

// A store write past a file-size limit (`ulimit -f`) then fails with EFBIG, which SQLite rolls
// back and the command reports as a full disk, instead of the signal killing the process with
// no word said.
signal(SIGXFSZ, SIG_IGN)
// A reader that went away (`statedb gc STORE | head -3`) makes a write fail with EPIPE, which
// is reported as any unwritable output is (exit 9, one line), instead of SIGPIPE killing the
// process in silence, possibly after its change was committed.
signal(SIGPIPE, SIG_IGN)
// Ctrl-C, SIGTERM or SIGHUP first removes the temporary and unfinished files a command made
// (a store's private copy, a `recover`'s new store, an `export -o` file not yet renamed).
InterruptCleanup.removeOnInterrupt()
InterruptCleanup.exit(StatedbCommandLine.main())
