import ArgumentParser
import Foundation
import Logging
import Permit
import PermitDemo
import PermitPageServer
import PermitTesting
import PermitWeb

/// `permit bench bridge`: the web bridge's round trip and change latency in a real browser engine.
struct BenchBridge: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bridge",
        abstract: "Benchmark the web bridge in headless Chromium or WebKitGTK (--engine).",
        discussion: """
            Serves a page on loopback, opens it in the web view with the bridge installed over a simulated \
            device, and prints medians: a page → native → page call through the router (getCurrentLocation with \
            a simulated fix), a bare echo over the same transport in the same run, their ratio, and the time \
            from a Settings change plus the app becoming active to the page's update event handler. Calls are \
            timed in batches of 500 (or --iterations, if fewer), so that the page's coarse timer (1 ms in \
            WebKit) does not decide the figure; bridge and echo batches alternate, and the ratio is the median \
            over neighbouring pairs of a bridge batch's time over the echo batch's, so that the machine's \
            changing load cancels out. --engine picks headless Chromium or WebKitGTK. Goals: ratio at most \
            1.1, change to event under 2 ms.
            """
    )

    @Option(name: .long, help: "Calls per round-trip measurement.")
    var iterations = 20_000

    @Option(name: .long, help: "Settings changes for the change-to-event measurement.")
    var changes = 200

    @Flag(name: .long, help: "Print one JSON object instead of a table.")
    var json = false

    @OptionGroup var engineOptions: EngineOptions

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        guard (10...100_000).contains(iterations) else { throw ValidationError("--iterations must be between 10 and 100000") }
        guard (5...10_000).contains(changes) else { throw ValidationError("--changes must be between 5 and 10000") }
    }

    func run() async throws {
        let logger = options.makeLogger()
        let report = try await withTemporaryFolder(named: "bridge") { folder in
            try await withBrowser(page: "bridge benchmark", engine: engineOptions.engine, logger: logger) { webView, server in
                try await measure(webView: webView, server: server, folder: folder, logger: logger)
            }
        }
        if json { try printJSON(report) } else { print(report.table) }
    }

    /// Calls per timed batch: about 100 ms of calls on WebKit, whose 1 ms timer quantizes a batch's time (batches
    /// of 25 lasted about 4 ms there, so one tick was a quarter of the ratio's margin; batches of 200, 2.5 % of a
    /// batch, spread single runs' ratios from 1.05 to 1.13).
    static let batchSize = 500

    private func measure(
        webView: any DemoWebView, server: PageServer, folder: URL, logger: Logger
    ) async throws -> BridgeBenchReport {
        let device = SimulatedDevice()
        await device.setStatus(.granted, for: .location)
        await device.setStatus(.granted, for: .notifications)
        await device.launchApp()
        let center = PermissionCenter(
            kinds: PermissionKind.legacyCookieKinds, authority: device,
            storage: PermitStorage(store: FilePermissionStore(url: folder.appendingPathComponent("permissions.json"), logger: logger), logger: logger),
            logger: logger)
        await device.attachLifecycleObserver { event in await center.handle(event) }
        let location = SimulatedLocation(
            fix: LocationFix(latitude: 52.52, longitude: 13.405, accuracy: 5, timestamp: Date()))
        let router = WebBridge(
            center: center, configuration: .zoobox(allowedOrigins: [try WebOrigin(server.origin)]),
            location: location, haptics: RecordingHaptics(), logger: logger)
        try await router.install(in: webView)
        // The bridge follows the center beside the measurement, until the group is cancelled.
        return try await withThrowingDiscardingTaskGroup(returning: BridgeBenchReport.self) { group in
            group.addTask { await router.run() }
            let (marks, markContinuation) = AsyncStream.makeStream(of: String.self)
            try await webView.addMessageHandler(named: "echo") { message in message.body }
            try await webView.addMessageHandler(named: "mark") { message in
                markContinuation.yield(message.body)
                return ""
            }
            try await webView.load(server.url("/"))

            // Timed over batches of calls, so that the page's coarse timer (0.1 ms in Chromium, 1 ms in WebKit) does
            // not decide the figure: each batch's time divided by its calls, the median over batches.
            let batch = min(Self.batchSize, iterations)
            let batches = iterations / batch
            Terminal.progress(
                "page → native → page: \(batches * batch) bridge calls and as many bare echoes, in interleaved batches of \(batch)")
            let timings = try await webView.evaluateJavaScript("""
                (async () => {
                  const echo = window.webkit.messageHandlers.echo;
                  const bridge = [], bare = [];
                  for (let i = 0; i < 20; i++) { await ZooboxBridge.getCurrentLocation(); await echo.postMessage('x'); }
                  for (let b = 0; b < \(batches); b++) {
                    let start = performance.now();
                    for (let i = 0; i < \(batch); i++) { await ZooboxBridge.getCurrentLocation(); }
                    bridge.push((performance.now() - start) / \(batch));
                    start = performance.now();
                    for (let i = 0; i < \(batch); i++) {
                      await echo.postMessage('{"v":1,"id":1,"method":"getCurrentLocation","params":{}}');
                    }
                    bare.push((performance.now() - start) / \(batch));
                  }
                  const median = values => { const s = values.slice().sort((a, b) => a - b); const m = s.length >> 1;
                    return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
                  const mean = values => values.reduce((a, b) => a + b, 0) / values.length;
                  // Each bridge batch against the echo batch right after it: neighbours share the machine's load.
                  const paired = bridge.map((time, b) => time / bare[b]);
                  return [median(bridge), median(bare), mean(bridge), mean(bare), median(paired)];
                })()
                """)
            guard let pair = timings.flatMap({ try? JSONDecoder().decode([Double].self, from: Data($0.utf8)) }),
                pair.count == 5
            else { throw CommandFailure("the page did not report its timings") }

            Terminal.progress("Settings change then activation → page event: \(changes) changes")
            try await webView.evaluateJavaScript("""
                addEventListener('zooboxPermissionsUpdate', event =>
                  window.webkit.messageHandlers.mark.postMessage(event.detail.notifications));
                """)
            var iterator = marks.makeAsyncIterator()
            var changeToEvent: [Double] = []
            var activationHandled: [Double] = []
            for run in 0..<changes {
                let status: PermissionStatus = run.isMultiple(of: 2) ? .denied : .granted
                await device.moveToBackground()
                _ = await device.changeInSettings(.notifications, to: status)
                let start = ContinuousClock.now
                try await device.moveToForeground()
                activationHandled.append(start.duration(to: .now).benchMilliseconds)
                guard let seen = await iterator.next() else { throw CommandFailure("the page stopped reporting events") }
                changeToEvent.append(start.duration(to: .now).benchMilliseconds)
                guard seen == status.bridgeStatus.rawValue else {
                    throw CommandFailure("the page saw \(seen) after a change to \(status)")
                }
            }
            group.cancelAll()  // the bridge leaves the web view
            return BridgeBenchReport(
                configuration: buildConfiguration, engine: engineOptions.engine.rawValue, iterations: iterations, changes: changes,
                roundtrip_ms: pair[0], echo_ms: pair[1], ratio: pair[4],
                roundtrip_mean_ms: pair[2], echo_mean_ms: pair[3], mean_ratio: pair[3] > 0 ? pair[2] / pair[3] : 0,
                change_to_event_ms: median(changeToEvent), activation_handled_ms: median(activationHandled))
        }
    }
}

/// The figures `permit bench bridge` prints.
struct BridgeBenchReport: Encodable {
    var configuration: String
    /// The web view's engine: `chromium` or `webkit`.
    var engine: String
    var iterations: Int
    var changes: Int
    /// Median page → native → page `getCurrentLocation()` through the router, timed in the page over batches
    /// of calls (a batch's time divided by its calls).
    var roundtrip_ms: Double
    /// Median bare echo over the same transport, timed in the page the same way, in batches interleaved with
    /// the bridge calls' batches.
    var echo_ms: Double
    /// The median over pairs of neighbouring batches (a bridge batch, then an echo batch) of their times' ratio.
    var ratio: Double
    /// Means over the same batches.
    var roundtrip_mean_ms: Double
    var echo_mean_ms: Double
    var mean_ratio: Double
    /// Median from the app becoming active after a Settings change to the page's event handler posting back
    /// (the post back adds one page → native hop).
    var change_to_event_ms: Double
    /// Median from the same start until the lifecycle events were handled (the change read and persisted).
    var activation_handled_ms: Double

    var table: String {
        var lines = [Terminal.bold("Permit bridge benchmark (\(configuration) build, \(engine), medians over batches)")]
        if configuration != "release" {
            lines.append(Terminal.red("Debug build: figures are not representative; run with swift run -c release."))
        }
        lines.append(
            Terminal.table([
                ["figure", "value", "goal", ""],
                ["bridge call, page → native → page (\(iterations))", formatMilliseconds(roundtrip_ms), "", ""],
                ["bare echo, same transport (\(iterations))", formatMilliseconds(echo_ms), "", ""],
                ["ratio", String(format: "%.2f", ratio), "<= 1.1", verdict(ratio <= 1.1)],
                ["means: bridge call, bare echo, ratio",
                 "\(formatMilliseconds(roundtrip_mean_ms)), \(formatMilliseconds(echo_mean_ms)), \(String(format: "%.2f", mean_ratio))",
                 "", ""],
                ["Settings change to page event (\(changes))", formatMilliseconds(change_to_event_ms), "< 2 ms",
                 verdict(change_to_event_ms < 2)],
                ["  of which: activation handled, change persisted", formatMilliseconds(activation_handled_ms), "", ""],
            ]))
        return lines.joined(separator: "\n")
    }
}
