// posix_spawn_file_actions_addclosefrom_np and pipe2 need _GNU_SOURCE, which Swift's Glibc module lacks.
#define _GNU_SOURCE
#include "CPermitSpawn.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <unistd.h>

int permit_spawn_with_pipes(const char *path, char *const argv[], char *const envp[], int log_fd,
                            pid_t *pid, int *to_child, int *from_child) {
    int commands[2], events[2];
    if (pipe2(commands, O_CLOEXEC) != 0) return errno;
    if (pipe2(events, O_CLOEXEC) != 0) {
        int saved = errno;
        close(commands[0]);
        close(commands[1]);
        return saved;
    }

    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);

    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    if (log_fd >= 0) {
        posix_spawn_file_actions_adddup2(&actions, log_fd, 1);
        posix_spawn_file_actions_adddup2(&actions, log_fd, 2);
    } else {
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
        posix_spawn_file_actions_adddup2(&actions, 1, 2);
    }
    // Through high numbers first, so that a pipe end that already is fd 3 or 4 cannot be overwritten, and
    // so that dup2 clears close-on-exec on the descriptors the child keeps.
    posix_spawn_file_actions_adddup2(&actions, commands[0], 200);
    posix_spawn_file_actions_adddup2(&actions, events[1], 201);
    posix_spawn_file_actions_adddup2(&actions, 200, 3);
    posix_spawn_file_actions_adddup2(&actions, 201, 4);
    posix_spawn_file_actions_addclosefrom_np(&actions, 5);

    sigset_t none, defaults;
    sigemptyset(&none);
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGTERM);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setpgroup(&attributes, 0);
    posix_spawnattr_setflags(&attributes,
                             POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);

    int result = posix_spawn(pid, path, &actions, &attributes, argv, envp);

    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    close(commands[0]);
    close(events[1]);
    if (result != 0) {
        close(commands[1]);
        close(events[0]);
        return result;
    }
    *to_child = commands[1];
    *from_child = events[0];
    return 0;
}
