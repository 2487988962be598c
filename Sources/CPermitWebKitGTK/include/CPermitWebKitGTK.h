#ifndef CPERMITWEBKITGTK_H
#define CPERMITWEBKITGTK_H

// The C half of PermitWebKitGTK: a WebKitGTK 6.0 web view driven from Swift without GObject in Swift.
//
// Every function below may be called from any thread: it queues its work on the GTK thread (the one thread
// that runs GTK's main loop and makes every GTK and WebKit call) and returns at once. Results and events come
// back through C callbacks, always called on the GTK thread; a callback must not block.

#include <stddef.h>
#include <stdint.h>

/// One web view: a GtkWindow holding a WebKitWebView, its network session and user content manager.
typedef struct permit_wk_view permit_wk_view;

/// A finished call: `ok` 1 with `text` its result (may be NULL), or `ok` 0 with `text` the error message.
typedef void (*permit_wk_done)(void *token, int ok, const char *text);

/// A cookie, as WebKit's cookie manager holds it. `expires` is seconds since 1970, or negative for a
/// session cookie; `same_site` is 0 for None, 1 for Lax, 2 for Strict.
typedef struct {
    const char *name;
    const char *value;
    const char *domain;  // without a leading dot
    const char *path;
    int host_only;
    double expires;
    int secure;
    int http_only;
    int same_site;
} permit_wk_cookie;

/// The cookies read: `count` of them, valid during the call only; `error` non-NULL when reading failed.
typedef void (*permit_wk_cookies_done)(void *token, const permit_wk_cookie *cookies, size_t count, const char *error);

/// A PNG of the visible page, valid during the call only; `error` non-NULL when it failed.
typedef void (*permit_wk_png_done)(void *token, const uint8_t *bytes, size_t length, const char *error);

/// Load events of the main frame.
enum {
    PERMIT_WK_LOAD_COMMITTED = 1,
    PERMIT_WK_LOAD_FINISHED = 2,
    PERMIT_WK_LOAD_FAILED = 3,
};

/// What a web view reports, each with the `context` it was created with.
typedef struct {
    void *context;
    /// A page posted `body` to handler `handler`. `tagged` is 1 when the frame script's tag carried the
    /// view's secret, with `main_frame` and `origin` (NULL for an opaque origin) as that script saw them at
    /// document start; 0 for an untagged message, whose frame is unknown. Answer with `permit_wk_reply`.
    void (*message)(void *context, const char *handler, const char *body, int tagged, int main_frame,
                    const char *origin, void *reply);
    /// A load event (`PERMIT_WK_LOAD_*`) for `uri`, with the error message for a failure.
    void (*load)(void *context, int event, const char *uri, const char *error);
    /// The web content process ended; `reason` is WebKit's termination reason (0 crashed, 1 memory, 2 API).
    void (*terminated)(void *context, int reason);
    /// The cookie manager's `changed` signal.
    void (*cookies_changed)(void *context);
    /// A `permission-request` was decided from the permission table; `kind` names the request's type,
    /// `origin` the page's origin it was decided for (NULL for none), `granted` 1 when allowed.
    void (*permission_decided)(void *context, const char *kind, const char *origin, int granted);
    /// The view is gone: no callback follows, and `context` may be released.
    void (*released)(void *context);
} permit_wk_callbacks;

// MARK: - The GTK thread

/// Starts, once per process, the display (an Xvfb found at `xvfb` on a free display, unless `DISPLAY` is set)
/// and the GTK thread, and waits until GTK is up. Returns 0, or -1 with a message in `error` (of `size`).
int permit_wk_runtime_start(const char *xvfb, char *error, size_t size);

/// The process ID of the Xvfb started, or 0 when the display was given.
int permit_wk_runtime_xvfb_pid(void);

// MARK: - Views

/// Creates a view (on the GTK thread, before any later call on it runs). `data_directory` NULL makes an
/// ephemeral session; `loopback_hosts` (NULL-terminated) are the hosts that bypass the refusing proxy.
permit_wk_view *permit_wk_view_create(permit_wk_callbacks callbacks, const char *data_directory,
                                      const char *const *loopback_hosts, int width, int height,
                                      const char *tag_secret);

/// Destroys the view; `released` follows once it is gone.
void permit_wk_view_destroy(permit_wk_view *view);

/// Adds a main-world script at document start in every frame, under `id`; `done` reports it applied.
void permit_wk_add_script(permit_wk_view *view, int64_t id, const char *source, permit_wk_done done, void *token);

/// Removes the script with `id`, if any.
void permit_wk_remove_script(permit_wk_view *view, int64_t id, permit_wk_done done, void *token);

/// Registers a reply-capable message handler `name` in the main world (and the top frame's tagging script).
void permit_wk_add_handler(permit_wk_view *view, const char *name, permit_wk_done done, void *token);

/// Unregisters the handler `name`.
void permit_wk_remove_handler(permit_wk_view *view, const char *name, permit_wk_done done, void *token);

/// Settles a message's promise with `text`, or rejects it with `text` as the message when `failed`.
void permit_wk_reply(void *reply, const char *text, int failed);

/// Runs `source` in the main frame's main world, awaiting a promise; `done` gets the value as JSON text
/// (NULL for undefined or a value JSON cannot hold).
void permit_wk_evaluate(permit_wk_view *view, const char *source, permit_wk_done done, void *token);

/// Starts loading `uri` in the main frame; the outcome comes as load events (`done` may be NULL).
void permit_wk_load(permit_wk_view *view, const char *uri, permit_wk_done done, void *token);

/// The HTTP status of the main document's response, as decimal text; NULL text when there is none (no page,
/// or a page not loaded over HTTP).
void permit_wk_main_document_status(permit_wk_view *view, permit_wk_done done, void *token);

/// Ends the web content process, as the OS does when it kills it; `terminated` follows.
void permit_wk_terminate_web_process(permit_wk_view *view, permit_wk_done done, void *token);

/// A PNG of the visible page.
void permit_wk_snapshot(permit_wk_view *view, permit_wk_png_done done, void *token);

/// Clicks the first mouse button at (`x`, `y`) of the web view, in CSS pixels from its top-left corner, through
/// the X server's XTest extension, as a person's mouse would; `done` gets ok once the X server has the events,
/// else the reason as text.
void permit_wk_click(permit_wk_view *view, double x, double y, permit_wk_done done, void *token);

// MARK: - Permissions

/// Makes the engine grant (`granted` 1) or deny `name` (`camera`, `microphone`, `geolocation`,
/// `notifications`) to pages of `origin` (as `scheme://host[:port]`, the default port left out) from now on:
/// its `permission-request` and `query-permission-state` signals answer from these decisions, and a
/// request never decided is denied.
void permit_wk_set_permission(permit_wk_view *view, const char *name, const char *origin, int granted,
                              permit_wk_done done, void *token);

// MARK: - Geolocation

/// What WebKit's geolocation manager asks of the host. It is one for the process (WebKit keeps one per web
/// context, and the host runs one web context), so these callbacks are too. Both come on the GTK thread.
typedef struct {
    void *context;
    /// A page started watching the position: answer with `permit_wk_geolocation_update` (again whenever the
    /// position changes) or `permit_wk_geolocation_failed`, passing `start`. `high_accuracy` is 1 when a page
    /// asked for it.
    void (*start)(void *context, uint64_t start, int high_accuracy);
    /// No page watches any longer: pushes for `start` are dropped from now on.
    void (*stop)(void *context, uint64_t start);
} permit_wk_geolocation_callbacks;

/// Sets what answers WebKit's geolocation manager, from its next `start` on. Without callbacks, every start
/// fails at once with a message saying so. The manager's `start` is always handled, so WebKit never turns to
/// GeoClue.
void permit_wk_geolocation_set_callbacks(permit_wk_geolocation_callbacks callbacks);

/// Gives WebKit a position for the watch `start`: `accuracy` in meters, `timestamp` in whole seconds since
/// 1970 (0 for now). Dropped if that watch has stopped.
void permit_wk_geolocation_update(uint64_t start, double latitude, double longitude, double accuracy,
                                  uint64_t timestamp);

/// Tells WebKit that no position can be had for the watch `start`; pages get `message` in a
/// `POSITION_UNAVAILABLE` error. Dropped if that watch has stopped.
void permit_wk_geolocation_failed(uint64_t start, const char *message);

// MARK: - Cookies

/// Adds or replaces a cookie; `done` once the network process stored it.
void permit_wk_set_cookie(permit_wk_view *view, permit_wk_cookie cookie, permit_wk_done done, void *token);

/// Every cookie of every site.
void permit_wk_all_cookies(permit_wk_view *view, permit_wk_cookies_done done, void *token);

/// Deletes the cookies with this name, domain (host-only or not) and path.
void permit_wk_delete_cookie(permit_wk_view *view, const char *name, const char *domain, const char *path,
                             permit_wk_done done, void *token);

#endif
