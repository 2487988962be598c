// WebKitGTK 6.0 and GTK 4, found through pkg-config (webkitgtk-6.0); only CPermitWebKitGTK includes them.
#include <webkit/webkit.h>
