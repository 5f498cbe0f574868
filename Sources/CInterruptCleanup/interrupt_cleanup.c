#include "interrupt_cleanup.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <time.h>
#include <unistd.h>

static pthread_t command_thread;
static int parking_signal;
static atomic_int is_cleaning_up;
static atomic_int is_parked;

/// On the command's thread once the cleanup began: say so and wait until the process ends.
/// Anywhere else, or before: nothing.
static void park(int signal) {
    (void)signal;
    if (!atomic_load(&is_cleaning_up) || !pthread_equal(pthread_self(), command_thread)) return;
    atomic_store(&is_parked, 1);
    for (;;) pause();
}

/// Gives `signal` the handler `handler` and unblocks it in the calling thread.
static void handle_and_unblock(int signal, void (*handler)(int)) {
    struct sigaction action = {0};
    action.sa_handler = handler;
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

_Noreturn void statedb_park_remove_and_die(const char *const *files, int file_count,
                                           const char *const *folders, int folder_count,
                                           const char *message, size_t message_length,
                                           int signal) {
    park_command_thread();
    for (int index = 0; index < file_count; index++) unlink(files[index]);
    for (int index = 0; index < folder_count; index++) rmdir(folders[index]);
    for (size_t written = 0; written < message_length;) {
        ssize_t count = write(2, message + written, message_length - written);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) break;
        written += (size_t)count;
    }
    handle_and_unblock(signal, SIG_DFL);
    raise(signal);
    _exit(128 + signal);  // not reached: the default action of SIGINT, SIGTERM and SIGHUP ends the process
}
