import Foundation
public import Logging
public import Permit
import PermitSupport

/// Connects a web page to the app's permissions: installs the bridge script in a web view, answers the
/// page's calls, and applies every permission change to what the page sees.
///
/// The bridge has two halves. The page half is this actor: it keeps the statuses the page sees, applies each
/// change the center publishes to them (pushing the new statuses to the loaded page, then, without holding up
/// the next change, into a small document-start script that runs after the bridge's own, for the next
/// document), and resets with every new document. The answering half,
/// `BridgeResponder`, keeps no state: it checks each message's frame and origin, decodes it, and carries it
/// out. A page's permission request goes through the app's `PromptPolicy` alone, which shows the declared
/// primer through the app's `PrimerPresenter` and never prompts twice.
///
/// Messages are accepted only from the main frame of an allow-listed origin (scheme, host and port
/// compared), as the web view reports them; anything else is answered with an error and changes nothing.
///
/// Most apps do not make one directly: ``HybridShell`` wires the bridge with the cookie sync and the
/// push-token manager in the right order.
///
/// For example:
///
/// ```swift
/// let bridge = WebBridge(
///     policy: policy, configuration: BridgeConfiguration(allowedOrigins: [try WebOrigin("https://app.example.com")]),
///     location: locationProvider, haptics: haptics, primers: primers, logger: logger)
/// try await bridge.install(in: webView)       // before the page loads
/// try await withThrowingDiscardingTaskGroup { group in
///     group.addTask { await bridge.run() }      // until cancelled; then the bridge leaves the web view
///     try await webView.load(URL(string: "https://app.example.com/")!)
/// }
/// ```
public actor WebBridge {
    private let responder: BridgeResponder
    /// The app's location service, which the page's watches follow.
    nonisolated var locationProvider: any LocationProvider { responder.location }
    var configuration: BridgeConfiguration { responder.configuration }
    var center: PermissionCenter { responder.center }
    var logger: Logger { responder.logger }

    private(set) var host: (any WebViewHost)?
    /// A secret shared with this bridge's scripts: the page cannot forge a push without it.
    let nonce = UUID().uuidString
    /// A second secret, which the bridge's script sends with a call it saw the person's own gesture make: apart
    /// from the nonce, so that a page that found it could still forge no push.
    let gestureKey = UUID().uuidString
    /// The bridge's document-start script, installed once by ``install(in:)`` with the statuses of then.
    private var scriptID: UserScriptID?
    /// The small document-start script that runs after it with the statuses of each later change; `nil` until
    /// the first change.
    private var statusScriptID: UserScriptID?
    /// The statuses the page sees, with the time of what each kind's status was last set from.
    private(set) var current = BridgeStatuses([])
    private var appliedAt: [PermissionKind: Date] = [:]
    /// The statuses a document loaded now starts with: those of the status script, else the bridge script's.
    private var installed: BridgeStatuses?
    /// The statuses the loaded page was last given, by the script it loaded with or by a push.
    private var pushed: BridgeStatuses?
    /// Brings the document-start script up to the latest statuses after a push, without holding up the next
    /// change (see `scheduleInstall()`); `nil` while the script is up to date. A single-flight handle: page
    /// requests and `settled()` await it.
    private var installer: Task<Void, Never>?
    /// What the engine was last told to answer for each of its permissions the app tracks.
    private var engineGrants: [WebEnginePermission: Bool] = [:]
    /// The center's changes from the install on, until ``run()`` follows them.
    private var pendingChanges: PermissionChanges?
    /// The center's returns from Settings from the install on, until ``run()`` follows them.
    private var pendingReturns: SettingsReturns?
    /// The document-start script that gives the return from Settings to documents loaded before the page
    /// dispatched it; `nil` when none waits.
    var settingsReturnScriptID: UserScriptID?
    /// The returns the page dispatched: each reaches the page once, across documents and installs.
    var seenReturnIDs: Set<UUID> = []
    /// The notification settings last pushed to the page, so that a change the page cannot see is not pushed.
    var pushedNotificationSettings: JSONValue?
    /// Notification settings to push with the next statuses (WebBridge+NotificationSettings.swift).
    var pendingNotificationSettings: JSONValue?
    /// One page update at a time, in order: the engine, then the page.
    private let updates = SerialGate()
    /// Wakes ``caughtUp(within:)`` at each status recorded.
    let recordings = Occurrences()
    /// The document's stream of location fixes for its watches (WebBridge+Location.swift).
    let locationWatch = LocationWatch()

    /// Creates a bridge whose page requests go through `policy`; call ``install(in:)`` and ``run()`` to
    /// connect it to a web view.
    ///
    /// - Parameters:
    ///   - policy: The app's prompt policy; its center is the one whose state the page sees.
    ///   - configuration: The names the page uses and the origins allowed to use the bridge.
    ///   - location: Answers `getCurrentLocation()` while the location permission is usable.
    ///   - haptics: Plays `hapticFeedback(style)`.
    ///   - primers: Shows a primer the policy decides is due before a page's request reaches the OS.
    ///   - settingsOffers: Offers the way to Settings when the person's own request (a tap in the page) meets a
    ///     denied kind, once per kind per launch (`PromptPolicy/offerSettings(for:presenter:opener:)`); the
    ///     page's promise settles after the person's choice. `nil`, or no `settings`, for no offer.
    ///   - settings: Opens Settings for the page's `openSettings()` and the offer's Open Settings; without one,
    ///     `openSettings()` fails with ``BridgeError/unavailable``.
    ///   - logger: Receives refused messages at `notice` and calls at `debug`.
    public init(
        policy: PromptPolicy, configuration: BridgeConfiguration, location: any LocationProvider,
        haptics: any HapticFeedbackPlayer, primers: (any PrimerPresenter)? = nil,
        settingsOffers: (any SettingsOfferPresenter)? = nil, settings: (any SettingsOpener)? = nil, logger: Logger
    ) {
        responder = BridgeResponder(
            policy: policy, primers: primers, settingsOffers: settingsOffers, configuration: configuration,
            location: location, haptics: haptics, settings: settings, logger: logger)
    }

    /// Creates a bridge for an app with no manifest: page requests go through
    /// `PromptPolicy/askingAtUse(for:logger:)`, which asks for any tracked kind at use, never twice and never
    /// after a denial.
    ///
    /// - Parameters:
    ///   - center: The permission center whose state the page sees.
    ///   - configuration: The names the page uses and the origins allowed to use the bridge.
    ///   - location: Answers `getCurrentLocation()` while the location permission is usable.
    ///   - haptics: Plays `hapticFeedback(style)`.
    ///   - settingsOffers: Offers the way to Settings when the person's own request meets a denied kind, once per
    ///     kind per launch; `nil`, or no `settings`, for no offer.
    ///   - settings: Opens Settings for the page's `openSettings()` and the offer's Open Settings; without one,
    ///     `openSettings()` fails with ``BridgeError/unavailable``.
    ///   - logger: Receives refused messages at `notice` and calls at `debug`.
    public init(
        center: PermissionCenter, configuration: BridgeConfiguration, location: any LocationProvider,
        haptics: any HapticFeedbackPlayer, settingsOffers: (any SettingsOfferPresenter)? = nil,
        settings: (any SettingsOpener)? = nil, logger: Logger
    ) {
        self.init(
            policy: .askingAtUse(for: center, logger: logger), configuration: configuration, location: location,
            haptics: haptics, settingsOffers: settingsOffers, settings: settings, logger: logger)
    }

    // MARK: - Installing and running

    /// Installs the bridge in `host`: the document-start script holding the current statuses and the message
    /// handler. Pages loaded from then on have the bridge; ``run()`` then applies every change to them.
    ///
    /// Await it before loading the page. The center is started here, after the bridge subscribed to its
    /// changes, so that the changes found at launch (made in Settings while the app was not running) reach
    /// ``run()`` too.
    ///
    /// - Throws: ``BridgeSetupError`` for a bad configuration, or the host's error when it refused a step.
    public func install(in host: any WebViewHost) async throws {
        try configuration.validate()
        precondition(self.host == nil, "WebBridge.install(in:) called while installed")
        self.host = host
        // Subscribed before the start, so that no change between the read below and run() is missed.
        let changes = center.changes()
        pendingChanges = changes
        pendingReturns = center.settingsReturns()
        await center.start()
        for state in await center.states() { record(state.kind, state.status, at: state.lastCheckedAt) }
        await updateEngine()
        do {
            try await installScript()
            pushed = installed
            try await host.addMessageHandler(named: configuration.messageHandlerName) { [weak self] message in
                guard let self else { return BridgeReply.error(id: nil, .unavailable) }
                return await self.reply(to: message)
            }
        } catch {
            await removeFromWebView()
            throw error
        }
    }

    /// Applies every change the center publishes to the page, and streams location fixes to the page's
    /// `watchPosition` watches, until the calling task is cancelled, then
    /// removes the bridge script and message handler from the web view, and returns. The page loaded then
    /// keeps its bridge objects, but its calls fail from then on, and later documents have none.
    ///
    /// Call it after ``install(in:)``, once at a time; it returns at once when the bridge is not installed.
    /// After it returned, the bridge can be installed again.
    ///
    /// For example, beside the app's other components:
    ///
    /// ```swift
    /// try await bridge.install(in: webView)
    /// try await withThrowingDiscardingTaskGroup { group in
    ///     group.addTask { await bridge.run() }
    ///     try await webView.load(URL(string: "https://app.example.com/")!)
    /// }
    /// ```
    public func run() async {
        guard host != nil, let changes = pendingChanges else { return }
        pendingChanges = nil
        let returns = pendingReturns
        pendingReturns = nil
        await withDiscardingTaskGroup { group in
            group.addTask { await self.followLocation() }
            if let returns {
                group.addTask { for await back in returns { await self.deliver(back) } }
            }
            for await change in changes {
                noteNotificationSettings(of: change)
                await apply(change.kind, change.current, at: change.date)
                // Settings that changed alone (no status the page sees changed) go in an evaluation of their own.
                await pushPendingNotificationSettings()
            }
            group.cancelAll()
        }
        await removeFromWebView()
    }

    /// Waits for the page update and the install under way, then takes the script and handler out of the web
    /// view and forgets what the page was given.
    ///
    /// It runs in a cancelled task when ``run()`` ends: the host's removals complete even then (a requirement
    /// of ``WebViewHost``).
    private func removeFromWebView() async {
        await updates.run {}
        await installer?.value
        pendingChanges = nil
        pendingReturns = nil
        guard let host else { return }
        // From here on nothing is pushed or installed, whatever the page asks meanwhile.
        self.host = nil
        do {
            try await host.removeMessageHandler(named: configuration.messageHandlerName)
            if let statusScriptID { try await host.removeUserScript(statusScriptID) }
            if let settingsReturnScriptID { try await host.removeUserScript(settingsReturnScriptID) }
            if let scriptID { try await host.removeUserScript(scriptID) }
        } catch {
            // Later documents may still get the bridge script (which then answers nothing): worth a warning.
            logger.warning("bridge could not remove itself from the web view", metadata: ["error": "\(error)"])
        }
        scriptID = nil
        statusScriptID = nil
        settingsReturnScriptID = nil
        installed = nil
        pushed = nil
        engineGrants = [:]
    }

    // MARK: - The page's statuses

    /// The statuses the page sees now.
    func statuses() -> BridgeStatuses { current }

    /// Catches the page up with the center after a page request, and returns once the page and the
    /// document-start script show every state: the one the request left, and any change the center published
    /// that has not reached this actor's stream yet (a native request a moment before). The reply goes out
    /// after this, so the page's statuses and its update event come first. Page requests are rare; the
    /// stream's changes are applied one by one, with no read of the center.
    func catchUp() async {
        for state in await center.states() { record(state.kind, state.status, at: state.lastCheckedAt) }
        // Pushed even when the script already holds them: an earlier push may not have reached this document
        // (its handshake's older answer, applied after the push, or a push that failed), and a repeated push
        // changes nothing in the page.
        await updates.run { await updatePage(always: true) }
        await installer?.value
    }

    /// Returns once every change applied so far has reached the loaded page and the document-start scripts: for
    /// tests and benchmarks that load a new document after a change.
    package func settled() async {
        await updates.run {}
        await installer?.value
    }

    /// Applies one kind's status, read or changed at `date`, to what the page sees, and brings the loaded page
    /// and the document-start script up to date. A status older than the one applied last for the kind is
    /// dropped: a request's answer can arrive before the stream's older change.
    private func apply(_ kind: PermissionKind, _ status: PermissionStatus, at date: Date) async {
        guard record(kind, status, at: date) else { return }
        if kind == .location, !status.isUsable { locationWatch.stop() }
        await updates.run { await updatePage() }
    }

    /// Records `status` for `kind` unless a newer one was recorded; returns whether what the page sees changed.
    @discardableResult
    private func record(_ kind: PermissionKind, _ status: PermissionStatus, at date: Date) -> Bool {
        if let last = appliedAt[kind], date < last { return false }
        appliedAt[kind] = date
        defer { recordings.happened() }
        let before = current
        current.set(status, for: kind)
        return current != before
    }

    /// Pushes the statuses to the loaded page, then has the script for the next document brought up to date: a
    /// document that loads in between fetches them in its handshake. Unless `always`, nothing is pushed when the
    /// page was already given them.
    private func updatePage(always: Bool = false) async {
        guard let host else { return }
        let statuses = current
        // A change the page cannot see (a status with the same page string) is not pushed.
        guard always || statuses != pushed else { return }
        await updateEngine()
        // Notification settings that changed with the statuses ride in the same evaluation: one engine command.
        let settings = pendingNotificationSettings
        pendingNotificationSettings = nil
        do {
            try await host.evaluateJavaScript(
                BridgeScript.push(configuration: configuration, statuses: statuses, nonce: nonce)
                    + (settings.map { notificationSettingsScript($0) } ?? ""))
            pushed = statuses
            if let settings { pushedNotificationSettings = settings }
            logger.debug("bridge pushed permission statuses", metadata: ["statuses": "\(statuses.statusesJSON.jsonText)"])
        } catch {
            logger.debug("bridge could not push statuses to the page", metadata: ["error": "\(error)"])
        }
        scheduleInstall()
    }

    /// Starts bringing the document-start scripts up to the latest statuses, unless they hold them or an install
    /// is under way (which installs again if the statuses moved on meanwhile).
    ///
    /// The push does not wait for it: replacing a script takes the engine two commands (on Chromium about
    /// 0.25 ms each), and a change that came meanwhile would wait behind them for its push. Changes that come
    /// while it runs are carried by one more install of the latest statuses, not one each.
    private func scheduleInstall() {
        guard installer == nil, host != nil, current != installed else { return }
        // Task: a single-flight handle; the push goes on without it, and catchUp() and settled() await it.
        installer = Task { await installLatest() }
    }

    private func installLatest() async {
        while host != nil, current != installed {
            do {
                try await installScript()
            } catch {
                // The web view is restarting or closed; the next change schedules an install again.
                logger.debug("bridge could not update its document-start script", metadata: ["error": "\(error)"])
                break
            }
        }
        installer = nil
    }

    /// Tells the engine to grant each of its permissions the app tracks while the native one is usable, and to
    /// refuse it otherwise, so that the engine never prompts and never disagrees with the app. Done before the
    /// page hears of a change, so that a page acting on it finds the engine ready. An origin the engine refuses
    /// (it grants nothing to a context that is not secure) is logged and left as the engine has it.
    private func updateEngine() async {
        guard let host, configuration.answersWebPermissionRequests else { return }
        for (kind, status) in current.statuses.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            guard let permission = WebEnginePermission(kind) else { continue }
            let granted = status == .granted
            guard engineGrants[permission] != granted else { continue }
            for origin in configuration.allowedOrigins.sorted(by: { $0.description < $1.description }) {
                do {
                    try await host.setEnginePermission(permission, granted: granted, for: origin)
                } catch {
                    logger.debug(
                        "the web engine refused a permission setting",
                        metadata: ["permission": "\(permission)", "origin": "\(origin)", "error": "\(error)"])
                }
            }
            engineGrants[permission] = granted
        }
    }

    /// Installs the bridge's script with the current statuses the first time; after that, replaces only the
    /// small status script that follows it, so that a change sends Chromium and WebKitGTK a few hundred bytes
    /// rather than the bridge's tens of kilobytes. (WKWebView removes scripts only all at once, so its host adds
    /// the others again on every removal, the bridge's among them.)
    private func installScript() async throws {
        let statuses = current
        guard let host, statuses != installed else { return }
        guard scriptID != nil else {
            scriptID = try await host.addUserScript(
                BridgeScript.source(configuration: configuration, statuses: statuses, nonce: nonce, gestureKey: gestureKey))
            installed = statuses
            return
        }
        let newID = try await host.addUserScript(BridgeScript.push(configuration: configuration, statuses: statuses, nonce: nonce))
        if let statusScriptID { try await host.removeUserScript(statusScriptID) }
        statusScriptID = newID
        installed = statuses
    }

    // MARK: - Messages

    /// Answers one message from the page. Nonisolated: the responder keeps no state, so a message does not hop
    /// onto this actor to be answered (the page's round trip is one executor switch shorter), and messages are
    /// answered concurrently.
    nonisolated func reply(to message: WebMessage) async -> String {
        await responder.reply(to: message, page: self)
    }
}
