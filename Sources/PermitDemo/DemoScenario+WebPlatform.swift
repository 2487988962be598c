import Foundation
import Permit
import PermitTesting

extension DemoScenario {
    /// The page's own requests, as a page written for any browser makes them, and its way to Settings.
    static let webPlatform: [DemoScenario] = [pageGeolocation, pageCamera, pageOpenSettings]

    /// A fresh install of the demo app with its manifest (budget 3, cooldown 10 s), launched, its page showing
    /// its state.
    static func launchedApp(_ context: DemoContext, device: SimulatedDevice = SimulatedDevice()) async throws -> HybridApp {
        let app = context.makeApp(device: device, manifest: manifest)
        try await app.launch()
        try await app.waitForPageToMatch()
        return app
    }

    /// `navigator.geolocation` follows native state: the primer, one prompt, the device's fix; after a revoke
    /// in Settings, `PERMISSION_DENIED` and no prompt.
    static let pageGeolocation = DemoScenario(
        name: "page-geolocation", seed: "001",
        summary: "navigator.geolocation: primer, one prompt, the device's fix; revoked in Settings: PERMISSION_DENIED"
    ) { context in
        let app = try await launchedApp(context)
        await app.device.answerNextPrompt(for: .location, with: .granted)
        let fix = try await app.evaluate("permitDemo.webLocate()")
        try context.check(fix == "\"52.5200, 13.4050\"", "expected the device's fix, got \(fix ?? "nothing")")
        try context.check(await app.primersShown == 1, "expected the declared primer before the prompt")
        try context.check(await app.device.promptCount(for: .location) == 1, "expected one system prompt")
        context.note("  page    navigator.geolocation after the primer and one prompt: \(fix ?? "-")")
        await app.background()
        await app.changeInSettings(.location, to: .denied)
        try await app.foreground()
        try await app.waitForPageToMatch()
        let denied = try await app.evaluate("permitDemo.webLocate()")
        try context.check(denied == "\"error 1\"", "expected PERMISSION_DENIED after the revoke, got \(denied ?? "nothing")")
        let state = try await app.evaluate("navigator.permissions.query({name: 'geolocation'}).then(s => s.state)")
        try context.check(state == "\"denied\"", "expected navigator.permissions to say denied, got \(state ?? "nothing")")
        let prompts = await app.device.promptCount(for: .location)
        try context.check(prompts == 1, "expected no second prompt, saw \(prompts) in all")
        return "the fix after a primer and one prompt; PERMISSION_DENIED after the revoke, with no second prompt"
    }

    /// `getUserMedia({video: true})` follows native state: declined, it fails with `NotAllowedError` and never
    /// prompts again; allowed in Settings, it gives a stream.
    static let pageCamera = DemoScenario(
        name: "page-camera", seed: "001",
        summary: "getUserMedia(video): declined, NotAllowedError and no second prompt; allowed in Settings, a stream"
    ) { context in
        let app = try await launchedApp(context)
        await app.device.answerNextPrompt(for: .camera, with: .denied)
        let first = try await app.evaluate("permitDemo.scan()")
        try context.check(first == "\"NotAllowedError\"", "expected NotAllowedError after Don't Allow, got \(first ?? "nothing")")
        let again = try await app.evaluate("permitDemo.scan()")
        try context.check(again == "\"NotAllowedError\"", "expected NotAllowedError again, got \(again ?? "nothing")")
        try context.check(await app.device.promptCount(for: .camera) == 1, "expected one system prompt in all")
        context.note("  page    getUserMedia refused twice, after one prompt")
        await app.background()
        await app.changeInSettings(.camera, to: .granted)  // iOS terminates the app
        try await app.foreground()
        try await app.waitForPageToMatch()
        let granted = try await app.evaluate("permitDemo.scan()")
        try context.check(granted == "\"stream\"", "expected a camera stream once allowed, got \(granted ?? "nothing")")
        try context.check(await app.device.promptCount(for: .camera) == 1, "expected no prompt after the relaunch")
        return "refused with NotAllowedError after one prompt; after Allow in Settings and a relaunch, a stream"
    }

    /// The page's Open Settings button reaches the app, which opens Settings; the switch turned there reaches
    /// the page, `Notification.permission` included.
    static let pageOpenSettings = DemoScenario(
        name: "page-open-settings", seed: "001",
        summary: "Notification declined; the page's Open Settings opens Settings, the switch turned on reaches the page"
    ) { context in
        let app = try await launchedApp(context)
        await app.device.answerNextPrompt(for: .notifications, with: .denied)
        let answer = try await app.evaluate("Notification.requestPermission()")
        try context.check(answer == "\"denied\"", "expected Notification.requestPermission() to answer denied, got \(answer ?? "nothing")")
        try await app.waitForPage("expected the page to offer Open Settings") {
            $0.rendered["notifications"]?.action == "Open Settings"
        }
        _ = try await app.evaluate("document.querySelector('[data-request=notifications]').click(); null")
        try await waitUntil("expected the page's Open Settings to open Settings") { await app.settingsOpened == 1 }
        try context.check(await app.device.appState == .background, "expected the app in the background while Settings is open")
        await app.changeInSettings(.notifications, to: .granted)
        try await app.foreground()
        try await app.waitForPageToMatch()
        let permission = try await app.evaluate("Notification.permission")
        try context.check(permission == "\"granted\"", "expected Notification.permission granted, got \(permission ?? "nothing")")
        try context.check(await app.device.promptCount(for: .notifications) == 1, "expected one system prompt in all")
        return "openSettings() reached the app; notifications turned on in Settings; the page reads granted"
    }

    /// Waits until `condition` holds; throws `failure` after five seconds.
    private static func waitUntil(_ failure: String, _ condition: () async -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(5)
        while await !condition() {
            guard ContinuousClock.now < deadline else { throw DemoError(failure) }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
