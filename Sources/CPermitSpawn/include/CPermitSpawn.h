#ifndef CPERMITSPAWN_H
#define CPERMITSPAWN_H

#include <sys/types.h>

/// Spawns `path` in a process group of its own with a pipe on fd 3 (the child reads what the parent writes to
/// `*to_child`) and a pipe on fd 4 (the parent reads from `*from_child` what the child writes): the layout of
/// Chromium's `--remote-debugging-pipe`. The child's stdin is /dev/null, its stdout and stderr go to `log_fd`
/// (or /dev/null when it is -1), and it inherits no other descriptor. The parent's ends are close-on-exec.
///
/// Returns 0, or the errno of the step that failed (nothing is left open then).
int permit_spawn_with_pipes(const char *path, char *const argv[], char *const envp[], int log_fd,
                            pid_t *pid, int *to_child, int *from_child);

/// Spawns `path` in a process group of its own with `stdin_fd`, `stdout_fd` and `stderr_fd` as its 0, 1 and 2
/// (each -1 for /dev/null), every signal at its default and none blocked, and no other descriptor: what
/// Foundation's `Process` does, without the scan of /proc/self/fd its `run()` makes on Linux, whose over-read
/// crashes a process with many descriptors open (swift-corelibs-foundation PR 5472, not in Swift 6.3.1).
///
/// Returns 0, or the errno of the step that failed. The caller's descriptors stay open either way.
int permit_spawn_standard(const char *path, char *const argv[], char *const envp[], int stdin_fd, int stdout_fd,
                          int stderr_fd, pid_t *pid);

/// Makes a pipe whose both ends are close-on-exec from the start (no child spawned meanwhile inherits them).
/// Returns 0, or errno.
int permit_pipe_cloexec(int fds[2]);

#endif
