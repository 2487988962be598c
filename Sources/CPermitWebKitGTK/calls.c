// The page calls (replies, evaluate, load, snapshot, termination) and the cookie store.
#include "internal.h"

#include <libsoup/soup.h>
#include <string.h>

/// One queued call: what it works on, its text arguments and where its outcome goes.
typedef struct {
    permit_wk_view *view;
    char *text;
    char *name, *domain, *path;
    permit_wk_cookie cookie;
    int failed;
    void *reply;
    permit_wk_done done;
    permit_wk_cookies_done cookies_done;
    permit_wk_png_done png_done;
    void *token;
} call;

static call *call_new(permit_wk_view *view, const char *text, void *token) {
    call *made = g_new0(call, 1);
    made->view = view;
    made->text = g_strdup(text);
    made->token = token;
    return made;
}

static void call_free(call *done) {
    g_free(done->text);
    g_free(done->name);
    g_free(done->domain);
    g_free(done->path);
    g_free(done);
}

static void call_finish(call *done, int ok, const char *text) {
    if (done->done) done->done(done->token, ok, text);
    call_free(done);
}

// MARK: - Replies

static void reply_on_gtk(void *data) {
    call *queued = data;
    permit_wk_pending_reply *pending = queued->reply;
    if (queued->failed) {
        webkit_script_message_reply_return_error_message(pending->reply, queued->text);
    } else {
        JSCValue *value = jsc_value_new_string(pending->context, queued->text);
        webkit_script_message_reply_return_value(pending->reply, value);
        g_object_unref(value);
    }
    webkit_script_message_reply_unref(pending->reply);
    g_object_unref(pending->context);
    g_free(pending);
    call_free(queued);
}

void permit_wk_reply(void *reply, const char *text, int failed) {
    call *queued = call_new(NULL, text, NULL);
    queued->reply = reply;
    queued->failed = failed;
    permit_wk_invoke(reply_on_gtk, queued);
}

// MARK: - Evaluate

static void evaluated(GObject *source, GAsyncResult *result, gpointer data) {
    call *queued = data;
    GError *error = NULL;
    JSCValue *value = webkit_web_view_call_async_javascript_function_finish(WEBKIT_WEB_VIEW(source), result, &error);
    if (!value) {
        call_finish(queued, 0, error ? error->message : "evaluation failed");
        g_clear_error(&error);
        return;
    }
    char *json = jsc_value_is_undefined(value) ? NULL : jsc_value_to_json(value, 0);
    call_finish(queued, 1, json);
    g_free(json);
    g_object_unref(value);
}

static void evaluate_on_gtk(void *data) {
    call *queued = data;
    // The source's completion value, as `Runtime.evaluate` gives it: an indirect eval runs it as a global
    // script; the async function awaits a promise.
    GVariantDict arguments;
    g_variant_dict_init(&arguments, NULL);
    g_variant_dict_insert(&arguments, "source", "s", queued->text);
    webkit_web_view_call_async_javascript_function(queued->view->web_view, "return await (0, eval)(source);", -1,
                                                   g_variant_dict_end(&arguments), NULL, NULL, NULL, evaluated, queued);
}

void permit_wk_evaluate(permit_wk_view *view, const char *source, permit_wk_done done, void *token) {
    call *queued = call_new(view, source, token);
    queued->done = done;
    permit_wk_invoke(evaluate_on_gtk, queued);
}

// MARK: - Load, termination, snapshot

static void load_on_gtk(void *data) {
    call *queued = data;
    webkit_web_view_load_uri(queued->view->web_view, queued->text);
    call_finish(queued, 1, NULL);
}

void permit_wk_load(permit_wk_view *view, const char *uri, permit_wk_done done, void *token) {
    call *queued = call_new(view, uri, token);
    queued->done = done;
    permit_wk_invoke(load_on_gtk, queued);
}

static void main_document_status_on_gtk(void *data) {
    call *queued = data;
    WebKitWebResource *resource = webkit_web_view_get_main_resource(queued->view->web_view);
    WebKitURIResponse *response = resource ? webkit_web_resource_get_response(resource) : NULL;
    guint status = response ? webkit_uri_response_get_status_code(response) : 0;
    char text[16];
    g_snprintf(text, sizeof text, "%u", status);
    call_finish(queued, 1, status ? text : NULL);
}

void permit_wk_main_document_status(permit_wk_view *view, permit_wk_done done, void *token) {
    call *queued = call_new(view, NULL, token);
    queued->done = done;
    permit_wk_invoke(main_document_status_on_gtk, queued);
}

static void terminate_on_gtk(void *data) {
    call *queued = data;
    webkit_web_view_terminate_web_process(queued->view->web_view);
    call_finish(queued, 1, NULL);
}

void permit_wk_terminate_web_process(permit_wk_view *view, permit_wk_done done, void *token) {
    call *queued = call_new(view, NULL, token);
    queued->done = done;
    permit_wk_invoke(terminate_on_gtk, queued);
}

static void snapshotted(GObject *source, GAsyncResult *result, gpointer data) {
    call *queued = data;
    GError *error = NULL;
    GdkTexture *texture = webkit_web_view_get_snapshot_finish(WEBKIT_WEB_VIEW(source), result, &error);
    if (!texture) {
        queued->png_done(queued->token, NULL, 0, error ? error->message : "no snapshot");
        g_clear_error(&error);
    } else {
        GBytes *png = gdk_texture_save_to_png_bytes(texture);
        gsize length = 0;
        const guint8 *bytes = g_bytes_get_data(png, &length);
        queued->png_done(queued->token, bytes, length, NULL);
        g_bytes_unref(png);
        g_object_unref(texture);
    }
    call_free(queued);
}

static void snapshot_on_gtk(void *data) {
    call *queued = data;
    webkit_web_view_get_snapshot(queued->view->web_view, WEBKIT_SNAPSHOT_REGION_VISIBLE, WEBKIT_SNAPSHOT_OPTIONS_NONE,
                                 NULL, snapshotted, queued);
}

void permit_wk_snapshot(permit_wk_view *view, permit_wk_png_done done, void *token) {
    call *queued = call_new(view, NULL, token);
    queued->png_done = done;
    permit_wk_invoke(snapshot_on_gtk, queued);
}

// MARK: - Cookies

static void cookie_added(GObject *source, GAsyncResult *result, gpointer data) {
    call *queued = data;
    GError *error = NULL;
    gboolean ok = webkit_cookie_manager_add_cookie_finish(WEBKIT_COOKIE_MANAGER(source), result, &error);
    call_finish(queued, ok, ok ? NULL : (error ? error->message : "the cookie was refused"));
    g_clear_error(&error);
}

static void set_cookie_on_gtk(void *data) {
    call *queued = data;
    permit_wk_cookie *cookie = &queued->cookie;
    // libsoup marks a domain cookie with a leading dot; a host-only cookie has none.
    char *domain = cookie->host_only ? g_strdup(queued->domain) : g_strconcat(".", queued->domain, NULL);
    SoupCookie *made = soup_cookie_new(queued->name, queued->text, domain, queued->path, -1);
    g_free(domain);
    if (cookie->expires >= 0) {
        GDateTime *expires = g_date_time_new_from_unix_utc((gint64)cookie->expires);
        soup_cookie_set_expires(made, expires);
        g_date_time_unref(expires);
    }
    soup_cookie_set_secure(made, cookie->secure);
    soup_cookie_set_http_only(made, cookie->http_only);
    soup_cookie_set_same_site_policy(made, cookie->same_site == 2   ? SOUP_SAME_SITE_POLICY_STRICT
                                           : cookie->same_site == 1 ? SOUP_SAME_SITE_POLICY_LAX
                                                                    : SOUP_SAME_SITE_POLICY_NONE);
    webkit_cookie_manager_add_cookie(queued->view->cookies, made, NULL, cookie_added, queued);
    soup_cookie_free(made);
}

void permit_wk_set_cookie(permit_wk_view *view, permit_wk_cookie cookie, permit_wk_done done, void *token) {
    call *queued = call_new(view, cookie.value, token);
    queued->name = g_strdup(cookie.name);
    queued->domain = g_strdup(cookie.domain);
    queued->path = g_strdup(cookie.path);
    queued->cookie = cookie;
    queued->done = done;
    permit_wk_invoke(set_cookie_on_gtk, queued);
}

static void cookies_read(GObject *source, GAsyncResult *result, gpointer data) {
    call *queued = data;
    GError *error = NULL;
    GList *list = webkit_cookie_manager_get_all_cookies_finish(WEBKIT_COOKIE_MANAGER(source), result, &error);
    if (error) {
        queued->cookies_done(queued->token, NULL, 0, error->message);
        g_clear_error(&error);
        call_free(queued);
        return;
    }
    guint count = g_list_length(list);
    permit_wk_cookie *cookies = g_new0(permit_wk_cookie, count ? count : 1);
    guint n = 0;
    for (GList *item = list; item; item = item->next, n++) {
        SoupCookie *cookie = item->data;
        const char *domain = soup_cookie_get_domain(cookie);
        GDateTime *expires = soup_cookie_get_expires(cookie);
        SoupSameSitePolicy same_site = soup_cookie_get_same_site_policy(cookie);
        cookies[n] = (permit_wk_cookie){
            .name = soup_cookie_get_name(cookie),
            .value = soup_cookie_get_value(cookie),
            .domain = domain[0] == '.' ? domain + 1 : domain,
            .path = soup_cookie_get_path(cookie),
            .host_only = domain[0] != '.',
            .expires = expires ? (double)g_date_time_to_unix(expires) : -1,
            .secure = soup_cookie_get_secure(cookie),
            .http_only = soup_cookie_get_http_only(cookie),
            .same_site = same_site == SOUP_SAME_SITE_POLICY_STRICT ? 2 : same_site == SOUP_SAME_SITE_POLICY_LAX ? 1 : 0,
        };
    }
    queued->cookies_done(queued->token, cookies, count, NULL);
    g_free(cookies);
    g_list_free_full(list, (GDestroyNotify)soup_cookie_free);
    call_free(queued);
}

static void all_cookies_on_gtk(void *data) {
    call *queued = data;
    webkit_cookie_manager_get_all_cookies(queued->view->cookies, NULL, cookies_read, queued);
}

void permit_wk_all_cookies(permit_wk_view *view, permit_wk_cookies_done done, void *token) {
    call *queued = call_new(view, NULL, token);
    queued->cookies_done = done;
    permit_wk_invoke(all_cookies_on_gtk, queued);
}

/// Deleting goes through the cookies read: WebKit deletes by name, domain and path, so each match of either
/// scope (host-only or domain) is deleted with the cookie as the store holds it.
static void deleted(GObject *source, GAsyncResult *result, gpointer data) {
    call *queued = data;
    webkit_cookie_manager_delete_cookie_finish(WEBKIT_COOKIE_MANAGER(source), result, NULL);
    if (--queued->failed == 0) call_finish(queued, 1, NULL);
}

static void cookies_read_for_delete(GObject *source, GAsyncResult *result, gpointer data) {
    call *queued = data;
    WebKitCookieManager *manager = WEBKIT_COOKIE_MANAGER(source);
    GList *list = webkit_cookie_manager_get_all_cookies_finish(manager, result, NULL);
    // `failed` counts the deletions under way, plus one held until all are started.
    queued->failed = 1;
    for (GList *item = list; item; item = item->next) {
        SoupCookie *cookie = item->data;
        const char *domain = soup_cookie_get_domain(cookie);
        if (strcmp(soup_cookie_get_name(cookie), queued->name) != 0 || strcmp(soup_cookie_get_path(cookie), queued->path) != 0 ||
            strcmp(domain[0] == '.' ? domain + 1 : domain, queued->domain) != 0)
            continue;
        queued->failed++;
        webkit_cookie_manager_delete_cookie(manager, cookie, NULL, deleted, queued);
    }
    g_list_free_full(list, (GDestroyNotify)soup_cookie_free);
    if (--queued->failed == 0) call_finish(queued, 1, NULL);
}

static void delete_cookie_on_gtk(void *data) {
    call *queued = data;
    webkit_cookie_manager_get_all_cookies(queued->view->cookies, NULL, cookies_read_for_delete, queued);
}

void permit_wk_delete_cookie(permit_wk_view *view, const char *name, const char *domain, const char *path,
                             permit_wk_done done, void *token) {
    call *queued = call_new(view, NULL, token);
    queued->name = g_strdup(name);
    queued->domain = g_strdup(domain);
    queued->path = g_strdup(path);
    queued->done = done;
    permit_wk_invoke(delete_cookie_on_gtk, queued);
}
