package import Foundation
package import Logging
package import Permit
package import PermitTesting
package import PermitWebTesting
package import PermitWeb

/// A simulated hybrid app: a permission center on a simulated device, its bridge in the stage's web view,
/// the permission cookies mirrored into the web view and the push token kept there as a cookie.
///
/// One app is one install: its store lives in its own folder. Each launch is one process of the app, with a
/// new center over the same store, a new bridge, a new cookie sync and a new token manager, and then the page
/// loaded, as a hybrid app does at launch. When iOS terminates the app (a privacy switch turned in Settings),
/// the process's pieces are taken down; ``foreground()`` then launches the app again from cold.
///
/// A scenario that makes its own center attaches it with ``attach(center:policy:)`` instead of launching.
///
/// The processes run in ``run()``, which the code that drives the app runs beside it:
///
/// ```swift
/// await app.running {
///     try? await app.launch()
///     // ... drive the app ...
/// }
/// ```
package actor HybridApp {
    /// What the app is and where its page lives.
    package struct Configuration: Sendable {
        /// The page the app loads at launch.
        package var pageURL: URL
        /// The bridge's names and the origins allowed to use it.
        package var bridge: BridgeConfiguration
        /// The kinds the app tracks.
        package var kinds: [PermissionKind]
        /// The app's declarations: with one, page requests go through a prompt policy that shows primers.
        package var manifest: PermissionManifest?
        /// Whether the `p_…` permission cookies are mirrored into the web view.
        package var mirrorsPermissionCookies = true

        /// The host cookies are written for: the page's, or `localhost` for a page on an IPv6 address (such
        /// as `[::1]`), which Permit's cookie model does not take as a cookie domain.
        package var siteHost: String {
            guard let host = pageURL.host, !host.contains(":") else { return "localhost" }
            return host
        }

        /// Creates a configuration.
        package init(
            pageURL: URL, bridge: BridgeConfiguration, kinds: [PermissionKind] = PermissionKind.legacyCookieKinds,
            manifest: PermissionManifest? = nil, mirrorsPermissionCookies: Bool = true
        ) {
            self.pageURL = pageURL
            self.bridge = bridge
            self.kinds = kinds
            self.manifest = manifest
            self.mirrorsPermissionCookies = mirrorsPermissionCookies
        }
    }

    /// One process of the app: its center and policy, wired to the web view by a `HybridShell`, which ``run()``
    /// runs, with the center's changes reported, until the process is stopped.
    struct Process {
        var policy: PromptPolicy?
        var shell: HybridShell
        /// Ends the process.
        var stop: AsyncStream<Void>.Continuation
        /// Finishes once the process has ended.
        var ended: AsyncStream<Void>
    }

    package nonisolated let configuration: Configuration
    /// The simulated OS.
    package let device: SimulatedDevice
    /// The location the bridge reports.
    package let location: SimulatedLocation
    /// The haptic engine the bridge plays.
    package let haptics = RecordingHaptics()
    /// The push service.
    package let pushTokens: SimulatedPushTokenProvider
    /// The stage's web view, as the app's pieces see it: with the bridge's traffic reported.
    let host: any WebViewHost
    /// The stage's web view itself, for what a person does in it (``tap(_:)``).
    let webView: any DemoWebView
    private let storeURL: URL
    /// Whether the app's cookies are `Secure`: always over https; over plain HTTP on loopback only where the
    /// engine sends such cookies there.
    private let secureCookies: Bool
    let logger: Logger
    let emit: @Sendable (AppEvent) -> Void
    private(set) var process: Process?
    /// The processes launched, for ``run()`` to run.
    private let launches: (stream: AsyncStream<@Sendable () async -> Void>, continuation: AsyncStream<@Sendable () async -> Void>.Continuation)
    /// Whether ``run()`` is running.
    private var isRunningProcesses = false
    /// How many primers the app showed.
    package private(set) var primersShown = 0
    /// How many times the page opened Settings.
    package private(set) var settingsOpened = 0
    /// How many offers of Settings the app showed.
    package private(set) var settingsOffersShown = 0
    /// The returns from Settings the app noted, by id: a center reports each once, a later attach of the same
    /// center again.
    private var notedReturns: Set<UUID> = []
    /// The person's choices at the next offers of Settings, oldest first (`offer open|notnow`).
    private var offerChoices: [SettingsOfferChoice] = []
    /// The demo app's name, as its offers of Settings say it.
    static let appName = "Permit demo"
    /// The `UserDefaults` suite standing in for the app's `UserDefaults.standard`, where the shell keeps the
    /// seed's `p_…` keys and `FCM_Token_Backup` current: one per install, removed when ``run()`` ends.
    package nonisolated let defaultsSuite = "permit.demo.\(UUID().uuidString)"

    /// Creates an app; nothing runs until ``launch()`` or ``attach(center:policy:)``, which need ``run()``
    /// running (``running(_:)``).
    ///
    /// - Parameters:
    ///   - stage: The web view and server the app uses.
    ///   - configuration: The page, the bridge, the kinds and the policy.
    ///   - device: The simulated OS.
    ///   - folder: The app's container: its permission store goes here.
    ///   - logger: Passed to every piece of Permit.
    ///   - emit: Receives the bridge's traffic, changes and what the app does.
    package init(
        stage: DemoStage, configuration: Configuration, device: SimulatedDevice = SimulatedDevice(), folder: URL,
        logger: Logger, emit: @escaping @Sendable (AppEvent) -> Void
    ) {
        self.configuration = configuration
        self.device = device
        self.location = SimulatedLocation(
            fix: LocationFix(latitude: 52.5200, longitude: 13.4050, accuracy: 5, timestamp: Date()))
        self.pushTokens = SimulatedPushTokenProvider()
        self.host = TracingWebViewHost(stage.webView, emit: emit)
        self.webView = stage.webView
        self.storeURL = folder.appendingPathComponent("permissions.json")
        self.secureCookies = configuration.pageURL.scheme == "https" || stage.engine.sendsSecureCookiesToLoopbackHTTP
        self.logger = HeldRequestNotes.beside(logger, emit: emit)
        self.emit = emit
        launches = AsyncStream.makeStream(of: (@Sendable () async -> Void).self)
    }

    /// Runs the app's processes until the calling task is cancelled: each launch (or attach) starts one here,
    /// and it runs until the app is terminated or shut down. A launch waits for it (a process launched before it
    /// runs starts when it does): run it once, for as long as the app is used, beside the code that drives the
    /// app (``running(_:)`` does both).
    package func run() async {
        precondition(!isRunningProcesses, "HybridApp.run() runs once at a time")
        isRunningProcesses = true
        defer {
            isRunningProcesses = false
            // The install is gone with the run: its UserDefaults suite goes too, as deleting the app removes it.
            removeDefaults()
        }
        await withDiscardingTaskGroup { group in
            for await process in launches.stream { group.addTask(operation: process) }
        }
    }

    /// Runs `body` with the app's ``run()`` beside it, then shuts the app down and ends the run.
    package func running<Result: Sendable>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async -> Result
    ) async -> Result {
        await withDiscardingTaskGroup { group in
            group.addTask { await self.run() }
            let result = await body()
            await self.shutDown()
            group.cancelAll()
            return result
        }
    }

    /// The center of the running process.
    package var center: PermissionCenter? { process?.shell.center }
    /// The prompt policy of the running process, when the app has a manifest.
    package var policy: PromptPolicy? { process?.policy }
    /// The push-token manager of the running process.
    package var tokenManager: PushTokenCookieManager? { process?.shell.pushTokens }

    /// The app's handler of a received notification: a Web Push message goes to the page's `push` event.
    /// Returns whether the page got it.
    package func receivedPush(data: [String: String]) async -> Bool {
        guard let bridge = process?.shell.bridge else { return false }
        return await bridge.receivedPush(data: data)
    }

    /// The app's handler of a tapped notification: a Web Push notification's URL opens in the web view.
    package func openedNotification(data: [String: String]) async -> Bool {
        guard let bridge = process?.shell.bridge else { return false }
        return await bridge.openedNotification(data: data)
    }
    /// Whether a process of the app is running.
    package var isRunning: Bool { process != nil }

    // MARK: - Processes

    /// Starts the app as tapping its icon does: the device launches it, a center starts over the app's store,
    /// the bridge, cookies and token manager are attached and the page is loaded.
    package func launch() async throws {
        await device.launchApp()
        let store = FilePermissionStore(url: storeURL, logger: logger)
        let center = PermissionCenter(
            kinds: configuration.kinds, authority: PromptFailureNotes(device: device, emit: emit),
            storage: PermitStorage(store: store, logger: logger), logger: logger)
        await device.attachLifecycleObserver { event in await center.handle(event) }
        // Subscribed before the start, so that the launch's own changes (made in Settings while the app was
        // not running) are reported too.
        let changes = center.changes()
        await center.start()
        // The shell ends the policy's startup once the page has loaded, as in any app that keeps the default.
        let policy = configuration.manifest.map { PromptPolicy(manifest: $0, center: center, logger: logger) }
        emit(.note("launched (launch \(await device.launchCount)): \(await statusLine(center))"))
        try await attach(center: center, policy: policy, changes: changes)
    }

    /// Connects a running center (and its policy) to the web view: the bridge, the permission cookies, the
    /// push-token cookie; then loads the page. A process already attached is taken down first.
    package func attach(center: PermissionCenter, policy: PromptPolicy?) async throws {
        try await attach(center: center, policy: policy, changes: center.changes())
    }

    private func attach(center: PermissionCenter, policy: PromptPolicy?, changes: PermissionChanges) async throws {
        await shutDown()
        let emit = emit
        let returns = center.settingsReturns()
        let shell = HybridShell(
            configuration: HybridShell.Configuration(
                pageURL: configuration.pageURL, bridge: configuration.bridge, siteHost: configuration.siteHost,
                permissionCookies: configuration.mirrorsPermissionCookies
                    ? CookieAttributes(domain: configuration.siteHost, isSecure: secureCookies) : nil,
                pushToken: PushTokenCookieConfiguration(domain: configuration.siteHost, isSecure: secureCookies),
                keepsSeedKeys: true, notificationSettingCookies: configuration.mirrorsPermissionCookies),
            policy: policy ?? .askingAtUse(for: center, logger: logger), webView: host, location: location,
            haptics: haptics, primers: DemoPrimers(app: self), settingsOffers: DemoSettingsOffers(app: self),
            settings: DemoSettings(app: self), pushTokens: pushTokens,
            importingLegacyBackupFrom: UserDefaults(suiteName: defaultsSuite), logger: logger)
        let (started, outcome) = AsyncStream.makeStream(of: Result<Void, any Error>.self)
        let (stopped, stop) = AsyncStream.makeStream(of: Void.self)
        let (ended, end) = AsyncStream.makeStream(of: Void.self)
        // One process of the simulated app, run by run(): the demo's commands start it and end it (iOS
        // terminating the app ends it).
        launches.continuation.yield {
            await withDiscardingTaskGroup { group in
                group.addTask { for await change in changes { emit(.change(change)) } }
                group.addTask { for await back in returns { await self.note(back) } }
                // The shell runs until it fails or the process is stopped, whichever comes first.
                await withTaskGroup(of: Void.self) { process in
                    process.addTask { for await _ in stopped { return } }
                    process.addTask {
                        do {
                            try await shell.run(onLoaded: { outcome.yield(.success(())) })
                        } catch {
                            outcome.yield(.failure(error))
                        }
                        outcome.finish()
                    }
                    _ = await process.next()
                    process.cancelAll()
                }
                group.cancelAll()
            }
            end.finish()
        }
        process = Process(policy: policy, shell: shell, stop: stop, ended: ended)
        for await result in started {
            try result.get()
            return
        }
    }

    /// Takes the running process's pieces out of the web view, as the process ending does; the page stays
    /// on screen without a bridge that answers, and the cookies stay in the web view.
    package func shutDown() async {
        guard let process else { return }
        self.process = nil
        process.stop.finish()
        for await _ in process.ended {}
    }

    /// The user swipes the app away and opens it again.
    package func relaunch() async throws {
        await device.terminateApp()
        await shutDown()
        emit(.note("the app was terminated; launching it again"))
        try await launch()
    }

    // MARK: - UserDefaults

    /// The string the app's `UserDefaults` holds under `key`, as the app's own code from before Permit reads it.
    package nonisolated func userDefault(_ key: String) -> String? {
        UserDefaults(suiteName: defaultsSuite)?.string(forKey: key)
    }

    /// Removes the install's `UserDefaults` suite, as deleting the app does.
    private nonisolated func removeDefaults() {
        UserDefaults(suiteName: defaultsSuite)?.removePersistentDomain(forName: defaultsSuite)
    }

    // MARK: - Settings

    /// Notes the person's return from Settings, once.
    private func note(_ back: SettingsReturn) {
        guard notedReturns.insert(back.id).inserted else { return }
        let intent = [back.intent.feature.map { "feature \($0)" }, back.intent.payload.map { "payload \($0)" }]
            .compactMap(\.self).joined(separator: ", ")
        emit(.note("back from Settings: \(back)" + (intent.isEmpty ? "" : "; the intent: \(intent)")))
    }

    /// The page asked to open Settings: the simulated Settings app opens on the app's page, and the app goes
    /// to the background, where the user can turn a switch (`grant KIND`, `deny KIND`) and come back.
    func openSettings() async -> Bool {
        settingsOpened += 1
        emit(.note("Settings opened on the app's page; turn a switch (grant KIND | deny KIND), then foreground"))
        await background()
        return true
    }

    /// Scripts the person's choice at the next offer of Settings; with none scripted, they tap Not now.
    package func answerNextSettingsOffer(with choice: SettingsOfferChoice) { offerChoices.append(choice) }

    /// The app offered Settings after the person's tap met a denial: the offer is noted in the transcript, and
    /// the person makes the scripted choice.
    func settingsOfferShown(_ offer: SettingsOffer) -> SettingsOfferChoice {
        settingsOffersShown += 1
        let texts = offer.texts(appName: Self.appName)
        let scripted = offerChoices.isEmpty ? nil : offerChoices.removeFirst()
        let choice = scripted ?? .notNow
        let label = choice == .openSettings ? texts.openSettingsLabel : texts.notNowLabel
        emit(.note(
            "Settings offer: \"\(texts.title)\", \"\(texts.message)\" [\(texts.openSettingsLabel)] [\(texts.notNowLabel)]; "
                + (scripted == nil ? "no choice scripted (offer open|notnow), so " : "") + "the person taps \(label)"))
        return choice
    }

    // MARK: - Primers

    /// The user reads a primer the policy showed for a page's request and taps its only button.
    func primerShown(_ primer: Primer) {
        primersShown += 1
        emit(.note("primer for \(primer.kind): \"\(primer.message)\" [\(primer.continueLabel)]; the user taps \(primer.continueLabel)"))
    }

    private func statusLine(_ center: PermissionCenter) async -> String {
        await center.states().map { "\($0.kind)=\($0.status)" }.joined(separator: " ")
    }
}
