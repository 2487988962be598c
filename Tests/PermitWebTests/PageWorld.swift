import Foundation
import Hummingbird
import Logging
import Permit
import PermitPageServer
import PermitTesting
import PermitWeb
import Testing
import PermitSupport

/// A hybrid app with a manifest, in a real web view: location declared with a primer, camera and
/// notifications asked at use, microphone not tracked. Pages are served over loopback from `localhost` (a
/// secure context) and from the engine's ``Engine/nonSecureLoopbackHost`` on the same port (allowed, but not a secure
/// context).
final class PageWorld: Sendable {
    static let manifest = try! PermissionManifest([
        PermissionDeclaration(kind: .location, necessity: .optional, purpose: "Show where you are.", showsPrimer: true),
        PermissionDeclaration(kind: .camera, necessity: .optional, purpose: "Scan a code."),
        PermissionDeclaration(kind: .notifications, necessity: .optional, purpose: "Hear when it arrives."),
    ])

    let device: SimulatedDevice
    let center: PermissionCenter
    let policy: PromptPolicy
    let bridge: WebBridge
    let location = SimulatedLocation(fix: LocationFix(latitude: 48.8566, longitude: 2.3522, accuracy: 7, timestamp: Date(timeIntervalSince1970: 1_700_000_000)))
    let primers: RecordingPrimers
    let settings = RecordingSettings()
    let webView: any WebViewHost
    let server: PageServer
    /// The host of the allowed origin that is not a secure context (``Engine/nonSecureLoopbackHost``).
    let nonSecureHost: String
    let pages: PageTable
    private let closeWebView: @Sendable () async -> Void

    /// Starts a world: `manifest` is the app's (by default ``manifest``); `webPush` gives the page the Push API (and `routes` are the page server's own, such as
    /// the Web Push routes it then subscribes at).
    static func make(
        engine: Engine, pages: [String: String], opensSettings: Bool = true, webPush: WebPushOptions? = nil,
        manifest: PermissionManifest = PageWorld.manifest, configure: @Sendable (SimulatedDevice) async -> Void = { _ in },
        routes: (Router<BasicRequestContext>) -> Void = { _ in }
    ) async throws -> PageWorld {
        let device = SimulatedDevice()
        await configure(device)
        await device.launchApp()
        let table = PageTable(pages)
        let server = try await PageServer.start(logger: quietLogger, configure: routes) { path in table[path].map(PageServer.Page.html) }
        let webView: any EngineWebView
        do {
            webView = try await engine.launch(loopbackHosts: ["localhost", engine.traits.nonSecureLoopbackHost.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))])
        } catch {
            await server.stop()
            throw error
        }
        let center = PermissionCenter(
            kinds: PermissionKind.legacyCookieKinds, authority: device,
            storage: PermitStorage(store: InMemoryPermissionStore(), logger: quietLogger), logger: quietLogger)
        await device.attachLifecycleObserver { event in await center.handle(event) }
        let policy = PromptPolicy(
            manifest: manifest, center: center,
            configuration: PromptPolicy.Configuration(promptBudget: 100, cooldown: .zero), logger: quietLogger)
        await policy.finishStartup()
        let origins: Set<WebOrigin> = [
            try WebOrigin(server.origin), try WebOrigin("http://\(engine.traits.nonSecureLoopbackHost):\(server.port)"),
        ]
        let world = PageWorld(
            device: device, center: center, policy: policy, origins: origins, opensSettings: opensSettings, webPush: webPush,
            webView: webView, close: { await webView.close() }, server: server, pages: table,
            nonSecureHost: engine.traits.nonSecureLoopbackHost)
        try await world.bridge.install(in: webView)
        world.startRunning()
        return world
    }

    private init(
        device: SimulatedDevice, center: PermissionCenter, policy: PromptPolicy, origins: Set<WebOrigin>,
        opensSettings: Bool, webPush: WebPushOptions?, webView: any WebViewHost, close: @escaping @Sendable () async -> Void, server: PageServer,
        pages: PageTable, nonSecureHost: String
    ) {
        self.device = device
        self.center = center
        self.policy = policy
        self.webView = webView
        self.closeWebView = close
        self.server = server
        self.nonSecureHost = nonSecureHost
        self.pages = pages
        let primers = RecordingPrimers(device: device)
        self.primers = primers
        var configuration = BridgeConfiguration.zoobox(allowedOrigins: origins)
        configuration.webPush = webPush
        bridge = WebBridge(
            policy: policy, configuration: configuration, location: location,
            haptics: RecordingHaptics(), primers: primers, settings: opensSettings ? settings : nil, logger: quietLogger)
    }

    /// Loads `path` from `localhost` (a secure context), or from the engine's non-secure loopback host.
    func load(_ path: String = "/", secure: Bool = true) async throws {
        let url = secure ? server.url(path) : URL(string: "http://\(nonSecureHost):\(server.port)\(path)")!
        try await webView.load(url)
    }

    /// The completion value of `script` in the page, awaited and decoded from JSON.
    func evaluate(_ script: String) async throws -> JSONValue? {
        try await webView.evaluateJavaScript(script).map { try JSONValue.parse(Data($0.utf8)) }
    }

    /// Polls `script` until it evaluates to `expected`, for up to five seconds; returns the last value.
    @discardableResult
    func wait(for script: String, toBe expected: JSONValue) async throws -> JSONValue? {
        let deadline = ContinuousClock.now + .seconds(5)
        var last = try await evaluate(script)
        while last != expected, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            last = try await evaluate(script)
        }
        return last
    }

    /// The user revokes `kind` in Settings and comes back to the app (which keeps running for location and
    /// notifications).
    func revokeInSettings(_ kind: PermissionKind) async throws {
        await device.moveToBackground()
        await device.changeInSettings(kind, to: .denied)
        try await device.moveToForeground()
    }

    /// The bridge's `run()`, from `make` to `tearDown`: the world outlives any one scope of the test.
    private let running = Locked<Task<Void, Never>?>(nil)

    private func startRunning() {
        let bridge = bridge
        running.withLock { $0 = Task { await bridge.run() } }
    }

    /// Cancels the bridge's `run()` and returns once it took the bridge out of the web view.
    func stopRunning() async {
        guard let task = running.withLock({ task in defer { task = nil }; return task }) else { return }
        task.cancel()
        await task.value
    }

    func tearDown() async {
        await stopRunning()
        await closeWebView()
        await server.stop()
    }
}

/// Records each primer shown, with the number of system prompts shown before it.
actor RecordingPrimers: PrimerPresenter {
    let device: SimulatedDevice
    private(set) var shown: [(kind: PermissionKind, promptsBefore: Int)] = []

    init(device: SimulatedDevice) { self.device = device }

    func present(_ primer: Primer) async {
        shown.append((primer.kind, await device.totalPromptCount))
    }
}

/// Counts the page's `openSettings()` calls that reached the app.
actor RecordingSettings: SettingsOpener {
    private(set) var opened = 0

    func openSettings() async -> Bool {
        opened += 1
        return true
    }
}
