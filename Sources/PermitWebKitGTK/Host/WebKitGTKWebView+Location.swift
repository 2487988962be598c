public import PermitWeb

// MARK: - The engine's geolocation

extension WebKitGTKWebView {
    /// Where WebKit's own geolocation gets its positions, for every web view of the process; `nil` (the
    /// default) makes every engine-level position request fail.
    ///
    /// When a page asks the engine for its position (`navigator.geolocation` where Permit's page script does
    /// not replace it: a page without the bridge, a frame it does not reach, or code that kept the original
    /// `Geolocation.prototype` methods), WebKit's geolocation manager starts, the provider is asked for one
    /// fix, and the page gets its latitude, longitude, accuracy and timestamp (whole seconds). With no
    /// provider, or when it throws, the page gets `POSITION_UNAVAILABLE` with a message saying why. A page
    /// that watches the position gets the fix taken when watching began: the provider gives one fix per call.
    ///
    /// Whether a page may ask at all stays with ``setEnginePermission(_:granted:for:)``: a page denied
    /// geolocation gets `PERMISSION_DENIED` and the provider is not asked.
    ///
    /// It is one setting for the process because WebKit keeps one geolocation manager per web context and
    /// every web view of the process shares one context. It applies from the engine's next request on.
    ///
    /// For example:
    ///
    /// ```swift
    /// WebKitGTKWebView.locationProvider = SimulatedLocation(
    ///     fix: LocationFix(latitude: 48.8566, longitude: 2.3522, accuracy: 7, timestamp: .now))
    /// try await webView.setEnginePermission(.geolocation, granted: true, for: origin)
    /// ```
    public static var locationProvider: (any LocationProvider)? {
        get { GTKGeolocation.shared.provider }
        set { GTKGeolocation.shared.provider = newValue }
    }
}
