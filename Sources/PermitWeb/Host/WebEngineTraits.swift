/// What one web engine does differently from the others, where a page, a cookie or a test can tell: facts of
/// the engine, measured on the engines Permit's tests run (the Engines article tells how), kept by each host type
/// (`ChromiumWebView.traits`, `WebKitGTKWebView.traits`) rather than by the code that depends on them.
///
/// For example, a test of the loopback site that sets a `Secure` cookie:
///
/// ```swift
/// let attributes = CookieAttributes(domain: "localhost", isSecure: traits.sendsSecureCookiesToLoopbackHTTP)
/// ```
public struct WebEngineTraits: Sendable, Hashable {
    /// Whether the engine sends a `Secure` cookie to a page served over plain HTTP from `localhost` (and takes
    /// one from it): Chromium counts `http://localhost` as a secure origin; WebKitGTK's libsoup (3.2, Debian 12)
    /// sends and accepts `Secure` cookies over https only.
    public var sendsSecureCookiesToLoopbackHTTP: Bool
    /// Whether the host can map a made-up host name (`sub.app.test`) to loopback: Chromium takes
    /// `--host-resolver-rules`; WebKitGTK resolves through the system only, so only `localhost` works.
    public var mapsHostNamesToLoopback: Bool
    /// A loopback host the engine does not count as a secure context, for pages that must run without one.
    public var nonSecureLoopbackHost: String
    /// Whether `navigator.permissions.query()` reports a denied camera, microphone or geolocation as `prompt`
    /// until the page's own request has been refused (WebKit); Chromium reports `denied` at once.
    public var reportsCaptureDenialOnlyAfterARefusal: Bool
    /// Whether a document the engine granted capture to keeps it after a later denial, until it is reloaded
    /// (WebKit does not ask again in that document); Chromium applies the denial at once.
    public var keepsACaptureGrantForTheDocument: Bool
    /// Whether `navigator.permissions` and `Notification.permission` follow the host's notification decision
    /// (Chromium); WebKitGTK answers both from its web context's own list, so only the page's request does.
    public var answersNotificationStateFromTheDecision: Bool
    /// Whether the engine refuses a `Notification.requestPermission()` run by script outside a user gesture by
    /// itself, with no permission request reaching the host (WebKitGTK 2.50); Chromium asks the host.
    public var refusesNotificationRequestsWithoutAGesture: Bool
    /// Whether the cookie store reads a cookie set without `SameSite` back as `SameSite=None` (libsoup has no
    /// unspecified `SameSite`); Chromium keeps it unspecified.
    public var readsUnspecifiedSameSiteAsNone: Bool

    /// Creates the traits of an engine.
    public init(
        sendsSecureCookiesToLoopbackHTTP: Bool, mapsHostNamesToLoopback: Bool, nonSecureLoopbackHost: String,
        reportsCaptureDenialOnlyAfterARefusal: Bool, keepsACaptureGrantForTheDocument: Bool,
        answersNotificationStateFromTheDecision: Bool, refusesNotificationRequestsWithoutAGesture: Bool,
        readsUnspecifiedSameSiteAsNone: Bool
    ) {
        self.sendsSecureCookiesToLoopbackHTTP = sendsSecureCookiesToLoopbackHTTP
        self.mapsHostNamesToLoopback = mapsHostNamesToLoopback
        self.nonSecureLoopbackHost = nonSecureLoopbackHost
        self.reportsCaptureDenialOnlyAfterARefusal = reportsCaptureDenialOnlyAfterARefusal
        self.keepsACaptureGrantForTheDocument = keepsACaptureGrantForTheDocument
        self.answersNotificationStateFromTheDecision = answersNotificationStateFromTheDecision
        self.refusesNotificationRequestsWithoutAGesture = refusesNotificationRequestsWithoutAGesture
        self.readsUnspecifiedSameSiteAsNone = readsUnspecifiedSameSiteAsNone
    }

    /// The cookie as this engine's store gives it back after it was written.
    public func stored(_ cookie: Cookie) -> Cookie {
        var stored = cookie
        if readsUnspecifiedSameSiteAsNone, cookie.sameSite == .unspecified { stored.sameSite = .none }
        return stored
    }
}
