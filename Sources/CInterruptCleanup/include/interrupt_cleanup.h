#ifndef STATEDB_INTERRUPT_CLEANUP_H
#define STATEDB_INTERRUPT_CLEANUP_H

#include <stddef.h>

/// The part of statedb's interrupt cleanup (Sources/StateDB/Store/InterruptCleanup.swift) that
/// runs while the command's thread is parked. It is C, and calls async-signal-safe functions
/// only, because the parked thread stopped at an arbitrary point and may hold any lock: the
/// allocator's, stdio's, the Swift runtime's. Swift code there could need one of them (a
/// witness table looked up for the first time takes the runtime's lock) and wait forever; it
/// did, under the thread sanitizer.

/// Makes `signal` park the calling thread (in `pause`) once `statedb_park_remove_and_die` has
/// begun; before, the signal does nothing. Call it once, from the command's thread.
void statedb_install_parking(int signal);

/// Parks the command's thread (waiting at most two seconds for it), removes `files` (unlink)
/// and then `folders` (rmdir: their files must be among `files`), writes `message` to standard
/// error, and ends the process by `signal` with its default action.
_Noreturn void statedb_park_remove_and_die(const char *const *files, int file_count,
                                           const char *const *folders, int folder_count,
                                           const char *message, size_t message_length,
                                           int signal);

#endif
