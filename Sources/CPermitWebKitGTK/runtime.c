// The GTK thread and the display: started once per process, kept for its life.
#define _GNU_SOURCE
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <glib-unix.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

extern char **environ;

static pthread_mutex_t runtime_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t runtime_ready = PTHREAD_COND_INITIALIZER;
/// 0 not started, 1 starting, 2 up, -1 failed.
static int runtime_state = 0;
static char runtime_error[256];
static pid_t xvfb_pid = 0;

static void watch_invocations(void);

// MARK: - Xvfb

/// Starts Xvfb on a display it picks itself (`-displayfd`) and sets DISPLAY to it.
static int start_xvfb(const char *xvfb) {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) return errno;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[1], 3);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addclosefrom_np(&actions, 4);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attributes, 0);
    char *argv[] = {(char *)xvfb, "-displayfd", "3", "-nolisten", "tcp", "-screen", "0", "1920x1200x24",
                    "-terminate", NULL};
    pid_t pid;
    int failed = posix_spawn(&pid, xvfb, &actions, &attributes, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    close(fds[1]);
    if (failed) {
        close(fds[0]);
        return failed;
    }
    // Xvfb writes the display number, then a newline, once it accepts connections.
    char number[16] = {0};
    size_t length = 0;
    struct pollfd poller = {.fd = fds[0], .events = POLLIN};
    while (length < sizeof number - 1 && poll(&poller, 1, 10000) > 0) {
        ssize_t got = read(fds[0], number + length, sizeof number - 1 - length);
        if (got <= 0) break;
        length += (size_t)got;
        if (memchr(number, '\n', length)) break;
    }
    close(fds[0]);
    if (!memchr(number, '\n', length)) {
        kill(pid, SIGKILL);
        return ETIMEDOUT;
    }
    number[strcspn(number, "\n")] = 0;
    char display[24];
    snprintf(display, sizeof display, ":%s", number);
    setenv("DISPLAY", display, 1);
    // Never killed from here: GTK holds its display connection until the process ends, and a display that
    // goes away under it is a fatal error (an abort during exit, when it raced atexit). Xvfb ends by itself
    // (`-terminate`) once its last client, this process, disconnects, so that even a process killed
    // outright leaves no display behind.
    xvfb_pid = pid;
    return 0;
}

// MARK: - The GTK thread

/// Tells the starting thread that the main loop runs (the default context is owned from now on).
static gboolean announce_ready(gpointer unused) {
    (void)unused;
    pthread_mutex_lock(&runtime_lock);
    runtime_state = 2;
    pthread_cond_broadcast(&runtime_ready);
    pthread_mutex_unlock(&runtime_lock);
    return G_SOURCE_REMOVE;
}

static void *gtk_thread(void *unused) {
    (void)unused;
    if (!gtk_init_check()) {
        pthread_mutex_lock(&runtime_lock);
        snprintf(runtime_error, sizeof runtime_error, "GTK could not open display %s", getenv("DISPLAY"));
        runtime_state = -1;
        pthread_cond_broadcast(&runtime_ready);
        pthread_mutex_unlock(&runtime_lock);
        return NULL;
    }
    GMainLoop *loop = g_main_loop_new(NULL, FALSE);
    watch_invocations();
    g_idle_add(announce_ready, NULL);
    g_main_loop_run(loop);  // runs for the life of the process
    return NULL;
}

int permit_wk_runtime_start(const char *xvfb, char *error, size_t size) {
    pthread_mutex_lock(&runtime_lock);
    if (runtime_state == 0) {
        runtime_state = 1;
        int failed = 0;
        const char *display = getenv("DISPLAY");
        if (!display || !*display) failed = start_xvfb(xvfb);
        if (failed) {
            snprintf(runtime_error, sizeof runtime_error, "Xvfb (%s) could not be started: %s", xvfb, strerror(failed));
            runtime_state = -1;
        } else {
            // X11 only: Xvfb is the display. No accessibility bus on a headless machine.
            setenv("GDK_BACKEND", "x11", 1);
            setenv("NO_AT_BRIDGE", "1", 0);
            setenv("GTK_A11Y", "none", 0);
            // The web process connects to the accessibility bus WebKit hands it, which does not exist here, and
            // warns "Can't connect to a11y bus" on every run; an empty address tells it there is none.
            setenv("WEBKIT_A11Y_BUS_ADDRESS", "", 0);
            // Xvfb has no GPU: WebKit's DMA-BUF renderer needs one, so the web process renders to shared
            // memory instead (WebKit's documented switch).
            setenv("WEBKIT_DISABLE_DMABUF_RENDERER", "1", 0);
            pthread_t thread;
            pthread_attr_t attributes;
            pthread_attr_init(&attributes);
            pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
            if (pthread_create(&thread, &attributes, gtk_thread, NULL) != 0) {
                snprintf(runtime_error, sizeof runtime_error, "the GTK thread could not be started");
                runtime_state = -1;
            }
            pthread_attr_destroy(&attributes);
        }
    }
    while (runtime_state == 1) pthread_cond_wait(&runtime_ready, &runtime_lock);
    int state = runtime_state;
    if (state != 2 && error && size) snprintf(error, size, "%s", runtime_error);
    pthread_mutex_unlock(&runtime_lock);
    return state == 2 ? 0 : -1;
}

int permit_wk_runtime_xvfb_pid(void) {
    pthread_mutex_lock(&runtime_lock);  // written while starting, under the same lock
    pid_t pid = xvfb_pid;
    pthread_mutex_unlock(&runtime_lock);
    return (int)pid;
}

// MARK: - Marshalling

/// A function and its argument, queued for the GTK thread.
typedef struct invocation {
    void (*function)(void *);
    void *data;
    struct invocation *next;
} invocation;

/// The invocations not yet run, oldest first, and the eventfd that wakes the GTK thread for them.
///
/// The queue is the hand-off between threads: a caller writes the invocation, its argument and everything the
/// argument points to, then links it in holding `queue_lock`; the GTK thread unlinks it holding the same lock
/// before reading any of it. The lock orders the two threads, and it is a pthread mutex, which the thread
/// sanitizer sees. (Queuing through GLib instead, a GSource per call, hid the ordering from the sanitizer:
/// GLib's own locks are not instrumented, and the GSource was allocated on the caller's thread and freed on the
/// GTK thread.) The eventfd only wakes the main loop; no data goes through it.
static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
static invocation *queue_head = NULL, *queue_tail = NULL;
static int wakeup_fd = -1;

/// The eventfd, made the first time it is needed (holding `queue_lock`).
static int wakeup_fd_locked(void) {
    if (wakeup_fd < 0) wakeup_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (wakeup_fd < 0) abort();  // out of file descriptors: no call could ever reach the GTK thread
    return wakeup_fd;
}

/// Runs, in order, every invocation queued before the wakeup; those they queue run at the next one.
static gboolean run_invocations(gint fd, GIOCondition condition, gpointer unused) {
    (void)condition;
    (void)unused;
    uint64_t count;
    while (read(fd, &count, sizeof count) < 0 && errno == EINTR) {}
    pthread_mutex_lock(&queue_lock);
    invocation *queued = queue_head;
    queue_head = queue_tail = NULL;
    pthread_mutex_unlock(&queue_lock);
    while (queued) {
        invocation *next = queued->next;
        queued->function(queued->data);
        g_free(queued);
        queued = next;
    }
    return G_SOURCE_CONTINUE;
}

/// Watches the wakeup eventfd on the GTK thread's main loop (called there, before the loop runs).
static void watch_invocations(void) {
    pthread_mutex_lock(&queue_lock);
    int fd = wakeup_fd_locked();
    pthread_mutex_unlock(&queue_lock);
    g_unix_fd_add_full(G_PRIORITY_DEFAULT, fd, G_IO_IN, run_invocations, NULL, NULL);
}

/// Queues `function(data)` on the GTK thread's main loop, always, even when called on the GTK thread itself.
void permit_wk_invoke(void (*function)(void *), void *data) {
    invocation *queued = g_new0(invocation, 1);
    queued->function = function;
    queued->data = data;
    pthread_mutex_lock(&queue_lock);
    if (queue_tail) {
        queue_tail->next = queued;
    } else {
        queue_head = queued;
    }
    queue_tail = queued;
    int fd = wakeup_fd_locked();
    pthread_mutex_unlock(&queue_lock);
    uint64_t one = 1;
    while (write(fd, &one, sizeof one) < 0 && errno == EINTR) {}
}
