// A web view's life, its signals, its scripts and its message handlers.
#include "internal.h"

#include <string.h>

// MARK: - Signals

/// The message's frame tag, when `value` is `{__permitFrame: secret, main, origin, body}` with this view's
/// secret; otherwise the value is the page's own body, from a frame whose tag is unknown.
static void deliver_message(permit_wk_view *view, const char *name, JSCValue *value, WebKitScriptMessageReply *reply) {
    int tagged = 0, main_frame = 0;
    char *origin = NULL;
    JSCValue *body = g_object_ref(value);
    if (jsc_value_is_object(value) && jsc_value_object_has_property(value, "__permitFrame")) {
        JSCValue *secret = jsc_value_object_get_property(value, "__permitFrame");
        char *text = jsc_value_is_string(secret) ? jsc_value_to_string(secret) : NULL;
        if (text && strcmp(text, view->tag_secret) == 0) {
            tagged = 1;
            JSCValue *main = jsc_value_object_get_property(value, "main");
            main_frame = jsc_value_to_boolean(main);
            g_object_unref(main);
            JSCValue *from = jsc_value_object_get_property(value, "origin");
            if (jsc_value_is_string(from)) origin = jsc_value_to_string(from);
            g_object_unref(from);
            g_object_unref(body);
            body = jsc_value_object_get_property(value, "body");
        }
        g_free(text);
        g_object_unref(secret);
    }
    // Messages are text: any other value becomes its JavaScript string, as `String(value)` gives it (the
    // Chromium host's shim does the same), so that the router answers it with a typed error.
    char *text = jsc_value_to_string(body);
    permit_wk_pending_reply *pending = g_new(permit_wk_pending_reply, 1);
    pending->reply = webkit_script_message_reply_ref(reply);
    // The answer is made in the message's own JavaScript context, as WebKit's documentation shows, and held
    // until then: a context of the shim's own (a second virtual machine on this thread) was the other candidate,
    // and the one in use when WebKit's allocator reported double frees under load.
    pending->context = g_object_ref(jsc_value_get_context(value));
    view->callbacks.message(view->callbacks.context, name, text ? text : "", tagged, main_frame, origin, pending);
    g_free(text);
    g_free(origin);
    g_object_unref(body);
}

static gboolean on_message(WebKitUserContentManager *manager, JSCValue *value, WebKitScriptMessageReply *reply,
                           gpointer data) {
    permit_wk_view *view = data;
    if (view->closing) return FALSE;
    // The signal's detail is the handler's name; GLib does not hand it to the callback, so find it.
    GSignalInvocationHint *hint = g_signal_get_invocation_hint(manager);
    GQuark detail = hint ? hint->detail : 0;
    deliver_message(view, detail ? g_quark_to_string(detail) : "", value, reply);
    return TRUE;
}

static void on_load_changed(WebKitWebView *web_view, WebKitLoadEvent event, gpointer data) {
    permit_wk_view *view = data;
    if (view->closing) return;
    const char *uri = webkit_web_view_get_uri(web_view);
    if (event == WEBKIT_LOAD_COMMITTED) view->callbacks.load(view->callbacks.context, PERMIT_WK_LOAD_COMMITTED, uri, NULL);
    if (event == WEBKIT_LOAD_FINISHED) view->callbacks.load(view->callbacks.context, PERMIT_WK_LOAD_FINISHED, uri, NULL);
}

static gboolean on_load_failed(WebKitWebView *web_view, WebKitLoadEvent event, char *uri, GError *error, gpointer data) {
    (void)web_view;
    (void)event;
    permit_wk_view *view = data;
    if (!view->closing) view->callbacks.load(view->callbacks.context, PERMIT_WK_LOAD_FAILED, uri, error->message);
    return TRUE;  // no error page
}

static void on_terminated(WebKitWebView *web_view, WebKitWebProcessTerminationReason reason, gpointer data) {
    (void)web_view;
    permit_wk_view *view = data;
    if (!view->closing) view->callbacks.terminated(view->callbacks.context, (int)reason);
}

static void on_cookies_changed(WebKitCookieManager *manager, gpointer data) {
    (void)manager;
    permit_wk_view *view = data;
    if (!view->closing) view->callbacks.cookies_changed(view->callbacks.context);
}

/// Dialogs never block the page, as in WKWebView without a UI delegate: `alert` returns, `confirm` answers
/// false, `prompt` null, and a `beforeunload` dialog lets the navigation go on.
static gboolean on_script_dialog(WebKitWebView *web_view, WebKitScriptDialog *dialog, gpointer data) {
    (void)web_view;
    (void)data;
    switch (webkit_script_dialog_get_dialog_type(dialog)) {
    case WEBKIT_SCRIPT_DIALOG_CONFIRM: webkit_script_dialog_confirm_set_confirmed(dialog, FALSE); break;
    case WEBKIT_SCRIPT_DIALOG_BEFORE_UNLOAD_CONFIRM: webkit_script_dialog_confirm_set_confirmed(dialog, TRUE); break;
    default: break;
    }
    return TRUE;
}

// MARK: - Life

typedef struct {
    permit_wk_view *view;
    char *data_directory;
    char **loopback_hosts;
    int width, height;
} create_call;

static void create_on_gtk(void *data) {
    create_call *call = data;
    permit_wk_view *view = call->view;
    view->session = call->data_directory ? webkit_network_session_new(call->data_directory, call->data_directory)
                                         : webkit_network_session_new_ephemeral();
    // Only the loopback hosts bypass a proxy on the discard port, which refuses every connection: no
    // traffic leaves the machine.
    WebKitNetworkProxySettings *proxy =
        webkit_network_proxy_settings_new("http://127.0.0.1:9", (const char *const *)call->loopback_hosts);
    webkit_network_session_set_proxy_settings(view->session, WEBKIT_NETWORK_PROXY_MODE_CUSTOM, proxy);
    webkit_network_proxy_settings_free(proxy);
    view->cookies = webkit_network_session_get_cookie_manager(view->session);
    webkit_cookie_manager_set_accept_policy(view->cookies, WEBKIT_COOKIE_POLICY_ACCEPT_NO_THIRD_PARTY);
    if (call->data_directory) {
        char *file = g_build_filename(call->data_directory, "cookies.sqlite", NULL);
        webkit_cookie_manager_set_persistent_storage(view->cookies, file, WEBKIT_COOKIE_PERSISTENT_STORAGE_SQLITE);
        g_free(file);
    }
    g_signal_connect(view->cookies, "changed", G_CALLBACK(on_cookies_changed), view);
    // One web context for the process, never released: WebKit's default context is a C++ static whose
    // destructor releases it during exit, on the exiting thread rather than the GTK thread, and WebKit aborts
    // on that (seen as an intermittent SIGABRT when a test process exits).
    static WebKitWebContext *context = NULL;
    if (!context) {
        context = g_object_new(WEBKIT_TYPE_WEB_CONTEXT, NULL);
        permit_wk_geolocation_watch(context);
    }
    view->content = webkit_user_content_manager_new();
    view->web_view = g_object_new(WEBKIT_TYPE_WEB_VIEW, "web-context", context, "network-session", view->session,
                                  "user-content-manager", view->content, NULL);
    g_signal_connect(view->web_view, "load-changed", G_CALLBACK(on_load_changed), view);
    g_signal_connect(view->web_view, "load-failed", G_CALLBACK(on_load_failed), view);
    g_signal_connect(view->web_view, "web-process-terminated", G_CALLBACK(on_terminated), view);
    g_signal_connect(view->web_view, "permission-request", G_CALLBACK(permit_wk_on_permission_request), view);
    g_signal_connect(view->web_view, "query-permission-state", G_CALLBACK(permit_wk_on_query_permission_state), view);
    // Capture gives WebKit's mock camera and microphone: there is no device under Xvfb, and a page's
    // getUserMedia is decided by the permission table (permissions.c), not by hardware.
    WebKitSettings *settings = webkit_web_view_get_settings(view->web_view);
    webkit_settings_set_enable_media_stream(settings, TRUE);
    webkit_settings_set_enable_mock_capture_devices(settings, TRUE);
    g_signal_connect(view->web_view, "script-dialog", G_CALLBACK(on_script_dialog), view);
    view->window = gtk_window_new();
    gtk_window_set_default_size(GTK_WINDOW(view->window), call->width, call->height);
    gtk_window_set_child(GTK_WINDOW(view->window), GTK_WIDGET(view->web_view));
    gtk_window_present(GTK_WINDOW(view->window));
    g_free(call->data_directory);
    g_strfreev(call->loopback_hosts);
    g_free(call);
}

permit_wk_view *permit_wk_view_create(permit_wk_callbacks callbacks, const char *data_directory,
                                      const char *const *loopback_hosts, int width, int height,
                                      const char *tag_secret) {
    permit_wk_view *view = g_new0(permit_wk_view, 1);
    view->callbacks = callbacks;
    view->scripts = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, (GDestroyNotify)webkit_user_script_unref);
    view->script_ids = g_array_new(FALSE, FALSE, sizeof(gint64));
    view->handlers = g_ptr_array_new_with_free_func(g_free);
    view->permissions = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    view->tag_secret = g_strdup(tag_secret);
    create_call *call = g_new0(create_call, 1);
    call->view = view;
    call->data_directory = g_strdup(data_directory);
    call->loopback_hosts = g_strdupv((char **)loopback_hosts);
    call->width = width;
    call->height = height;
    permit_wk_invoke(create_on_gtk, call);
    return view;
}

static gboolean unref_later(gpointer object) {
    g_object_unref(object);
    return G_SOURCE_REMOVE;
}

static void destroy_on_gtk(void *data) {
    permit_wk_view *view = data;
    view->closing = TRUE;
    g_signal_handlers_disconnect_by_data(view->cookies, view);
    g_signal_handlers_disconnect_by_data(view->content, view);
    g_signal_handlers_disconnect_by_data(view->web_view, view);
    gtk_window_destroy(GTK_WINDOW(view->window));
    // The network session and the content manager outlive the view by a few seconds: WebKit finishes work it
    // had under way for the view (replies, cookie operations) on this thread after the window is gone, and
    // released at once they crashed it there (a segfault in about two closes in three right after a load).
    g_timeout_add_seconds(3, unref_later, view->content);
    g_timeout_add_seconds(3, unref_later, view->session);
    view->callbacks.released(view->callbacks.context);
    g_hash_table_unref(view->scripts);
    g_array_unref(view->script_ids);
    g_ptr_array_unref(view->handlers);
    g_hash_table_unref(view->permissions);
    g_free(view->tag_secret);
    g_free(view);
}

void permit_wk_view_destroy(permit_wk_view *view) {
    permit_wk_invoke(destroy_on_gtk, view);
}

// MARK: - Scripts

/// The frame-tagging script, first in every frame at document start: it replaces each handler's
/// `postMessage` with one that wraps the page's message in `{__permitFrame: secret, main, origin, body}`.
/// The frame facts are read before any page script runs (`top` and `location` cannot be redefined), and the
/// wrapper calls only built-ins taken then, so page script never sees the secret.
static char *tagging_source(permit_wk_view *view) {
    GString *names = g_string_new("[");
    for (guint i = 0; i < view->handlers->len; i++) {
        char *escaped = g_strescape(g_ptr_array_index(view->handlers, i), NULL);
        g_string_append_printf(names, "%s\"%s\"", i ? "," : "", escaped);
        g_free(escaped);
    }
    g_string_append(names, "]");
    char *source = g_strdup_printf(
        "(function (names, secret) {\n"
        "  'use strict';\n"
        "  var handlers = window.webkit && window.webkit.messageHandlers;\n"
        "  if (!handlers) { return; }\n"
        "  var apply = Reflect.apply, define = Object.defineProperty;\n"
        "  var main = window === window.top;\n"
        "  var origin = location.origin;\n"
        "  if (origin === 'null') { origin = null; }\n"
        "  for (var i = 0; i < names.length; i++) {\n"
        "    var handler = handlers[names[i]];\n"
        "    if (!handler) { continue; }\n"
        "    (function (handler, post) {\n"
        "      define(handler, 'postMessage', { value: function postMessage(body) {\n"
        "        return apply(post, handler, [{ __permitFrame: secret, main: main, origin: origin, body: body }]);\n"
        "      }, writable: false, configurable: false, enumerable: false });\n"
        "    })(handler, handler.postMessage);\n"
        "  }\n"
        "})(%s, \"%s\");\n",
        names->str, view->tag_secret);
    g_string_free(names, TRUE);
    return source;
}

void permit_wk_rebuild_scripts(permit_wk_view *view) {
    webkit_user_content_manager_remove_all_scripts(view->content);
    if (view->handlers->len) {
        char *source = tagging_source(view);
        WebKitUserScript *tagging = webkit_user_script_new(source, WEBKIT_USER_CONTENT_INJECT_ALL_FRAMES,
                                                           WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START, NULL, NULL);
        webkit_user_content_manager_add_script(view->content, tagging);
        webkit_user_script_unref(tagging);
        g_free(source);
    }
    for (guint i = 0; i < view->script_ids->len; i++) {
        char key[24];
        g_snprintf(key, sizeof key, "%" G_GINT64_FORMAT, g_array_index(view->script_ids, gint64, i));
        webkit_user_content_manager_add_script(view->content, g_hash_table_lookup(view->scripts, key));
    }
}

typedef struct {
    permit_wk_view *view;
    gint64 id;
    char *text;
    permit_wk_done done;
    void *token;
} script_call;

static script_call *script_call_new(permit_wk_view *view, gint64 id, const char *text, permit_wk_done done, void *token) {
    script_call *call = g_new0(script_call, 1);
    call->view = view;
    call->id = id;
    call->text = g_strdup(text);
    call->done = done;
    call->token = token;
    return call;
}

static void script_call_finish(script_call *call) {
    call->done(call->token, 1, NULL);
    g_free(call->text);
    g_free(call);
}

static void add_script_on_gtk(void *data) {
    script_call *call = data;
    permit_wk_view *view = call->view;
    char *key = g_strdup_printf("%" G_GINT64_FORMAT, call->id);
    WebKitUserScript *script = webkit_user_script_new(call->text, WEBKIT_USER_CONTENT_INJECT_ALL_FRAMES,
                                                      WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START, NULL, NULL);
    g_hash_table_insert(view->scripts, key, script);
    g_array_append_val(view->script_ids, call->id);
    webkit_user_content_manager_add_script(view->content, script);
    script_call_finish(call);
}

void permit_wk_add_script(permit_wk_view *view, int64_t id, const char *source, permit_wk_done done, void *token) {
    permit_wk_invoke(add_script_on_gtk, script_call_new(view, id, source, done, token));
}

static void remove_script_on_gtk(void *data) {
    script_call *call = data;
    permit_wk_view *view = call->view;
    char key[24];
    g_snprintf(key, sizeof key, "%" G_GINT64_FORMAT, call->id);
    WebKitUserScript *script = g_hash_table_lookup(view->scripts, key);
    if (script) {
        webkit_user_content_manager_remove_script(view->content, script);
        for (guint i = 0; i < view->script_ids->len; i++) {
            if (g_array_index(view->script_ids, gint64, i) == call->id) {
                g_array_remove_index(view->script_ids, i);
                break;
            }
        }
        g_hash_table_remove(view->scripts, key);
    }
    script_call_finish(call);
}

void permit_wk_remove_script(permit_wk_view *view, int64_t id, permit_wk_done done, void *token) {
    permit_wk_invoke(remove_script_on_gtk, script_call_new(view, id, NULL, done, token));
}

// MARK: - Handlers

static void add_handler_on_gtk(void *data) {
    script_call *call = data;
    permit_wk_view *view = call->view;
    gboolean known = FALSE;
    for (guint i = 0; i < view->handlers->len; i++) known |= strcmp(g_ptr_array_index(view->handlers, i), call->text) == 0;
    if (!known) {
        webkit_user_content_manager_register_script_message_handler_with_reply(view->content, call->text, NULL);
        char *signal = g_strdup_printf("script-message-with-reply-received::%s", call->text);
        g_signal_connect(view->content, signal, G_CALLBACK(on_message), view);
        g_free(signal);
        g_ptr_array_add(view->handlers, g_strdup(call->text));
        permit_wk_rebuild_scripts(view);
    }
    script_call_finish(call);
}

void permit_wk_add_handler(permit_wk_view *view, const char *name, permit_wk_done done, void *token) {
    permit_wk_invoke(add_handler_on_gtk, script_call_new(view, 0, name, done, token));
}

static void remove_handler_on_gtk(void *data) {
    script_call *call = data;
    permit_wk_view *view = call->view;
    for (guint i = 0; i < view->handlers->len; i++) {
        if (strcmp(g_ptr_array_index(view->handlers, i), call->text) != 0) continue;
        webkit_user_content_manager_unregister_script_message_handler(view->content, call->text, NULL);
        guint id = g_signal_lookup("script-message-with-reply-received", WEBKIT_TYPE_USER_CONTENT_MANAGER);
        g_signal_handlers_disconnect_matched(view->content, G_SIGNAL_MATCH_ID | G_SIGNAL_MATCH_DETAIL | G_SIGNAL_MATCH_DATA,
                                             id, g_quark_from_string(call->text), NULL, NULL, view);
        g_ptr_array_remove_index(view->handlers, i);
        permit_wk_rebuild_scripts(view);
        break;
    }
    script_call_finish(call);
}

void permit_wk_remove_handler(permit_wk_view *view, const char *name, permit_wk_done done, void *token) {
    permit_wk_invoke(remove_handler_on_gtk, script_call_new(view, 0, name, done, token));
}
