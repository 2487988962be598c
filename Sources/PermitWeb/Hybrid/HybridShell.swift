public import Foundation
public import Logging
public import Permit
import PermitSupport

/// The native shell of a hybrid app: one web view wired to Permit, in the order that works.
///
/// A shell owns the pieces a web view needs for one launch of the app: the ``WebBridge`` (the page's
/// permission API), the ``CookieSync`` (the cookies Permit keeps in the web view) and, given a push service,
/// the ``PushTokenCookieManager``. ``run(onLoaded:)`` wires them in this order, which every hybrid app needs
/// and none should have to rediscover:
///
/// 1. the bridge subscribes to the center's changes, then starts the center (so that the changes found at
///    launch, made in Settings while the app was not running, reach the page) and installs its script;
/// 2. the permission cookies, when mirrored, and the push token's cookie are set from what is saved;
/// 3. the cookie store is synchronized, and the sync follows the web view's events from then on, repairing
///    cookies after every page load and restart;
/// 4. the app's page loads, and finds its statuses and cookies already there;
/// 5. the policy's startup ends (`PromptPolicy.finishStartup()`), unless the configuration leaves that to the
///    app: from then on the page's own requests for lazy permissions may prompt.
///
/// Then the pieces run, in one task group, until the task running the shell is cancelled: that takes them out
/// of the web view (the bridge's script and handler go, the cookies stay), as the app's process ending does.
///
/// One shell serves one launch: it holds the center of this process. Make a new one at every launch, over the
/// same web view if it survived.
///
/// For example, in a SwiftUI view:
///
/// ```swift
/// let shell = HybridShell(
///     configuration: HybridShell.Configuration(
///         pageURL: URL(string: "https://app.example.com/")!,
///         bridge: BridgeConfiguration(allowedOrigins: [try WebOrigin("https://app.example.com")]),
///         pushToken: PushTokenCookieConfiguration(domain: "app.example.com")),
///     policy: policy, webView: webView, location: location, haptics: haptics, primers: primers,
///     settings: appSettings, pushTokens: firebaseTokens, logger: logger)
/// WebViewRepresentable(webView)
///     .task { try? await shell.run() }   // wires, loads the page, and runs until the view goes
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
        /// Whether the shell ends the policy's startup once the page has loaded. Default: `true`.
        ///
        /// Until startup ends, the policy holds back the app's own requests for lazy permissions (a person's
        /// tap is never held back). Set it to `false` when the app has launch work of its own after the page
        /// loads (a sign-in, an onboarding), and call `PromptPolicy.finishStartup()` when that is done.
        public var finishesStartupAtLoad: Bool

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
        ///   - finishesStartupAtLoad: Whether the shell ends the policy's startup once the page has loaded;
        ///     `false` leaves it to the app's call of `PromptPolicy.finishStartup()`.
        public init(
            pageURL: URL, bridge: BridgeConfiguration, siteHost: String? = nil,
            permissionCookies: CookieAttributes? = nil, pushToken: PushTokenCookieConfiguration? = nil,
            finishesStartupAtLoad: Bool = true
        ) {
            let host = siteHost ?? pageURL.host ?? "localhost"
            self.pageURL = pageURL
            self.bridge = bridge
            self.siteHost = host
            self.permissionCookies = permissionCookies
            self.pushToken = pushToken ?? PushTokenCookieConfiguration(domain: host, isSecure: pageURL.scheme == "https")
            self.finishesStartupAtLoad = finishesStartupAtLoad
        }
    }

    /// What the shell loads and which cookies it keeps.
    public nonisolated let configuration: Configuration
    /// The policy the page's requests go through.
    public nonisolated let policy: PromptPolicy
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
    /// One run at a time: a run started while the last one takes its pieces out waits for it.
    private let runs = SerialGate()

    /// Creates a shell whose page requests go through `policy`; nothing happens until ``run(onLoaded:)``.
    ///
    /// - Parameters:
    ///   - configuration: The page, the bridge and the cookies.
    ///   - policy: The app's prompt policy; its center is the one the page sees, and its storage keeps the
    ///     push token's backup.
    ///   - webView: The app's web view.
    ///   - location: Answers the page's `getCurrentLocation()`.
    ///   - haptics: Plays the page's `hapticFeedback(style)`.
    ///   - primers: Shows a primer the policy decides is due before a page's request reaches the OS.
    ///   - settingsOffers: Offers the way to Settings when the person's tap in the page meets a denied kind, once
    ///     per kind per launch; `nil`, or no `settings`, for no offer.
    ///   - settings: Opens Settings for the page's `openSettings()` and the offer's Open Settings; `nil` makes
    ///     `openSettings()` fail.
    ///   - pushTokens: The push service, or `nil` for no push-token cookie.
    ///   - legacyDefaults: Where a version of the app from before Permit kept its push token's backup
    ///     (`FCM_Token_Backup`), imported when the storage holds none.
    ///   - logger: Passed to every piece.
    public init(
        configuration: Configuration, policy: PromptPolicy, webView: any WebViewHost, location: any LocationProvider,
        haptics: any HapticFeedbackPlayer, primers: (any PrimerPresenter)? = nil,
        settingsOffers: (any SettingsOfferPresenter)? = nil, settings: (any SettingsOpener)? = nil,
        pushTokens: (any PushTokenProvider)? = nil, importingLegacyBackupFrom legacyDefaults: sending UserDefaults? = nil, logger: Logger
    ) {
        self.configuration = configuration
        self.policy = policy
        self.center = policy.center
        self.webView = webView
        self.logger = logger
        bridge = WebBridge(
            policy: policy, configuration: configuration.bridge, location: location, haptics: haptics, primers: primers,
            settingsOffers: settingsOffers, settings: settings, logger: logger)
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
    ///   - settingsOffers: Offers the way to Settings when the person's tap in the page meets a denied kind, once
    ///     per kind per launch; `nil`, or no `settings`, for no offer.
    ///   - settings: Opens Settings for the page's `openSettings()` and the offer's Open Settings; `nil` makes
    ///     `openSettings()` fail.
    ///   - pushTokens: The push service, or `nil` for no push-token cookie.
    ///   - logger: Passed to every piece.
    public init(
        configuration: Configuration, center: PermissionCenter, webView: any WebViewHost,
        location: any LocationProvider, haptics: any HapticFeedbackPlayer,
        settingsOffers: (any SettingsOfferPresenter)? = nil, settings: (any SettingsOpener)? = nil,
        pushTokens: (any PushTokenProvider)? = nil, logger: Logger
    ) {
        self.init(
            configuration: configuration, policy: .askingAtUse(for: center, logger: logger), webView: webView,
            location: location, haptics: haptics, settingsOffers: settingsOffers, settings: settings,
            pushTokens: pushTokens, logger: logger)
    }

    /// Wires the bridge, the cookies and the push token into the web view, in order, loads the page, and keeps
    /// them running until the calling task is cancelled; then takes them out of the web view and returns.
    ///
    /// `onLoaded` is called once the page's `load` event fired and the policy's startup ended (unless
    /// ``Configuration/finishesStartupAtLoad`` is `false`): the moment to show the web view, or for a test to
    /// look at the page. Cancellation takes the pieces out as the app's process ending does: the cookie
    /// sync and the push-token manager stop, and the bridge removes its script and handler. The page stays
    /// on screen with a bridge that no longer answers, and the cookies stay in the web view. A run started
    /// again waits until the last one has taken its pieces out.
    ///
    /// For example, with the page's load awaited:
    ///
    /// ```swift
    /// try await withThrowingDiscardingTaskGroup { group in
    ///     let (loaded, onLoaded) = AsyncStream.makeStream(of: Void.self)
    ///     group.addTask { try await shell.run(onLoaded: { onLoaded.finish() }) }
    ///     for await _ in loaded {}
    ///     print("the page is up")
    ///     group.cancelAll()
    /// }
    /// ```
    ///
    /// - Throws: ``BridgeSetupError`` for a bad bridge configuration, ``CookieError`` for permission-cookie
    ///   attributes that do not suit the site, or the web view's error; the pieces wired so far are taken out
    ///   first.
    public func run(onLoaded: @escaping @Sendable () async -> Void = {}) async throws {
        try await runs.run { try await runInGate(onLoaded: onLoaded) }
    }

    private func runInGate(onLoaded: @escaping @Sendable () async -> Void) async throws {
        let bridge = bridge, cookies = cookies, pushTokens = pushTokens, webView = webView
        try await bridge.install(in: webView)
        // From here on the bridge's run takes it out of the web view, whichever way this ends.
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { await bridge.run() }
            if let attributes = configuration.permissionCookies {
                try await cookies.mirrorPermissionCookies(of: center, attributes: attributes)
            }
            try await pushTokens?.restoreCookie()
            try await cookies.synchronize()
            // Taken before the load, so that the sync validates after it.
            let events = webView.events()
            group.addTask { await cookies.run(following: events) }
            if let pushTokens { group.addTask { await pushTokens.run() } }
            logger.info("hybrid shell wired; loading the page", metadata: ["url": "\(configuration.pageURL)"])
            try await webView.load(configuration.pageURL)
            if configuration.finishesStartupAtLoad { await policy.finishStartup() }
            await onLoaded()
        }
        logger.info("hybrid shell taken out of the web view")
    }
}

// MARK: - The 1.0 lifetime

extension HybridShell {
    /// The 1.0 way to start the shell: ``run(onLoaded:)`` wires and loads the same way, and runs until its task
    /// is cancelled.
    @available(*, unavailable, renamed: "run(onLoaded:)", message: "run it in the app's task (.task { try await shell.run() })")
    public func start() async throws { fatalError("unavailable") }

    /// The 1.0 way to stop the shell: cancel the task running ``run(onLoaded:)``.
    @available(*, unavailable, message: "cancel the task running run(onLoaded:)")
    public func stop() async { fatalError("unavailable") }
}
