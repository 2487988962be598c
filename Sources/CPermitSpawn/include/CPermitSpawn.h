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

#endif
