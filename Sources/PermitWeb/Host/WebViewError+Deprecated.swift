// The 1.0 members of the engines' own error types, which WebViewError replaced in 1.1 (see CHANGELOG.md).
extension WebViewError {
    /// The 1.0 name of ``engineUnavailable`` for Chromium.
    @available(*, deprecated, renamed: "engineUnavailable")
    public static let notInstalled = engineUnavailable
    /// The 1.0 name of ``engineUnavailable`` for WebKitGTK.
    @available(*, deprecated, renamed: "engineUnavailable")
    public static let displayUnavailable = engineUnavailable
    /// The 1.0 name of ``webContentTerminated`` for Chromium.
    @available(*, deprecated, renamed: "webContentTerminated")
    public static let disconnected = webContentTerminated
    /// The 1.0 name of ``engineRefused`` for Chromium.
    @available(*, deprecated, renamed: "engineRefused")
    public static let protocolError = engineRefused
    /// The 1.0 name of ``timedOut`` for a page load in `WKWebView`.
    @available(*, deprecated, renamed: "timedOut")
    public static let loadTimedOut = timedOut
    /// The 1.0 name of ``timedOut`` for `WKHTTPCookieStore`.
    @available(*, deprecated, renamed: "timedOut")
    public static let cookieStoreTimedOut = timedOut
    /// The 1.0 name of ``cookieRefused`` for the fake host's failing writes.
    @available(*, deprecated, renamed: "cookieRefused")
    public static let cookieWriteFailed = cookieRefused
    /// The 1.0 name of ``cookieRefused`` for the fake host's failing deletions.
    @available(*, deprecated, renamed: "cookieRefused")
    public static let cookieDeleteFailed = cookieRefused
}
