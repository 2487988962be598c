// The engine's own geolocation: WebKit's geolocation manager (one, of the process's one web context) asks for
// positions when a page starts watching, and the host answers from native state through Swift.
#include "internal.h"

#include <pthread.h>

/// What Swift gave `permit_wk_geolocation_set_callbacks`, read on the GTK thread.
static pthread_mutex_t callbacks_lock = PTHREAD_MUTEX_INITIALIZER;
static permit_wk_geolocation_callbacks callbacks;

/// The manager, once the web context exists; touched on the GTK thread only.
static WebKitGeolocationManager *manager = NULL;
/// Whether the manager is between `start` and `stop`, and which start it is (pushes for an older one are
/// dropped: they were asked for before a `stop`).
static gboolean started = FALSE;
static uint64_t generation = 0;

void permit_wk_geolocation_set_callbacks(permit_wk_geolocation_callbacks given) {
    pthread_mutex_lock(&callbacks_lock);
    callbacks = given;
    pthread_mutex_unlock(&callbacks_lock);
}

static permit_wk_geolocation_callbacks current_callbacks(void) {
    pthread_mutex_lock(&callbacks_lock);
    permit_wk_geolocation_callbacks copy = callbacks;
    pthread_mutex_unlock(&callbacks_lock);
    return copy;
}

/// A failure pushed without Swift (no callbacks set): queued, as the manager is still starting.
static void fail_unanswered(void *data) {
    uint64_t *start = data;
    permit_wk_geolocation_failed(*start, "the host has no location source");
    g_free(start);
}

/// Handled always, so that WebKit never turns to GeoClue: the positions come from the host or nowhere.
static gboolean on_start(WebKitGeolocationManager *from, gpointer unused) {
    (void)unused;
    started = TRUE;
    generation += 1;
    permit_wk_geolocation_callbacks current = current_callbacks();
    if (current.start) {
        current.start(current.context, generation, webkit_geolocation_manager_get_enable_high_accuracy(from));
    } else {
        uint64_t *start = g_new(uint64_t, 1);
        *start = generation;
        permit_wk_invoke(fail_unanswered, start);
    }
    return TRUE;
}

static void on_stop(WebKitGeolocationManager *from, gpointer unused) {
    (void)from;
    (void)unused;
    started = FALSE;
    permit_wk_geolocation_callbacks current = current_callbacks();
    if (current.stop) current.stop(current.context, generation);
}

void permit_wk_geolocation_watch(WebKitWebContext *context) {
    manager = webkit_web_context_get_geolocation_manager(context);
    g_signal_connect(manager, "start", G_CALLBACK(on_start), NULL);
    g_signal_connect(manager, "stop", G_CALLBACK(on_stop), NULL);
}

/// A position or a failure on its way to the manager.
typedef struct {
    uint64_t start;
    double latitude, longitude, accuracy;
    uint64_t timestamp;
    char *failure;  // NULL for a position
} geolocation_push;

static void push_on_gtk(void *data) {
    geolocation_push *push = data;
    if (manager && started && push->start == generation) {
        if (push->failure) {
            webkit_geolocation_manager_failed(manager, push->failure);
        } else {
            WebKitGeolocationPosition *position =
                webkit_geolocation_position_new(push->latitude, push->longitude, push->accuracy);
            webkit_geolocation_position_set_timestamp(position, push->timestamp);
            webkit_geolocation_manager_update_position(manager, position);
            webkit_geolocation_position_free(position);
        }
    }
    g_free(push->failure);
    g_free(push);
}

void permit_wk_geolocation_update(uint64_t start, double latitude, double longitude, double accuracy,
                                  uint64_t timestamp) {
    geolocation_push *push = g_new0(geolocation_push, 1);
    push->start = start;
    push->latitude = latitude;
    push->longitude = longitude;
    push->accuracy = accuracy;
    push->timestamp = timestamp;
    permit_wk_invoke(push_on_gtk, push);
}

void permit_wk_geolocation_failed(uint64_t start, const char *message) {
    geolocation_push *push = g_new0(geolocation_push, 1);
    push->start = start;
    push->failure = g_strdup(message);
    permit_wk_invoke(push_on_gtk, push);
}
