import Foundation
package import Permit
import PermitChromium
import PermitPageServer
import PermitSystem
import PermitServer
import PermitTesting
import PermitWeb
import PermitWebTesting
import PermitSupport

extension DemoScenario {
    /// Everything `permit demo` runs, in order: the permission-cookie scenarios and the relaunch as the page sees
    /// them, the page-driven primer, grant and denial flows, the page's own geolocation and camera requests and
    /// its way to Settings, a logging app's policy flows, the push token, the system status.
    package static let all: [DemoScenario] =
        Scenario.seed.map { seen(by: $0, seed: "000") }
        + [primer, grant, denial] + webPlatform + location + whoAsks + [settingsKillResume, notificationSettings]
        + Scenario.ashTrail.map { seen(by: $0, seed: "003") }
        + [pushToken, seedKeys, webPush, systemStatus]

    /// The demo app's declarations: location with a primer, camera and notifications asked at feature use.
    package static let manifest: PermissionManifest = {
        // Three distinct kinds with purposes: the manifest cannot reject them.
        try! PermissionManifest([
            PermissionDeclaration(
                kind: .location, necessity: .optional, purpose: "The map shows where you are when you ask it to.",
                showsPrimer: true),
            PermissionDeclaration(kind: .camera, necessity: .optional, purpose: "Scan a parcel's code to track it."),
            PermissionDeclaration(kind: .notifications, necessity: .optional, purpose: "Hear when a parcel arrives."),
        ])
    }()

    // MARK: - Core scenarios, seen by the page

    /// Runs a core scenario with the demo page attached to each launch of its app, and checks after each
    /// launch and at the end that the page shows the center's statuses and `p_…` cookies.
    static func seen(by scenario: Scenario, seed: String) -> DemoScenario {
        DemoScenario(name: scenario.name, seed: seed, summary: scenario.summary) { context in
            let app = Locked<HybridApp?>(nil)
            let pageFailure = Locked<String?>(nil)
            let result = await scenario.run(logger: context.logger, step: { context.note($0) }) { launch in
                do {
                    let current = app.withLock { $0 } ?? context.makeApp(device: launch.device)
                    app.withLock { $0 = current }
                    try await current.attach(center: launch.center, policy: launch.policy)
                    let snapshot = try await current.waitForPageToMatch()
                    context.note("  page    after launch \(launch.number): \(snapshot.statuses.sortedLine)")
                } catch {
                    pageFailure.withLock { $0 = $0 ?? "page, launch \(launch.number): \(error)" }
                }
            }
            if let failure = pageFailure.withLock({ $0 }) { throw DemoError(failure) }
            guard result.passed else { throw DemoError(result.detail) }
            guard let app = app.withLock({ $0 }) else { throw DemoError("the scenario never launched the app") }
            let snapshot = try await app.waitForPageToMatch()
            let cookies = snapshot.cookies.filter { $0.key.hasPrefix("p_") }
            context.note("  page    at the end: \(snapshot.statuses.sortedLine); cookies \(cookies.sortedLine)")
            return "\(result.detail); the page agrees"
        }
    }

    // MARK: - Seed 001: the page asks

    /// A fresh install of the demo app with its manifest, launched, its page showing its state.
    private static func launchedDemoApp(_ context: DemoContext) async throws -> HybridApp {
        let app = context.makeApp(manifest: manifest)
        try await app.launch()
        try await app.waitForPageToMatch()
        return app
    }

    /// The page asks for `kind` through its own button's code, with the user's answer scripted; returns the
    /// value the page's promise resolved to, as JSON.
    private static func pageRequest(_ app: HybridApp, _ kind: PermissionKind, answered answer: PermissionStatus) async throws -> String? {
        await app.device.answerNextPrompt(for: kind, with: answer)
        return try await app.evaluate("permitDemo.request('\(kind.rawValue)')")
    }

    /// The page asks for location: the primer explains, its Continue leads to the system prompt.
    static let primer = DemoScenario(
        name: "page-primer", seed: "001",
        summary: "the page asks for location: a primer first, then one system prompt; the page shows the fix"
    ) { context in
        let app = try await launchedDemoApp(context)
        let answer = try await pageRequest(app, .location, answered: .granted)
        try context.check(answer == "\"granted\"", "expected the page's request to resolve granted, got \(answer ?? "nothing")")
        try context.check(await app.primersShown == 1, "expected one primer before the prompt")
        try context.check(await app.device.promptCount(for: .location) == 1, "expected one system prompt")
        let snapshot = try await app.waitForPage("expected the page to show the location fix") {
            $0.location.hasPrefix("52.5200, 13.4050")
        }
        try await app.waitForPageToMatch()
        return "primer, Continue, one prompt answered Allow; the page shows location granted at \(snapshot.location)"
    }

    /// The page asks for the camera: no primer declared, one system prompt.
    static let grant = DemoScenario(
        name: "page-grant", seed: "001",
        summary: "the page asks for the camera: one system prompt, Allow; p_Camera=yes in the page's cookies"
    ) { context in
        let app = try await launchedDemoApp(context)
        let answer = try await pageRequest(app, .camera, answered: .granted)
        try context.check(answer == "\"granted\"", "expected granted, got \(answer ?? "nothing")")
        try context.check(await app.primersShown == 0, "expected no primer for the camera")
        let snapshot = try await app.waitForPageToMatch()
        try context.check(snapshot.cookies["p_Camera"] == "yes", "expected p_Camera=yes in the page's cookies")
        try context.check(await app.device.promptCount(for: .camera) == 1, "expected one prompt")
        return "one prompt, Allow; the page shows camera granted and reads p_Camera=yes"
    }

    /// The page asks for notifications and the user declines: the page offers Settings and never asks again.
    static let denial = DemoScenario(
        name: "page-denial", seed: "001",
        summary: "notifications declined: the page shows Open Settings, and asking again shows no prompt"
    ) { context in
        let app = try await launchedDemoApp(context)
        let answer = try await pageRequest(app, .notifications, answered: .denied)
        try context.check(answer == "\"denied\"", "expected denied, got \(answer ?? "nothing")")
        let snapshot = try await app.waitForPageToMatch()
        try context.check(
            snapshot.rendered["notifications"]?.action == "Open Settings",
            "expected the page to offer Open Settings, it shows \(snapshot.rendered["notifications"]?.action ?? "nothing")")
        // The page's button now sends the user to Settings; page script calling the bridge again gets the
        // status, with no prompt.
        _ = try await app.evaluate("permitDemo.request('notifications')")
        let again = try await app.evaluate("ZooboxBridge.requestPermission('notifications')")
        try context.check(again == "\"denied\"", "expected a second request to answer denied, got \(again ?? "nothing")")
        let prompts = await app.device.promptCount(for: .notifications)
        try context.check(prompts == 1, "expected one prompt in all, saw \(prompts)")
        guard let policy = await app.policy else { throw DemoError("the app has no policy") }
        let step = try await policy.nextStep(for: .notifications)
        try context.check(step == .openSettings, "expected the next step openSettings, got \(step)")
        context.note("  app     next step for notifications: \(step)")
        return "denied after one prompt; the page offers Open Settings; asking again: no prompt"
    }

    // MARK: - Seed 002: the push token

    /// The push token: saved, seen by page script and by the server, restored, refreshed and cleared.
    static let pushToken = DemoScenario(
        name: "push-token", seed: "002",
        summary: "FCM_token saved, read by page script and sent to the server, which registers it, pushes through "
            + "FCM, prunes it once FCM calls it unregistered, and shows grant rates; restored, refreshed, cleared"
    ) { context in
        let app = context.makeApp(device: SimulatedDevice(statuses: [.camera: .granted]))
        try await app.launch()
        try await app.waitForPageToMatch()
        guard let tokens = await app.tokenManager else { throw DemoError("the app has no token manager") }
        let server = context.stage.server, serverSide = context.stage.serverSide
        let first = await app.pushTokens.registerForRemoteNotifications()
        context.note("  app     APNs registered; FCM issued a token of \(first.count) characters")
        try await app.waitForPage("expected page script to read the new FCM_token") { $0.cookies["FCM_token"] == first }
        let sentBefore = server.requests.count
        try await app.reloadPage()
        let sent = server.requests.dropFirst(sentBefore).first { $0.path == "/" }?.cookieHeader ?? ""
        try context.check(sent.contains("FCM_token=\(first)"), "expected the server to receive FCM_token with the page request")
        context.note("  server  GET / arrived with FCM_token (\(first.prefix(12))…)")
        let registered = try await serverSide.storage.record(installation: CookieReport.installationName(token: first))
        try context.check(registered?.token == first, "expected the server's registry to hold the token from the cookie")
        try context.check(registered?.states["camera"] == .granted, "expected the registry to hold the camera's state")
        context.note("  server  registry: the installation's token and its permission states, from the cookies")

        // The server pushes through FCM (a fake on loopback): the device holding the token receives it.
        let pushTokens = app.pushTokens
        serverSide.deliver { token, message in
            await pushTokens.receivePush(title: message.title, body: message.body, to: token)
        }
        let delivered = await serverSide.delivery.send(
            PushMessage(title: "Your parcel", body: "It is at your door"), to: first, platform: .ios)
        try context.check(delivered == .delivered(attempts: 1), "expected the push delivered, got \(delivered)")
        try context.check(
            await pushTokens.receivedPushes.last?.body == "It is at your door", "expected the push on the device")
        context.note("  server  push sent through FCM; the simulated device received \"It is at your door\"")

        // Lost by the web view: the next page load's validation restores it from the backup.
        try await context.stage.webView.deleteCookie(named: "FCM_token", domain: app.configuration.siteHost, path: "/")
        try await app.reloadPage()
        try await app.waitForPage("expected the lost FCM_token restored after the page load") { $0.cookies["FCM_token"] == first }
        context.note("  app     the web view lost the cookie; restored from the backup after the next load")

        let second = await app.pushTokens.rotateToken()
        try await app.waitForPage("expected page script to read the refreshed token") { $0.cookies["FCM_token"] == second }
        try context.check(second != first, "expected a new token after the refresh")
        context.note("  app     FCM refreshed the token; the page reads the new one")

        // A push to the old token: FCM answers UNREGISTERED, and the registry drops that token at once.
        try await app.reloadPage()
        let pruned = await serverSide.delivery.send(PushMessage(body: "Still there?"), to: first, platform: .ios)
        try context.check(pruned == .tokenRemoved(reason: "UNREGISTERED"), "expected the old token removed, got \(pruned)")
        let oldRecord = try await serverSide.storage.record(installation: CookieReport.installationName(token: first))
        try context.check(oldRecord != nil && oldRecord?.token == nil, "expected the old token gone from the registry")
        let current = try await serverSide.storage.record(installation: CookieReport.installationName(token: second))
        try context.check(current?.token == second, "expected the registry to hold the new token")
        context.note("  server  FCM: UNREGISTERED for the old token; pruned from the registry, the new one kept")

        // The grant rates, as the page a person opens in a browser shows them.
        let page = try await serverSide.grantRatesPage(origin: server.origin)
        try context.check(page.contains("<h2>camera</h2>") && page.contains("<svg"), "expected camera's chart on the grant-rate page")
        context.note("  server  /permit/grant-rates.html: \(page.utf8.count) bytes, a chart per kind reported (camera)")

        try await tokens.clear()
        try await app.waitForPage("expected the FCM_token cookie gone after clear") { $0.cookies["FCM_token"] == nil }
        let sentBeforeClear = server.requests.count
        try await app.reloadPage()
        let afterClear = server.requests.dropFirst(sentBeforeClear).first { $0.path == "/" }?.cookieHeader ?? ""
        try context.check(!afterClear.contains("FCM_token"), "expected no FCM_token sent to the server after clear")
        try context.check(await app.pushTokens.deleteCount == 1, "expected the token deleted at the provider")
        context.note("  app     cleared: provider token deleted, cookie gone from page and server")
        return "registered and pushed to by the server, pruned once unregistered, restored, refreshed, cleared"
    }

    // MARK: - Seed 004: the system status

    /// The system checks with their banner on the page, on an app with a mix of statuses and a token.
    static let systemStatus = DemoScenario(
        name: "system-status", seed: "004",
        summary: "iCloud signed out: the checks run, the warning is persisted, the page shows the banner"
    ) { context in
        let device = SimulatedDevice(statuses: [.location: .granted, .camera: .denied])
        let app = context.makeApp(device: device, manifest: manifest)
        try await app.launch()
        _ = await app.pushTokens.registerForRemoteNotifications()
        guard let center = await app.center else { throw DemoError("the app is not running") }
        let documents = context.folder.appendingPathComponent("Documents", isDirectory: true)
        try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        let runner = SystemCheckRunner(
            checks: SystemCheckRunner.standardChecks(cloud: SimulatedCloud(signedIn: false), documents: documents),
            logger: context.logger)
        let status = SystemStatus(runner: runner, storage: center.storage, logger: context.logger)
        let banner = SystemBanner(status: status, logger: context.logger)
        let warning = try await banner.refresh()
        guard let report = await status.lastReport() else { throw DemoError("expected a persisted report") }
        for result in report.results {
            context.note("  check   \(result.isOK ? "ok  " : "FAIL") \(result.id): \(result.detail)")
        }
        guard let warning else { throw DemoError("expected a banner for iCloud signed out") }
        try context.stage.publishSystemStatus(PublishedSystemStatus(report: report, banner: warning))
        try await app.reloadPage()
        let snapshot = try await app.waitForPage("expected the page to show the banner \"\(warning.title)\"") {
            $0.banner == warning.title
        }
        try await app.waitForPage("expected the page to show the location fix and the token") {
            $0.location.hasPrefix("52.5200") && $0.cookies["FCM_token"] != nil
        }
        try await app.waitForPageToMatch()
        // The page draws what the native screens do: ✓/✗ rows with each check's purpose, the footer, the
        // banner red for a critical warning; its close ✗ hides it, and Refresh Status fetches the status again.
        try context.check(snapshot.bannerColor == "red", "expected a red banner for \(warning.title), got \(snapshot.bannerColor ?? "none")")
        try context.check(
            snapshot.systemRows.contains("✗ iCloud (Required for sync and backups)")
                && snapshot.systemRows.contains { $0.hasPrefix("✓ ") } && snapshot.systemFooter.hasPrefix("Last checked"),
            "expected ✓/✗ rows with their purposes and the footer, got \(snapshot.systemRows) / \(snapshot.systemFooter)")
        for row in snapshot.systemRows { context.note("  page    \(row)") }
        context.note("  page    \(snapshot.systemFooter)")
        try await app.tap("#refresh-status")
        try await app.waitForPage("expected the rows back after Refresh Status") { $0.systemRows == snapshot.systemRows }
        try await app.tap("#banner-close")
        try await app.waitForPage("expected the close ✗ to hide the banner") { $0.banner == nil }
        // Dismissed for this page only: the next load shows it again while the problem lasts.
        try await app.reloadPage()
        try await app.waitForPage("expected the banner back after a reload") { $0.banner == warning.title }
        return "\(report.warnings.count) warning(s); the page's banner: \(snapshot.banner ?? "none") (\(warning.severity), "
            + "\(snapshot.bannerColor ?? "-")); \(snapshot.systemRows.count) rows; Refresh Status and the close ✗ work"
    }
}

/// The system status as the demo page fetches it from `/api/system-status`: what the native screens show
/// (`SystemStatusPresentation`, `SystemBannerStyle`), so that the page draws the same rows and banner.
struct PublishedSystemStatus: Encodable {
    /// The banner's warning, with its colour and close button.
    struct Banner: Encodable {
        var warning: SystemWarningJSON
        var color: String
        var closeSymbol: String
        var closeLabel: String
    }

    /// One check's row.
    struct Row: Encodable {
        var id: String
        var symbol: String
        var ok: Bool
        var title: String
        var purpose: String
        var detail: String
        var label: String
    }

    var banner: Banner?
    var summary: String
    var title: String
    var rows: [Row]
    var footer: String
    var refresh: String
    var refreshing: String

    init(report: SystemReport, banner: SystemWarning?, now: Date = Date()) {
        self.banner = banner.map {
            let style = SystemBannerStyle(warning: $0)
            return Banner(
                warning: SystemWarningJSON($0), color: style.color.rawValue, closeSymbol: style.closeSymbol,
                closeLabel: style.closeLabel)
        }
        let failed = report.results.filter { !$0.isOK }.count
        summary = failed == 0
            ? "all \(report.results.count) checks passed"
            : "\(failed) of \(report.results.count) checks need attention"
        let screen = SystemStatusPresentation(report: report, now: now, locale: Locale(identifier: "en_US"))
        title = screen.title
        rows = screen.rows.map {
            Row(id: $0.id.rawValue, symbol: $0.symbol, ok: $0.isOK, title: $0.title, purpose: $0.purpose,
                detail: $0.detail, label: $0.accessibilityLabel)
        }
        footer = screen.footer
        refresh = SystemStatusPresentation.Wording.english.refresh
        refreshing = SystemStatusPresentation.Wording.english.refreshing
    }
}
