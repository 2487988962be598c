// The GTK thread and the display: started once per process, kept for its life.
#define _GNU_SOURCE
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern char **environ;

static pthread_mutex_t runtime_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t runtime_ready = PTHREAD_COND_INITIALIZER;
/// 0 not started, 1 starting, 2 up, -1 failed.
static int runtime_state = 0;
static char runtime_error[256];
static pid_t xvfb_pid = 0;

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

int permit_wk_runtime_xvfb_pid(void) { return (int)xvfb_pid; }

// MARK: - Marshalling

/// A function and its argument, queued for the GTK thread.
///
/// `published` hands the invocation over: the caller's thread stores it with release order after writing the
/// function, its argument and everything the argument points to, and the GTK thread loads it with acquire order
/// before reading them. GLib's main-loop lock already orders the two threads, but GLib is not built for the
/// thread sanitizer, which cannot see that lock; the atomic pair is an ordering it sees (and a real one).
typedef struct {
    void (*function)(void *);
    void *data;
    int published;
} invocation;

static gboolean run_invocation(gpointer pointer) {
    invocation *queued = pointer;
    if (!__atomic_load_n(&queued->published, __ATOMIC_ACQUIRE)) abort();  // attached only after publishing
    queued->function(queued->data);
    g_free(queued);
    return G_SOURCE_REMOVE;
}

/// Queues `function(data)` on the GTK thread's main loop, always, even when called on the GTK thread itself.
void permit_wk_invoke(void (*function)(void *), void *data) {
    invocation *queued = g_new(invocation, 1);
    queued->function = function;
    queued->data = data;
    __atomic_store_n(&queued->published, 1, __ATOMIC_RELEASE);
    GSource *source = g_idle_source_new();
    g_source_set_priority(source, G_PRIORITY_DEFAULT);
    g_source_set_callback(source, run_invocation, queued, NULL);
    g_source_attach(source, NULL);
    g_source_unref(source);
}
