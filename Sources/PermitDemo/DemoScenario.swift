package import Foundation
package import Logging
package import Permit
import PermitPageServer
package import PermitTesting
import PermitWeb
import PermitSupport

/// One step of `permit demo`: a story told on the simulated hybrid app and checked from the page's side.
package struct DemoScenario: Sendable {
    /// A short identifier, such as `fresh-install`.
    package let name: String
    /// The seed document the scenario comes from: `000` to `004`.
    package let seed: String

    /// What the scenario covers, as the demo's transcript and table name it.
    package var area: String {
        switch seed {
        case "000": "permission cookies"
        case "001": "the page's requests"
        case "002": "push token"
        case "003": "policy"
        case "004": "system checks"
        default: seed
        }
    }
    /// One sentence saying what the scenario shows.
    package let summary: String
    private let body: @Sendable (DemoContext) async throws -> String

    /// Creates a scenario; `body` returns a one-line detail for the report or throws what failed.
    package init(
        name: String, seed: String, summary: String, body: @escaping @Sendable (DemoContext) async throws -> String
    ) {
        self.name = name
        self.seed = seed
        self.summary = summary
        self.body = body
    }

    /// Runs the scenario as a fresh install: its own folder, its own device, an empty cookie store; never
    /// throws.
    package func run(stage: DemoStage, logger: Logger, step: @escaping @Sendable (String) -> Void) async -> DemoResult {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("permit-demo-\(name)-\(UUID().uuidString)", isDirectory: true)
        let context = DemoContext(stage: stage, folder: folder, logger: logger, step: step)
        let start = ContinuousClock.now
        let (passed, detail) = await withDiscardingTaskGroup { group in
            // The apps the scenario makes run here, each as it is made.
            group.addTask { await context.runApps() }
            var passed = false
            var detail: String
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try await stage.deleteAllCookies()
                detail = try await body(context)
                passed = true
            } catch {
                detail = "\(error)"
            }
            await context.shutDownApps()
            group.cancelAll()
            return (passed, detail)
        }
        try? FileManager.default.removeItem(at: folder)
        let elapsed = start.duration(to: .now)
        let (seconds, attoseconds) = elapsed.components
        return DemoResult(
            name: name, passed: passed, detail: detail,
            milliseconds: Double(seconds) * 1000 + Double(attoseconds) / 1e15)
    }
}

/// The outcome of one ``DemoScenario``.
package struct DemoResult: Sendable, Hashable, Codable {
    /// The scenario's name.
    package var name: String
    /// Whether every check passed.
    package var passed: Bool
    /// What the scenario showed, or what failed.
    package var detail: String
    /// How long it took.
    package var milliseconds: Double
}

/// The world one demo scenario runs in: the shared stage, a folder of its own, and the apps it made.
package final class DemoContext: Sendable {
    /// The browser and the server.
    package let stage: DemoStage
    /// The scenario's folder, removed afterwards.
    package let folder: URL
    /// The logger passed to Permit.
    package let logger: Logger
    private let step: @Sendable (String) -> Void
    private let apps = Locked<[HybridApp]>([])
    /// The apps made, for ``runApps()`` to run.
    private let made = AsyncStream.makeStream(of: HybridApp.self)

    init(stage: DemoStage, folder: URL, logger: Logger, step: @escaping @Sendable (String) -> Void) {
        self.stage = stage
        self.folder = folder
        self.logger = logger
        self.step = step
    }

    /// Adds a line to the transcript.
    package func note(_ line: String) { step(line) }

    /// Makes a fresh install of the demo app, with the zoobox preset's bridge names and the default kinds.
    package func makeApp(device: SimulatedDevice = SimulatedDevice(), manifest: PermissionManifest? = nil, webPush: Bool = false) -> HybridApp {
        let step = step
        var bridge = BridgeConfiguration.zoobox(allowedOrigins: [try! WebOrigin(stage.server.origin)])  // the server's own origin: valid
        // The Linux engines stand in for WKWebView, which has no push of its own: Permit's replaces theirs.
        if webPush { bridge.webPush = WebPushOptions(replacesEnginePush: true) }
        let configuration = HybridApp.Configuration(pageURL: stage.demoPageURL, bridge: bridge, manifest: manifest)
        let report: @Sendable (AppEvent) -> Void = { event in
            switch event {
            case .note, .change, .failure: step("  " + event.line)
            case .console(_, let text) where text.hasPrefix("[demo] "):
                step("  page    " + text.dropFirst("[demo] ".count))
            case .console, .bridgeCall, .bridgeReply: break
            }
        }
        stage.setConsoleSink(report)
        let app = HybridApp(
            stage: stage, configuration: configuration, device: device, folder: folder, logger: logger, emit: report)
        apps.withLock { $0.append(app) }
        made.continuation.yield(app)
        return app
    }

    /// Fails the scenario with `message` unless `condition` holds.
    package func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
        guard condition else { throw DemoError(message()) }
    }

    /// Runs each app the scenario makes (its ``HybridApp/run()``), until the calling task is cancelled.
    func runApps() async {
        await withDiscardingTaskGroup { group in
            for await app in made.stream { group.addTask { await app.run() } }
        }
    }

    func shutDownApps() async {
        for app in apps.withLock({ $0 }) { await app.shutDown() }
    }
}
