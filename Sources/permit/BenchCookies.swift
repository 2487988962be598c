import ArgumentParser
import Foundation
import Logging
import Permit
import PermitDemo
import PermitPageServer
import PermitTesting
import PermitWebTesting
import PermitWeb

/// `permit bench cookies`: the cookie sync and the push-token cookie in real headless Chromium.
struct BenchCookies: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cookies",
        abstract: "Benchmark the cookie sync and the push-token cookie in headless Chromium.",
        discussion: """
            Opens a loopback page in headless Chromium and prints medians: cookie initialization at launch (the \
            permission store loaded from its file, the push-token cookie restored from its backup, the three \
            permission cookies written, into an empty cookie store), one permission cookie changed, a \
            validation with nothing to repair, and a new push token fetched and saved (backup persisted, cookie \
            written). The original design \
            targeted under 10 ms at launch, under 5 ms per change and about 100 bytes per cookie.
            """
    )

    @Option(name: .long, help: "Repetitions of each measurement.")
    var iterations = 200

    @Flag(name: .long, help: "Print one JSON object instead of a table.")
    var json = false

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        guard (5...100_000).contains(iterations) else { throw ValidationError("--iterations must be between 5 and 100000") }
    }

    func run() async throws {
        let logger = options.makeLogger()
        let report = try await withTemporaryFolder(named: "cookies") { folder in
            try await withBrowser(page: "cookie benchmark", logger: logger) { webView, server in
                try await measure(webView: webView, server: server, folder: folder, logger: logger)
            }
        }
        if json { try printJSON(report) } else { print(report.table) }
    }

    private func measure(
        webView: any DemoWebView, server: PageServer, folder: URL, logger: Logger
    ) async throws -> CookieBenchReport {
        let device = SimulatedDevice()
        await device.launchApp()
        let storeURL = folder.appendingPathComponent("permissions.json")
        let provider = SimulatedPushTokenProvider()
        let attributes = CookieAttributes(domain: "localhost")
        func launch() -> (PermissionCenter, CookieSync, PushTokenCookieManager) {
            let center = PermissionCenter(
                kinds: PermissionKind.legacyCookieKinds, authority: device, storage: PermitStorage(store: FilePermissionStore(url: storeURL, logger: logger), logger: logger),
                logger: logger)
            let sync = CookieSync(store: webView, siteHost: "localhost", logger: logger)
            let tokens = PushTokenCookieManager(
                configuration: PushTokenCookieConfiguration(domain: "localhost"), provider: provider, storage: center.storage,
                sync: sync, logger: logger)
            return (center, sync, tokens)
        }
        do {
            let (center, _, tokens) = launch()
            try await tokens.restoreCookie()
            await provider.registerForRemoteNotifications()
            guard try await tokens.refresh() != nil else { throw CommandFailure("no push token to save") }
            await center.start()
        }
        try await webView.load(server.url("/"))

        Terminal.progress("cookie initialization at launch: \(iterations) launches into an empty cookie store")
        var initialization: [Double] = []
        var cookieBytes = 0
        for _ in 0..<iterations {
            for cookie in try await webView.allCookies() {
                try await webView.deleteCookie(named: cookie.name, domain: cookie.domain, path: cookie.path)
            }
            let start = ContinuousClock.now
            let (center, sync, tokens) = launch()
            await center.start()
            try await tokens.restoreCookie()
            try await sync.mirrorPermissionCookies(of: center, attributes: attributes)
            initialization.append(start.duration(to: .now).benchMilliseconds)
            let written = await sync.desiredCookies()
            guard written.count == 4, try await webView.allCookies().count == 4 else {
                throw CommandFailure("a launch did not restore the four cookies")
            }
            let permissionCookies = written.filter { $0.name.hasPrefix("p_") }
            cookieBytes = permissionCookies.map(\.setCookieHeader.utf8.count).reduce(0, +) / permissionCookies.count
            try await sync.stopMirroringPermissionCookies(removingCookies: false)
        }

        let (_, sync, tokens) = launch()
        try await tokens.restoreCookie()
        Terminal.progress("one permission cookie changed: \(iterations) writes")
        var change: [Double] = []
        for run in 0..<iterations {
            let start = ContinuousClock.now
            let report = try await sync.set("p_Camera", value: run.isMultiple(of: 2) ? "yes" : "no", attributes: attributes)
            change.append(start.duration(to: .now).benchMilliseconds)
            guard report.written == ["p_Camera"] else { throw CommandFailure("a change wrote \(report)") }
        }

        Terminal.progress("validation with nothing to repair: \(iterations) syncs")
        var validation: [Double] = []
        for _ in 0..<iterations {
            let start = ContinuousClock.now
            let report = try await sync.synchronize()
            validation.append(start.duration(to: .now).benchMilliseconds)
            guard report.isEmpty else { throw CommandFailure("a validation over cookies in place wrote \(report)") }
        }

        Terminal.progress("a new push token saved: \(iterations) tokens")
        var tokenSaved: [Double] = []
        for _ in 0..<iterations {
            let token = await provider.rotateToken(notifying: false)
            let start = ContinuousClock.now
            guard try await tokens.refresh() == token else { throw CommandFailure("a new token was not saved") }
            tokenSaved.append(start.duration(to: .now).benchMilliseconds)
        }
        return CookieBenchReport(
            configuration: buildConfiguration, iterations: iterations, initialization_ms: median(initialization),
            change_ms: median(change), validation_ms: median(validation), token_saved_ms: median(tokenSaved),
            set_cookie_bytes: cookieBytes)
    }
}

/// The figures `permit bench cookies` prints.
struct CookieBenchReport: Encodable {
    var configuration: String
    var iterations: Int
    /// Median time to load the permission store from its file, restore the push-token cookie from its backup
    /// and write the three permission cookies into an empty cookie store, each write awaited.
    var initialization_ms: Double
    /// Median time to change one permission cookie (read the store, compare, write, awaited).
    var change_ms: Double
    /// Median time of a sync that finds every cookie in place (read the store, compare, no write).
    var validation_ms: Double
    /// Median time to fetch a new push token and save it: backup persisted to the file store, cookie written.
    var token_saved_ms: Double
    /// Mean size of a permission cookie as a `Set-Cookie` value, expiry and attributes included.
    var set_cookie_bytes: Int

    var table: String {
        var lines = [Terminal.bold("Permit cookie benchmark (\(configuration) build, headless Chromium, medians)")]
        if configuration != "release" {
            lines.append(Terminal.red("Debug build: figures are not representative; run with swift run -c release."))
        }
        lines.append(
            Terminal.table([
                ["figure", "value", "original target", ""],
                ["cookie initialization at launch (4 cookies)", formatMilliseconds(initialization_ms), "< 10 ms",
                 verdict(initialization_ms < 10)],
                ["one cookie change", formatMilliseconds(change_ms), "< 5 ms", verdict(change_ms < 5)],
                ["validation, nothing to repair", formatMilliseconds(validation_ms), "", ""],
                ["new push token saved (backup + cookie)", formatMilliseconds(token_saved_ms), "", ""],
                ["bytes per permission cookie (Set-Cookie value)", "\(set_cookie_bytes) B", "~100 B", verdict(set_cookie_bytes <= 100)],
            ]))
        return lines.joined(separator: "\n")
    }
}
