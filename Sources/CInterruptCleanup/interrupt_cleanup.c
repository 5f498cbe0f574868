#define _GNU_SOURCE
#include "interrupt_cleanup.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static pthread_t command_thread;
static int parking_signal;
static atomic_int is_cleaning_up;
static atomic_int is_parked;

/// On the command's thread once the cleanup began: mark it parked and wait until the process
/// ends. Anywhere else, or before: nothing.
static void park(int signal) {
    (void)signal;
    if (!atomic_load(&is_cleaning_up) || !pthread_equal(pthread_self(), command_thread)) return;
    atomic_store(&is_parked, 1);
    for (;;) pause();
}

/// Gives `signal` the handler `handler` and unblocks it in the calling thread. SA_RESTART: a
/// stray parking signal before any cleanup must not make another thread's read fail (EINTR).
static void handle_and_unblock(int signal, void (*handler)(int)) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    sigaction(signal, &action, NULL);
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, signal);
    pthread_sigmask(SIG_UNBLOCK, &only, NULL);
}

void statedb_install_parking(int signal) {
    command_thread = pthread_self();
    parking_signal = signal;
    handle_and_unblock(signal, park);
}

static void park_command_thread(void) {
    atomic_store(&is_cleaning_up, 1);
    if (pthread_kill(command_thread, parking_signal) != 0) return;
    struct timespec millisecond = {0, 1000000};
    for (int waited = 0; waited < 2000 && !atomic_load(&is_parked); waited++) nanosleep(&millisecond, NULL);
}

/// Unlinks `path` followed by `suffix` (a stack buffer: no allocation here).
static void unlink_with_suffix(const char *path, const char *suffix) {
    char name[PATH_MAX];
    size_t length = strlen(path), extra = strlen(suffix);
    if (length + extra + 1 > sizeof name) return;
    memcpy(name, path, length);
    memcpy(name + length, suffix, extra + 1);
    unlink(name);
}

/// Unlinks every entry of `folder` (an empty subfolder too), listing it with getdents64.
static void empty_folder(const char *folder) {
    int descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
    if (descriptor < 0) return;
    char buffer[8192] __attribute__((aligned(8)));
    for (;;) {
        ssize_t count = getdents64(descriptor, buffer, sizeof buffer);
        if (count <= 0) break;
        for (ssize_t offset = 0; offset < count;) {
            struct dirent64 *entry = (struct dirent64 *)(buffer + offset);
            offset += entry->d_reclen;
            if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0) continue;
            if (unlinkat(descriptor, entry->d_name, 0) != 0 && errno == EISDIR) unlinkat(descriptor, entry->d_name, AT_REMOVEDIR);
        }
    }
    close(descriptor);
}

/// Removes `path` as its kind says; whether it was there and is gone.
static int remove_path(const struct statedb_cleanup_path *path) {
    switch (path->kind) {
    case STATEDB_CLEANUP_DATABASE:
        unlink_with_suffix(path->path, "-wal");
        unlink_with_suffix(path->path, "-shm");
        unlink_with_suffix(path->path, "-journal");
        return unlink(path->path) == 0;
    case STATEDB_CLEANUP_FOLDER:
        empty_folder(path->path);
        return rmdir(path->path) == 0;
    case STATEDB_CLEANUP_FILE:
    default:
        return unlink(path->path) == 0;
    }
}

/// Writes `text` to standard error, whole unless the write fails.
static void say(const char *text) {
    size_t length = strlen(text);
    for (size_t written = 0; written < length;) {
        ssize_t count = write(2, text + written, length - written);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) return;
        written += (size_t)count;
    }
}

_Noreturn void statedb_park_remove_and_die(const struct statedb_cleanup_path *paths, int count,
                                           const char *nothing_removed,
                                           const char *removed_prefix, const char *removed_suffix,
                                           int signal) {
    // The whole cleanup in ten seconds, or SIGALRM's default action ends the process.
    handle_and_unblock(SIGALRM, SIG_DFL);
    alarm(10);
    park_command_thread();
    int removed_any = 0;
    for (int index = 0; index < count; index++) {
        if (!remove_path(&paths[index])) continue;
        say(removed_any ? ", " : removed_prefix);
        say(paths[index].path);
        removed_any = 1;
    }
    say(removed_any ? removed_suffix : nothing_removed);
    handle_and_unblock(signal, SIG_DFL);
    raise(signal);
    _exit(128 + signal);  // not reached: the default action of SIGINT, SIGTERM and SIGHUP ends the process
}
