// A person's click: real X11 input through the XTest extension, which the X server delivers as it delivers a
// mouse's, so that GTK and WebKit see it as the person's (trusted events, with user activation).
#include "internal.h"

#include <dlfcn.h>
#include <gdk/x11/gdkx.h>

typedef int (*xtest_fake_motion)(Display *display, int screen, int x, int y, unsigned long delay);
typedef int (*xtest_fake_button)(Display *display, unsigned int button, Bool is_press, unsigned long delay);

/// XTest's two calls, looked up in libXtst at the first click (touched only on the GTK thread). The library is
/// loaded at run time, so that building needs no XTest headers; Debian's libxtst6 provides it.
static xtest_fake_motion fake_motion;
static xtest_fake_button fake_button;
static gboolean looked_up;

static const char *look_up_xtest(void) {
    if (!looked_up) {
        looked_up = TRUE;
        void *library = dlopen("libXtst.so.6", RTLD_NOW | RTLD_LOCAL);
        if (library) {
            fake_motion = (xtest_fake_motion)dlsym(library, "XTestFakeMotionEvent");
            fake_button = (xtest_fake_button)dlsym(library, "XTestFakeButtonEvent");
        }
    }
    return fake_motion && fake_button ? NULL : "the XTest library libXtst.so.6 (Debian's libxtst6) cannot be loaded";
}

/// Moves the pointer to (x, y) of the web view, in its CSS pixels at a zoom of 1, and clicks the first button;
/// NULL when the X server has the events, else why not.
static const char *click_now(permit_wk_view *view, double x, double y) {
    const char *missing = look_up_xtest();
    if (missing) return missing;
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
    Window window = gdk_x11_surface_get_xid(surface), root = DefaultRootWindow(xdisplay), child = 0;
    int root_x = 0, root_y = 0;
    if (!XTranslateCoordinates(xdisplay, window, root, (int)(in_window.x + offset_x), (int)(in_window.y + offset_y),
                               &root_x, &root_y, &child)) {
        return "the window is not on the X screen";
    }
    // The process's web views share one display, their windows stacked at its corner with no window manager:
    // raised first, on the same connection, so that the X server delivers the click to this one.
    XRaiseWindow(xdisplay, window);
    fake_motion(xdisplay, -1, root_x, root_y, CurrentTime);
    fake_button(xdisplay, 1, True, CurrentTime);
    fake_button(xdisplay, 1, False, CurrentTime);
    XFlush(xdisplay);
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
