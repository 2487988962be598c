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
    /// Keeps the `p_…` keys current in `UserDefaults`, when the configuration keeps the seed's keys.
    private let legacyKeys: LegacyPermissionKeys?
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
    ///     (`FCM_Token_Backup`), imported when the storage holds none; with ``Configuration/keepsSeedKeys``,
    ///     where the `p_…` keys and that backup are kept current (`nil` is then `UserDefaults.standard`).
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
        let seedDefaults = configuration.keepsSeedKeys ? legacyDefaults ?? .standard : legacyDefaults
        legacyKeys = configuration.keepsSeedKeys ? seedDefaults.map { LegacyPermissionKeys(defaults: $0, logger: logger) } : nil
        if let provider = pushTokens {
            var tokens = configuration.pushToken
            tokens.keepsLegacyBackupCurrent = tokens.keepsLegacyBackupCurrent || configuration.keepsSeedKeys
            self.pushTokens = PushTokenCookieManager(
                configuration: tokens, provider: provider, storage: policy.center.storage,
                sync: cookies, importingLegacyBackupFrom: seedDefaults, logger: logger)
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
    ///   - legacyDefaults: Where a version of the app from before Permit kept its push token's backup
    ///     (`FCM_Token_Backup`), imported when the storage holds none; with ``Configuration/keepsSeedKeys``,
    ///     where the `p_…` keys and that backup are kept current (`nil` is then `UserDefaults.standard`).
    ///   - logger: Passed to every piece.
    public init(
        configuration: Configuration, center: PermissionCenter, webView: any WebViewHost,
        location: any LocationProvider, haptics: any HapticFeedbackPlayer,
        settingsOffers: (any SettingsOfferPresenter)? = nil, settings: (any SettingsOpener)? = nil,
        pushTokens: (any PushTokenProvider)? = nil, importingLegacyBackupFrom legacyDefaults: sending UserDefaults? = nil,
        logger: Logger
    ) {
        self.init(
            configuration: configuration, policy: .askingAtUse(for: center, logger: logger), webView: webView,
            location: location, haptics: haptics, settingsOffers: settingsOffers, settings: settings,
            pushTokens: pushTokens, importingLegacyBackupFrom: legacyDefaults, logger: logger)
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
        let bridge = bridge, cookies = cookies, pushTokens = pushTokens, webView = webView, legacyKeys = legacyKeys
        let center = center, logger = logger
        try await bridge.install(in: webView)
        // From here on the bridge's run takes it out of the web view, whichever way this ends.
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { await bridge.run() }
            if let attributes = configuration.permissionCookies {
                try await cookies.mirrorPermissionCookies(
                    of: center, attributes: attributes,
                    includingNotificationSettings: configuration.notificationSettingCookies)
            }
            try await pushTokens?.restoreCookie()
            try await cookies.synchronize()
            // Taken before the load, so that the sync validates after it.
            let events = webView.events()
            group.addTask { await cookies.run(following: events) }
            if let legacyKeys { group.addTask { await legacyKeys.run(following: center) } }
            if let pushTokens {
                group.addTask { await pushTokens.run() }
                if configuration.pushToken.rotationInterval != nil {
                    group.addTask {
                        do { try await pushTokens.rotateIfDue() } catch {
                            logger.warning("push token rotation at launch failed", metadata: ["error": "\(error)"])
                        }
                    }
                }
            }
            logger.info("hybrid shell wired; loading the page", metadata: ["url": "\(configuration.pageURL)"])
            try await webView.load(configuration.pageURL)
            // A page that finds no token cannot register for pushes: ask the push service once, in the background.
            if let pushTokens { group.addTask { await pushTokens.fetchTokenIfMissing() } }
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
