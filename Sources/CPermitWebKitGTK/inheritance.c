// WebKit's helper processes inherit only the descriptors WebKit hands them, never the app's.
//
// WebKitGTK starts its web and network processes (and its D-Bus proxy) through GSubprocess with
// G_SUBPROCESS_FLAGS_INHERIT_FDS, so that GLib may use posix_spawn: it counts on every other descriptor of the
// process being close-on-exec. An app's are not always, and Foundation's `Process` makes two that must not
// be: the socket whose end of file tells it the child ended (from `socketpair` until `run()` returns) and the
// pipes of the child's standard streams (from the `Pipe`'s creation until `run()` returns). A helper that
// WebKit starts meanwhile, on the GTK thread, inherits them and holds them for its whole life (the network
// process lives as long as the app), so Foundation never sees that child end: its termination handler never
// runs and its pipe never reaches end of file. (Foundation does not watch SIGCHLD at all: GLib's SIGCHLD
// handler was not the cause.)
//
// The fix: this definition of `g_subprocess_launcher_new`, which the dynamic linker binds WebKit's calls to
// (the executable comes first in symbol lookup), drops INHERIT_FDS when WebKit asks. GLib then closes every
// descriptor in the child but the standard streams and those WebKit passes with
// `g_subprocess_launcher_take_fd` (the IPC sockets, the sandbox's arguments), at the cost of fork and exec
// instead of posix_spawn for each helper. Calls from anything but WebKit pass through unchanged.
#define _GNU_SOURCE
#include "internal.h"

#include <dlfcn.h>
#include <pthread.h>
#include <string.h>

typedef GSubprocessLauncher *(*launcher_new_function)(GSubprocessFlags flags);

static pthread_once_t resolved = PTHREAD_ONCE_INIT;
static launcher_new_function glib_launcher_new = NULL;

static void resolve(void) {
    glib_launcher_new = (launcher_new_function)dlsym(RTLD_NEXT, "g_subprocess_launcher_new");
}

/// Whether `address` is code of WebKitGTK's library.
static int in_webkit(const void *address) {
    Dl_info info;
    return dladdr(address, &info) && info.dli_fname && strstr(info.dli_fname, "libwebkitgtk-6.0");
}

GSubprocessLauncher *g_subprocess_launcher_new(GSubprocessFlags flags) {
    pthread_once(&resolved, resolve);
    if ((flags & G_SUBPROCESS_FLAGS_INHERIT_FDS) && in_webkit(__builtin_return_address(0))) {
        flags &= ~G_SUBPROCESS_FLAGS_INHERIT_FDS;
    }
    return glib_launcher_new(flags);
}
