// A person's click: real X11 input through the XTest extension, which the X server delivers as it delivers a
// mouse's, so that GTK and WebKit see it as the person's (trusted events, with user activation).
#include "internal.h"

#include <dlfcn.h>
#include <gdk/x11/gdkx.h>

typedef Bool (*xtest_query_extension)(Display *display, int *event_base, int *error_base, int *major, int *minor);
typedef int (*xtest_fake_motion)(Display *display, int screen, int x, int y, unsigned long delay);
typedef int (*xtest_fake_button)(Display *display, unsigned int button, Bool is_press, unsigned long delay);

/// XTest's calls, looked up in libXtst at the first click (touched only on the GTK thread). The library is
/// loaded at run time, so that building needs no XTest headers; Debian's libxtst6 provides it. The handle is
/// kept for the process's life.
static xtest_query_extension query_extension;
static xtest_fake_motion fake_motion;
static xtest_fake_button fake_button;
static gboolean looked_up;

static const char *look_up_xtest(Display *xdisplay) {
    if (!looked_up) {
        looked_up = TRUE;
        void *library = dlopen("libXtst.so.6", RTLD_NOW | RTLD_LOCAL);
        if (library) {
            query_extension = (xtest_query_extension)dlsym(library, "XTestQueryExtension");
            fake_motion = (xtest_fake_motion)dlsym(library, "XTestFakeMotionEvent");
            fake_button = (xtest_fake_button)dlsym(library, "XTestFakeButtonEvent");
        }
    }
    if (!query_extension || !fake_motion || !fake_button) {
        return "the XTest library libXtst.so.6 (Debian's libxtst6) cannot be loaded";
    }
    int event_base = 0, error_base = 0, major = 0, minor = 0;
    if (!query_extension(xdisplay, &event_base, &error_base, &major, &minor)) {
        return "the X server has no XTest extension";
    }
    return NULL;
}

/// Moves the pointer to (x, y) of the web view, in its CSS pixels at a zoom of 1, and clicks the first button;
/// NULL when the X server has the events, else why not.
static const char *click_now(permit_wk_view *view, double x, double y) {
    GtkWidget *widget = GTK_WIDGET(view->web_view);
    GtkNative *native = gtk_widget_get_native(widget);
    if (!native) return "the web view is not in a window";
    GdkSurface *surface = gtk_native_get_surface(native);
    if (!surface) return "the web view's window is not shown";
    GdkDisplay *display = gdk_surface_get_display(surface);
    if (!GDK_IS_X11_DISPLAY(display)) return "clicks need GDK's X11 backend (the host's Xvfb)";
    graphene_point_t in_view = GRAPHENE_POINT_INIT((float)x, (float)y), in_window;
    if (!gtk_widget_compute_point(widget, GTK_WIDGET(native), &in_view, &in_window)) {
        return "the web view has no place in its window";
    }
    // The window's widgets are drawn at an offset in its surface (its shadow, where it has one).
    double offset_x = 0, offset_y = 0;
    gtk_native_get_surface_transform(native, &offset_x, &offset_y);
    Display *xdisplay = gdk_x11_display_get_xdisplay(display);
    const char *missing = look_up_xtest(xdisplay);
    if (missing) return missing;
    // X coordinates are device pixels: the surface's scale (1 under Xvfb) turns the widget's into them.
    int scale = gdk_surface_get_scale_factor(surface);
    Window window = gdk_x11_surface_get_xid(surface), root = DefaultRootWindow(xdisplay), child = 0;
    int root_x = 0, root_y = 0;
    if (!XTranslateCoordinates(xdisplay, window, root, (int)((in_window.x + offset_x) * scale),
                               (int)((in_window.y + offset_y) * scale), &root_x, &root_y, &child)) {
        return "the window is not on the X screen";
    }
    // An X error (a window gone meanwhile) is reported here instead of reaching GDK's handler.
    gdk_x11_display_error_trap_push(display);
    // The process's web views share one display, their windows stacked at its corner with no window manager:
    // raised first, on the same connection, so that the X server delivers the click to this one.
    XRaiseWindow(xdisplay, window);
    fake_motion(xdisplay, -1, root_x, root_y, CurrentTime);
    fake_button(xdisplay, 1, True, CurrentTime);
    fake_button(xdisplay, 1, False, CurrentTime);
    XSync(xdisplay, False);
    if (gdk_x11_display_error_trap_pop(display) != 0) return "the X server refused the click";
    return NULL;
}

typedef struct {
    permit_wk_view *view;
    double x, y;
    permit_wk_done done;
    void *token;
} click_call;

static void click_on_gtk(void *data) {
    click_call *queued = data;
    const char *failure = click_now(queued->view, queued->x, queued->y);
    queued->done(queued->token, failure == NULL, failure);
    g_free(queued);
}

void permit_wk_click(permit_wk_view *view, double x, double y, permit_wk_done done, void *token) {
    click_call *queued = g_new0(click_call, 1);
    queued->view = view;
    queued->x = x;
    queued->y = y;
    queued->done = done;
    queued->token = token;
    permit_wk_invoke(click_on_gtk, queued);
}
