// The engine's own permissions: what the host decided per (permission, origin), and WebKit's
// `permission-request` and `query-permission-state` signals answered from it.
#include "internal.h"

#include <string.h>

/// The table's key for `name` at `origin`.
static char *permission_key(const char *name, const char *origin) {
    return g_strdup_printf("%s %s", name, origin);
}

/// The decision for `name` at `origin`: 1 granted, 0 denied, -1 never set.
static int permission_decision(permit_wk_view *view, const char *name, const char *origin) {
    if (!origin) return -1;
    char *key = permission_key(name, origin);
    gpointer value = NULL;
    gboolean found = g_hash_table_lookup_extended(view->permissions, key, NULL, &value);
    g_free(key);
    return found ? GPOINTER_TO_INT(value) : -1;
}

/// The origin of the page shown now, as `webkit_security_origin_to_string` writes it (NULL for none).
static char *current_origin(permit_wk_view *view) {
    const char *uri = webkit_web_view_get_uri(view->web_view);
    if (!uri) return NULL;
    WebKitSecurityOrigin *origin = webkit_security_origin_new_for_uri(uri);
    char *text = webkit_security_origin_to_string(origin);
    webkit_security_origin_unref(origin);
    return text;
}

/// Decides a request from the table for the page's origin: WebKit's permission requests do not carry the
/// requesting frame's origin, so the main frame's is taken. Anything never set, and any other kind of
/// request, is denied, so that the engine never prompts on its own.
gboolean permit_wk_on_permission_request(WebKitWebView *web_view, WebKitPermissionRequest *request, gpointer data) {
    (void)web_view;
    permit_wk_view *view = data;
    char *origin = current_origin(view);
    int granted = 0;
    if (WEBKIT_IS_USER_MEDIA_PERMISSION_REQUEST(request)) {
        WebKitUserMediaPermissionRequest *media = WEBKIT_USER_MEDIA_PERMISSION_REQUEST(request);
        gboolean video = webkit_user_media_permission_is_for_video_device(media);
        gboolean audio = webkit_user_media_permission_is_for_audio_device(media);
        granted = (video || audio) && (!video || permission_decision(view, "camera", origin) == 1) &&
                  (!audio || permission_decision(view, "microphone", origin) == 1);
    } else if (WEBKIT_IS_GEOLOCATION_PERMISSION_REQUEST(request)) {
        granted = permission_decision(view, "geolocation", origin) == 1;
    } else if (WEBKIT_IS_NOTIFICATION_PERMISSION_REQUEST(request)) {
        granted = permission_decision(view, "notifications", origin) == 1;
    }
    if (granted) {
        webkit_permission_request_allow(request);
    } else {
        webkit_permission_request_deny(request);
    }
    if (!view->closing) {
        view->callbacks.permission_decided(view->callbacks.context, G_OBJECT_TYPE_NAME(request), origin, granted);
    }
    g_free(origin);
    return TRUE;
}

/// Answers `navigator.permissions.query()` (and WebKit's own checks) from the table, so that the engine's
/// state agrees with what its requests get; a name never set is left to WebKit's default (`prompt`).
gboolean permit_wk_on_query_permission_state(WebKitWebView *web_view, WebKitPermissionStateQuery *query, gpointer data) {
    (void)web_view;
    permit_wk_view *view = data;
    const char *name = webkit_permission_state_query_get_name(query);
    WebKitSecurityOrigin *from = webkit_permission_state_query_get_security_origin(query);
    char *origin = from ? webkit_security_origin_to_string(from) : current_origin(view);
    int decision = name ? permission_decision(view, name, origin) : -1;
    g_free(origin);
    if (decision < 0) return FALSE;
    webkit_permission_state_query_finish(query, decision ? WEBKIT_PERMISSION_STATE_GRANTED : WEBKIT_PERMISSION_STATE_DENIED);
    return TRUE;
}

typedef struct {
    permit_wk_view *view;
    char *name;
    char *origin;
    int granted;
    permit_wk_done done;
    void *token;
} permission_call;

static void set_permission_on_gtk(void *data) {
    permission_call *call = data;
    g_hash_table_insert(call->view->permissions, permission_key(call->name, call->origin),
                        GINT_TO_POINTER(call->granted ? 1 : 0));
    call->done(call->token, 1, NULL);
    g_free(call->name);
    g_free(call->origin);
    g_free(call);
}

void permit_wk_set_permission(permit_wk_view *view, const char *name, const char *origin, int granted,
                              permit_wk_done done, void *token) {
    permission_call *call = g_new0(permission_call, 1);
    call->view = view;
    call->name = g_strdup(name);
    call->origin = g_strdup(origin);
    call->granted = granted;
    call->done = done;
    call->token = token;
    permit_wk_invoke(set_permission_on_gtk, call);
}
