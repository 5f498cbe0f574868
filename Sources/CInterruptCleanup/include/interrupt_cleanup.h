#ifndef STATEDB_INTERRUPT_CLEANUP_H
#define STATEDB_INTERRUPT_CLEANUP_H

/// The part of statedb's interrupt cleanup (Sources/StateDB/Store/InterruptCleanup.swift) that
/// runs while the command's thread is parked. It is C, and calls async-signal-safe functions
/// only, because the parked thread stopped at an arbitrary point and may hold any lock: the
/// allocator's, stdio's, the Swift runtime's. Swift code there could need one of them (a
/// witness table looked up for the first time takes the runtime's lock) and wait forever; it
/// did, under the thread sanitizer.

/// What a registered path is, and so how it is removed.
enum statedb_cleanup_kind {
    /// A file: unlinked.
    STATEDB_CLEANUP_FILE = 0,
    /// A SQLite database: its `-wal`, `-shm` and `-journal`, then the file, unlinked.
    STATEDB_CLEANUP_DATABASE = 1,
    /// A folder: the files in it unlinked (listed once the command's thread is parked, so that
    /// nothing it made is missed), then the folder itself.
    STATEDB_CLEANUP_FOLDER = 2,
};

struct statedb_cleanup_path {
    const char *path;
    enum statedb_cleanup_kind kind;
};

/// Makes `signal` park the calling thread (in `pause`) once `statedb_park_remove_and_die` has
/// begun; before, the signal does nothing. Call it once, from the command's thread.
void statedb_install_parking(int signal);

/// Parks the command's thread (waiting at most two seconds for it), removes `paths`, writes to
/// standard error `nothing_removed` when none of them was there, or else `removed_prefix`, the
/// removed paths separated by ", ", and `removed_suffix`, and ends the process by `signal` with
/// its default action. If all that takes over ten seconds (standard error a full pipe nobody
/// reads), SIGALRM ends the process.
_Noreturn void statedb_park_remove_and_die(const struct statedb_cleanup_path *paths, int count,
                                           const char *nothing_removed,
                                           const char *removed_prefix, const char *removed_suffix,
                                           int signal);

#endif
