// What the shim's files share; not part of the module's interface.
#ifndef CPERMITWEBKITGTK_INTERNAL_H
#define CPERMITWEBKITGTK_INTERNAL_H

#include "CPermitWebKitGTK.h"
#include <webkit/webkit.h>

/// A web view and what it was given, touched only on the GTK thread (after creation).
struct permit_wk_view {
    permit_wk_callbacks callbacks;
    GtkWidget *window;
    WebKitWebView *web_view;
    WebKitUserContentManager *content;
    WebKitNetworkSession *session;
    WebKitCookieManager *cookies;
    /// The user scripts by id (int64 keys as strings), in the order added: `script_ids` holds the order.
    GHashTable *scripts;
    GArray *script_ids;
    /// The registered handler names.
    GPtrArray *handlers;
    /// The engine permissions decided: "name origin" keys, 1 granted or 0 denied.
    GHashTable *permissions;
    /// The secret that the frame-tagging script puts on every message.
    char *tag_secret;
    /// Whether the view is being destroyed (set on the GTK thread): signals are ignored from then on.
    gboolean closing;
};

/// A message's pending answer: WebKit's reply and the JavaScript context the message came in, each held by a
/// reference until `permit_wk_reply` answers it on the GTK thread.
typedef struct {
    WebKitScriptMessageReply *reply;
    JSCContext *context;
} permit_wk_pending_reply;

/// Queues `function(data)` on the GTK thread.
void permit_wk_invoke(void (*function)(void *), void *data);

/// The `permission-request` signal: decided from `permissions`.
gboolean permit_wk_on_permission_request(WebKitWebView *web_view, WebKitPermissionRequest *request, gpointer data);

/// The `query-permission-state` signal: answered from `permissions` when the name was set for the origin.
gboolean permit_wk_on_query_permission_state(WebKitWebView *web_view, WebKitPermissionStateQuery *query, gpointer data);

/// Connects the geolocation manager of the process's web context (geolocation.c); once, on the GTK thread.
void permit_wk_geolocation_watch(WebKitWebContext *context);

/// Re-adds the frame-tagging script then every user script, in order (handlers changed or scripts did).
void permit_wk_rebuild_scripts(permit_wk_view *view);

#endif
