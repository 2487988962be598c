// On Linux, posix_spawn_file_actions_addclosefrom_np and pipe2 need _GNU_SOURCE, which Swift's Glibc module
// lacks. macOS has neither: there the pipes get close-on-exec with fcntl, and POSIX_SPAWN_CLOEXEC_DEFAULT
// closes every descriptor in the child but those the file actions name (dup2 targets, explicit inherits).
// The macOS branch is written against Apple's documented posix_spawn API and is not built here (no Mac).
#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include "CPermitSpawn.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <unistd.h>

#if defined(__APPLE__)
/// pipe2(fds, O_CLOEXEC) for a platform without it. A child forked by another thread between pipe and fcntl
/// could inherit the ends; Foundation's Process on macOS spawns with POSIX_SPAWN_CLOEXEC_DEFAULT, and so does
/// this file, so neither does.
static int pipe_cloexec(int fds[2]) {
    if (pipe(fds) != 0) return -1;
    if (fcntl(fds[0], F_SETFD, FD_CLOEXEC) != 0 || fcntl(fds[1], F_SETFD, FD_CLOEXEC) != 0) {
        int saved = errno;
        close(fds[0]);
        close(fds[1]);
        errno = saved;
        return -1;
    }
    return 0;
}
#else
static int pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }
#endif

int permit_pipe_cloexec(int fds[2]) { return pipe_cloexec(fds) == 0 ? 0 : errno; }

/// A process group of its own, and every signal back to its default (the parent may ignore SIGPIPE, SIGINT or
/// SIGCHLD), none blocked.
static void set_group_and_default_signals(posix_spawnattr_t *attributes, short flags) {
    sigset_t none, defaults;
    sigemptyset(&none);
    sigfillset(&defaults);
    posix_spawnattr_setsigmask(attributes, &none);
    posix_spawnattr_setsigdefault(attributes, &defaults);
    posix_spawnattr_setpgroup(attributes, 0);
    posix_spawnattr_setflags(attributes, flags | POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
}

int permit_spawn_with_pipes(const char *path, char *const argv[], char *const envp[], int log_fd,
                            pid_t *pid, int *to_child, int *from_child) {
    int commands[2], events[2];
    if (pipe_cloexec(commands) != 0) return errno;
    if (pipe_cloexec(events) != 0) {
        int saved = errno;
        close(commands[0]);
        close(commands[1]);
        return saved;
    }

    // The child's ends, and the log, moved to 10 or above in the parent first: then no redirection below can
    // overwrite another (a parent with fds 0-2 closed gets pipe ends there), and dup2 to 3 and 4 clears
    // close-on-exec on the only descriptors the child keeps.
    int child_in = fcntl(commands[0], F_DUPFD_CLOEXEC, 10);
    int child_out = fcntl(events[1], F_DUPFD_CLOEXEC, 10);
    int child_log = log_fd >= 0 ? fcntl(log_fd, F_DUPFD_CLOEXEC, 10) : -1;
    close(commands[0]);
    close(events[1]);
    if (child_in < 0 || child_out < 0 || (log_fd >= 0 && child_log < 0)) {
        int saved = errno;
        if (child_in >= 0) close(child_in);
        if (child_out >= 0) close(child_out);
        if (child_log >= 0) close(child_log);
        close(commands[1]);
        close(events[0]);
        return saved;
    }

    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);

    int failed = 0;
    failed |= posix_spawn_file_actions_adddup2(&actions, child_in, 3);
    failed |= posix_spawn_file_actions_adddup2(&actions, child_out, 4);
    failed |= posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    if (child_log >= 0) {
        failed |= posix_spawn_file_actions_adddup2(&actions, child_log, 1);
        failed |= posix_spawn_file_actions_adddup2(&actions, child_log, 2);
    } else {
        failed |= posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
        failed |= posix_spawn_file_actions_adddup2(&actions, 1, 2);
    }
    short flags = 0;
#if defined(__APPLE__)
    // Every descriptor but 0-4 closed in the child: the pipe ends kept by name.
    failed |= posix_spawn_file_actions_addinherit_np(&actions, 3);
    failed |= posix_spawn_file_actions_addinherit_np(&actions, 4);
    flags |= POSIX_SPAWN_CLOEXEC_DEFAULT;
#else
    failed |= posix_spawn_file_actions_addclosefrom_np(&actions, 5);
#endif

    set_group_and_default_signals(&attributes, flags);

    int result = failed ? ENOMEM : posix_spawn(pid, path, &actions, &attributes, argv, envp);

    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    close(child_in);
    close(child_out);
    if (child_log >= 0) close(child_log);
    if (result != 0) {
        close(commands[1]);
        close(events[0]);
        return result;
    }
    *to_child = commands[1];
    *from_child = events[0];
    return 0;
}

int permit_spawn_standard(const char *path, char *const argv[], char *const envp[], int stdin_fd, int stdout_fd,
                          int stderr_fd, pid_t *pid) {
    // Each given descriptor moved to 10 or above first (close-on-exec there), as above: then no dup2 below
    // overwrites a source another one still needs (stdout_fd may be 2, or a parent with 0-2 closed may pass one).
    const int sources[3] = {stdin_fd, stdout_fd, stderr_fd};
    int moved[3] = {-1, -1, -1};
    int result = 0;
    for (int index = 0; index < 3 && result == 0; index++) {
        if (sources[index] < 0) continue;
        moved[index] = fcntl(sources[index], F_DUPFD_CLOEXEC, 10);
        if (moved[index] < 0) result = errno;
    }
    if (result == 0) {
        posix_spawn_file_actions_t actions;
        posix_spawnattr_t attributes;
        posix_spawn_file_actions_init(&actions);
        posix_spawnattr_init(&attributes);
        int failed = 0;
        for (int index = 0; index < 3; index++) {
            if (moved[index] >= 0) {
                failed |= posix_spawn_file_actions_adddup2(&actions, moved[index], index);
            } else {
                failed |= posix_spawn_file_actions_addopen(&actions, index, "/dev/null", index == 0 ? O_RDONLY : O_WRONLY, 0);
            }
        }
        short flags = 0;
#if defined(__APPLE__)
        flags |= POSIX_SPAWN_CLOEXEC_DEFAULT;
#else
        failed |= posix_spawn_file_actions_addclosefrom_np(&actions, 3);
#endif
        set_group_and_default_signals(&attributes, flags);
        result = failed ? ENOMEM : posix_spawn(pid, path, &actions, &attributes, argv, envp);
        posix_spawn_file_actions_destroy(&actions);
        posix_spawnattr_destroy(&attributes);
    }
    for (int index = 0; index < 3; index++) {
        if (moved[index] >= 0) close(moved[index]);
    }
    return result;
}
