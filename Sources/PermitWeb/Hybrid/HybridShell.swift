public import Foundation
public import Logging
public import Permit

/// The native shell of a hybrid app: one web view wired to Permit, in the order that works.
///
/// A shell owns the pieces a web view needs for one launch of the app: the ``WebBridge`` (the page's
/// permission API), the ``CookieSync`` (the cookies Permit keeps in the web view) and, given a push service,
/// the ``PushTokenCookieManager``. ``start()`` wires them in this order, which every hybrid app needs and none
/// should have to rediscover:
///
/// 1. the bridge subscribes to the center's changes, then starts the center (so that the changes found at
///    launch, made in Settings while the app was not running, reach the page) and installs its script;
/// 2. the permission cookies, when mirrored, and the push token's cookie are set from what is saved;
/// 3. the cookie store is synchronized, and the sync follows the web view's events from then on, repairing
///    cookies after every page load and restart;
/// 4. the app's page loads, and finds its statuses and cookies already there.
///
/// One shell serves one launch: it holds the center of this process. Make a new one at every launch, over the
/// same web view if it survived (``stop()`` takes the old one's pieces out of the web view and leaves the
/// cookies in it).
///
/// For example, in a view controller:
///
/// ```swift
/// let shell = HybridShell(
///     configuration: HybridShell.Configuration(
///         pageURL: URL(string: "https://app.example.com/")!,
///         bridge: BridgeConfiguration(allowedOrigins: [try WebOrigin("https://app.example.com")]),
///         pushToken: PushTokenCookieConfiguration(domain: "app.example.com")),
///     policy: policy, webView: webView, location: location, haptics: haptics, primers: primers,
///     settings: appSettings, pushTokens: firebaseTokens, logger: logger)
/// try await shell.start()
/// ```
public actor HybridShell {
    /// What the shell loads and which cookies it keeps.
    public struct Configuration: Sendable {
        /// The page the app loads at launch.
        public var pageURL: URL
        /// The bridge's names and the origins allowed to use it.
        public var bridge: BridgeConfiguration
        /// The host of the app's pages, which every cookie must reach: the page's host unless told otherwise.
        public var siteHost: String
        /// The attributes of the `p_…` permission cookies, or `nil` (the default) to keep permission data on
        /// the device.
        public var permissionCookies: CookieAttributes?
        /// The push token's cookie; used when the shell is given a push service.
        public var pushToken: PushTokenCookieConfiguration

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - pageURL: The page the app loads at launch.
        ///   - bridge: The bridge's names and the origins allowed to use it.
        ///   - siteHost: The host of the app's pages; `nil` takes `pageURL`'s host.
        ///   - permissionCookies: The attributes of the `p_…` cookies, or `nil` to keep them on the device.
        ///   - pushToken: The push token's cookie; `nil` takes the defaults for the site host, with `Secure`
        ///     set only when `pageURL` is `https` (on a plain HTTP site a `Secure` cookie would never
        ///     reach the page or the server).
        public init(
            pageURL: URL, bridge: BridgeConfiguration, siteHost: String? = nil,
            permissionCookies: CookieAttributes? = nil, pushToken: PushTokenCookieConfiguration? = nil
        ) {
            let host = siteHost ?? pageURL.host ?? "localhost"
            self.pageURL = pageURL
            self.bridge = bridge
            self.siteHost = host
            self.permissionCookies = permissionCookies
            self.pushToken = pushToken ?? PushTokenCookieConfiguration(domain: host, isSecure: pageURL.scheme == "https")
        }
    }

    /// What the shell loads and which cookies it keeps.
    public nonisolated let configuration: Configuration
    /// The center whose state the page sees.
    public nonisolated let center: PermissionCenter
    /// The page's bridge.
    public nonisolated let bridge: WebBridge
    /// The web view's cookie sync.
    public nonisolated let cookies: CookieSync
    /// The push token's cookie manager, when the shell was given a push service.
    public nonisolated let pushTokens: PushTokenCookieManager?

    private let webView: any WebViewHost
    private let logger: Logger
    private var isStarted = false

    /// Creates a shell whose page requests go through `policy`; nothing happens until ``start()``.
    ///
    /// - Parameters:
    ///   - configuration: The page, the bridge and the cookies.
    ///   - policy: The app's prompt policy; its center is the one the page sees, and its storage keeps the
    ///     push token's backup.
    ///   - webView: The app's web view.
    ///   - location: Answers the page's `getCurrentLocation()`.
    ///   - haptics: Plays the page's `hapticFeedback(style)`.
    ///   - primers: Shows a primer the policy decides is due before a page's request reaches the OS.
    ///   - settings: Opens Settings for the page's `openSettings()`; `nil` makes that call fail.
    ///   - pushTokens: The push service, or `nil` for no push-token cookie.
    ///   - legacyDefaults: Where a version of the app from before Permit kept its push token's backup
    ///     (`FCM_Token_Backup`), imported when the storage holds none.
    ///   - logger: Passed to every piece.
    public init(
        configuration: Configuration, policy: PromptPolicy, webView: any WebViewHost, location: any LocationProvider,
        haptics: any HapticFeedbackPlayer, primers: (any PrimerPresenter)? = nil,
        settings: (any SettingsOpener)? = nil, pushTokens: (any PushTokenProvider)? = nil,
        importingLegacyBackupFrom legacyDefaults: sending UserDefaults? = nil, logger: Logger
    ) {
        self.configuration = configuration
        self.center = policy.center
        self.webView = webView
        self.logger = logger
        bridge = WebBridge(
            policy: policy, configuration: configuration.bridge, location: location, haptics: haptics, primers: primers,
            settings: settings, logger: logger)
        let cookies = CookieSync(store: webView.cookieStore, siteHost: configuration.siteHost, logger: logger)
        self.cookies = cookies
        if let provider = pushTokens {
            self.pushTokens = PushTokenCookieManager(
                configuration: configuration.pushToken, provider: provider, storage: policy.center.storage,
                sync: cookies, importingLegacyBackupFrom: legacyDefaults, logger: logger)
        } else {
            self.pushTokens = nil
        }
    }

    /// Creates a shell for an app with no manifest: page requests go through
    /// `PromptPolicy/askingAtUse(for:logger:)`.
    ///
    /// - Parameters:
    ///   - configuration: The page, the bridge and the cookies.
    ///   - center: The center the page sees; its storage keeps the push token's backup.
    ///   - webView: The app's web view.
    ///   - location: Answers the page's `getCurrentLocation()`.
    ///   - haptics: Plays the page's `hapticFeedback(style)`.
    ///   - settings: Opens Settings for the page's `openSettings()`; `nil` makes that call fail.
    ///   - pushTokens: The push service, or `nil` for no push-token cookie.
    ///   - logger: Passed to every piece.
    public init(
        configuration: Configuration, center: PermissionCenter, webView: any WebViewHost,
        location: any LocationProvider, haptics: any HapticFeedbackPlayer, settings: (any SettingsOpener)? = nil,
        pushTokens: (any PushTokenProvider)? = nil, logger: Logger
    ) {
        self.init(
            configuration: configuration, policy: .askingAtUse(for: center, logger: logger), webView: webView,
            location: location, haptics: haptics, settings: settings, pushTokens: pushTokens, logger: logger)
    }

    /// Wires the bridge, the cookies and the push token into the web view, in order, then loads the page;
    /// returns once the page's `load` event fired. Calling it again does nothing.
    ///
    /// - Throws: ``BridgeSetupError`` for a bad bridge configuration, ``CookieError`` for permission-cookie
    ///   attributes that do not suit the site, or the web view's error.
    public func start() async throws {
        guard !isStarted else { return }
        isStarted = true
        try await bridge.attach(to: webView)
        if let attributes = configuration.permissionCookies {
            try await cookies.mirrorPermissionCookies(of: center, attributes: attributes)
        }
        try await pushTokens?.start()
        try await cookies.synchronize()
        await cookies.start(following: webView.events())
        logger.info("hybrid shell wired; loading the page", metadata: ["url": "\(configuration.pageURL)"])
        try await webView.load(configuration.pageURL)
    }

    /// Takes the shell's pieces out of the web view, as the app's process ending does: the push-token manager
    /// and the cookie sync stop, and the bridge detaches. The page stays on screen with a bridge that no
    /// longer answers, and the cookies stay in the web view.
    public func stop() async {
        await pushTokens?.stop()
        await cookies.stop()
        await bridge.detach()
        isStarted = false
    }
}
