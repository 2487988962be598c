import Foundation
import InMemoryLogging
import Logging
import Permit
import PermitPageServer
import PermitTesting
import PermitWeb
import Testing
import PermitSupport

/// A hybrid app in miniature: a simulated device and permission center behind the bridge, in real headless
/// Chromium, with pages served over loopback from an allowed origin and from a foreign one.
final class BridgeWorld: Sendable {
    let device: SimulatedDevice
    let center: PermissionCenter
    let router: WebBridge
    let location = SimulatedLocation()
    let haptics = RecordingHaptics()
    let browser: BrowserWorld
    /// A second server: another origin (another port), not on the allow-list.
    let foreign: PageServer
    let foreignPages: PageTable

    static func make(
        _ engine: Engine, pages: [String: String], foreignPages: [String: String] = [:],
        store: any PermissionStore = InMemoryPermissionStore(),
        configure: @Sendable (SimulatedDevice) async -> Void = { _ in }
    ) async throws -> BridgeWorld {
        let device = SimulatedDevice()
        await configure(device)
        await device.launchApp()
        let browser = try await BrowserWorld.make(engine, pages: pages)
        let foreignTable = PageTable(foreignPages)
        let foreign = try await PageServer.start(logger: quietLogger) { path in
            foreignTable[path].map(PageServer.Page.html)
        }
        let center = PermissionCenter(
            kinds: PermissionKind.legacyCookieKinds, authority: device, storage: PermitStorage(store: store, logger: quietLogger), logger: quietLogger)
        await device.attachLifecycleObserver { event in await center.handle(event) }
        let world = BridgeWorld(
            device: device, center: center, browser: browser, foreign: foreign, foreignPages: foreignTable,
            allowed: try WebOrigin(browser.server.origin))
        try await world.router.install(in: browser.webView)
        world.startRunning()
        return world
    }

    private init(
        device: SimulatedDevice, center: PermissionCenter, browser: BrowserWorld, foreign: PageServer,
        foreignPages: PageTable, allowed: WebOrigin
    ) {
        self.device = device
        self.center = center
        self.browser = browser
        self.foreign = foreign
        self.foreignPages = foreignPages
        router = WebBridge(
            center: center, configuration: .zoobox(allowedOrigins: [allowed]), location: location, haptics: haptics,
            logger: quietLogger)
    }

    var webView: any EngineWebView { browser.webView }

    func load(_ path: String) async throws {
        try await webView.load(browser.server.url(path))
    }

    /// The completion value of `script` in the page, decoded from JSON.
    func evaluate(_ script: String) async throws -> JSONValue? {
        try await webView.evaluateJavaScript(script).map { try JSONValue.parse(Data($0.utf8)) }
    }

    /// The bridge's `run()`, from `make` to `tearDown`: the world outlives any one scope of the test.
    private let running = Locked<Task<Void, Never>?>(nil)

    private func startRunning() {
        let router = router
        running.withLock { $0 = Task { await router.run() } }
    }

    /// Cancels the bridge's `run()` and returns once it took the bridge out of the web view.
    func stopRunning() async {
        guard let task = running.withLock({ task in defer { task = nil }; return task }) else { return }
        task.cancel()
        await task.value
    }

    func tearDown() async {
        await stopRunning()
        await foreign.stop()
        await browser.tearDown()
    }
}

let quietLogger: Logger = {
    var logger = Logger(label: "permit.tests.bridge", factory: { _ in InMemoryLogHandler() })
    logger.logLevel = .critical
    return logger
}()
