import Foundation
import Permit
import PermitTesting

extension DemoScenario {
    /// Who asks: a person's tap prompts whatever the policy's limits; the page's own requests and the app's
    /// evaluated script meet them, and the page reads why.
    static let whoAsks: [DemoScenario] = [personTapsPrompt, pageOwnRequestsHeld, deniedOffersSettings]

    /// The demo app launched with its manifest, after the person tapped Notifications' Request and allowed it:
    /// one prompt answered, its 10 s cooldown running.
    private static func appAfterTappingNotifications(_ context: DemoContext) async throws -> HybridApp {
        let app = try await launchedApp(context)
        await app.device.answerNextPrompt(for: .notifications, with: .granted)
        try await app.tap("[data-request=notifications]")
        try await app.waitForPage("expected notifications granted after the tap") { $0.statuses["notifications"] == "granted" }
        return app
    }

    /// Two taps a moment apart, on Notifications' Request and on Scan: both prompt, though the second comes
    /// well inside the 10 s cooldown that would hold the page's own request back.
    static let personTapsPrompt = DemoScenario(
        name: "person-taps-prompt", seed: "003",
        summary: "a person's tap right after another prompt still prompts: the cooldown holds back only the page's own requests"
    ) { context in
        let app = try await appAfterTappingNotifications(context)
        await app.device.answerNextPrompt(for: .camera, with: .granted)
        let start = ContinuousClock.now
        try await app.tap("#scan")  // getUserMedia({video: true}), inside the cooldown
        try await app.waitForPage("expected the camera granted after the second tap") { $0.statuses["camera"] == "granted" }
        let apart = start.duration(to: .now)
        // The cooldown still runs after the second tap: the page's own request is held by it.
        let later = try await app.evaluate("ZooboxBridge.requestPermission('location', { detail: true }).then((a) => a.reason)")
        try context.check(later == "\"cooldown\"", "expected the cooldown to run still, the page's own request read \(later ?? "nothing")")
        try context.check(await app.device.promptCount(for: .notifications) == 1, "expected one notifications prompt")
        try context.check(await app.device.promptCount(for: .camera) == 1, "expected the second tap to prompt for the camera")
        context.note("  page    tap Request (notifications): prompt; tap Scan within \(apart.formatted(.units(allowed: [.seconds, .milliseconds]))): prompt")
        return "two taps, two prompts, the second inside the cooldown"
    }

    /// After a person's tap prompted, a request from a page timer, one from script the app evaluates (which
    /// WebKit runs with user activation) and a standard `getUserMedia` from script are all held by the
    /// cooldown, and each says so: the detailed answer's reason, the error's message.
    static let pageOwnRequestsHeld = DemoScenario(
        name: "page-own-requests-held", seed: "001",
        summary: "inside the cooldown, the page's timer and the app's evaluated script are held, and read reason cooldown"
    ) { context in
        let app = try await appAfterTappingNotifications(context)

        let fromTimer = try await app.evaluate("""
            new Promise((resolve) => setTimeout(() => resolve(ZooboxBridge.requestPermission('camera', { detail: true })), 0))
            """)
        let timerAnswer = fromTimer.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        try context.check(
            timerAnswer?["status"] as? String == "notDetermined" && timerAnswer?["asked"] as? Bool == false
                && timerAnswer?["reason"] as? String == "cooldown" && timerAnswer?["next"] as? String == "retryLater",
            "expected the timer's request held for the cooldown, got \(fromTimer ?? "nothing")")
        let evaluated = try await app.evaluate("""
            (async () => {
              const active = navigator.userActivation ? navigator.userActivation.isActive : null;
              const answer = await ZooboxBridge.requestPermission('camera', { detail: true });
              return { active, reason: answer.reason, asked: answer.asked };
            })()
            """) ?? ""
        try context.check(
            evaluated.contains(#""reason":"cooldown""#) && evaluated.contains(#""asked":false"#),
            "expected the app's evaluated script held for the cooldown, got \(evaluated)")
        let standard = try await app.evaluate(
            "navigator.mediaDevices.getUserMedia({ video: true }).then(() => 'stream', (e) => e.name + ': ' + e.message)") ?? ""
        try context.check(
            standard.contains("NotAllowedError") && standard.contains("cooldown"),
            "expected getUserMedia to fail with NotAllowedError naming the cooldown, got \(standard)")
        try context.check(await app.device.promptCount(for: .camera) == 0, "expected no camera prompt")
        let engineSaysActive = evaluated.contains(#""active":true"#)
        context.note("  page    timer: held (cooldown); evaluated script (engine's userActivation \(engineSaysActive)): held (cooldown)")
        context.note("  page    getUserMedia: \(standard)")
        return "the timer's and the evaluated script's requests held with reason cooldown; no camera prompt"
    }

    /// A denial leads to Settings: the person's tap on Scan meets the camera they denied, and the app offers
    /// Settings once in the launch; the page's `getUserMedia` settles after the choice, and its error names it.
    /// The page then opens Settings itself, as its card's `next: openSettings` says; after a relaunch the offer
    /// comes once more, and Open Settings opens them.
    static let deniedOffersSettings = DemoScenario(
        name: "denied-offers-settings", seed: "001",
        summary: "a tap on a denied kind offers Settings once per launch, the page's promise settles after the choice; then openSettings"
    ) { context in
        let app = try await launchedApp(context)
        await app.device.answerNextPrompt(for: .camera, with: .denied)
        let first = try await scan(app, "expected the Scan's prompt to end in a denial") { $0.contains("NotAllowedError") }
        try context.check(await app.settingsOffersShown == 0, "expected no offer right after the person's own Don't Allow")

        await app.answerNextSettingsOffer(with: .notNow)
        let declined = try await scan(app, "expected the second Scan to fail after the offer") {
            $0.contains("NotAllowedError") && $0.contains("chose not to open Settings")
        }
        let again = try await scan(app, "expected the third Scan to fail at once") { $0.contains("NotAllowedError") }
        try context.check(
            await app.settingsOffersShown == 1 && !again.contains("chose"), "expected one offer in the launch, got \(again)")
        try context.check(await app.device.promptCount(for: .camera) == 1, "expected one camera prompt in all")

        // The page's card offers Open Settings for a denied kind, and calls openSettings() itself.
        try await app.tap("[data-request=camera]")
        try await waitFor("expected the page's openSettings() to open Settings") { await app.settingsOpened == 1 }
        try await app.foreground()

        try await app.relaunch()
        try await app.waitForPageToMatch()
        await app.answerNextSettingsOffer(with: .openSettings)
        let opened = try await scan(app, "expected the Scan after the relaunch to fail after the offer") {
            $0.contains("chose to open Settings")
        }
        try context.check(await app.settingsOffersShown == 2, "expected the offer once more after the relaunch")
        try context.check(await app.settingsOpened == 2, "expected Open Settings to open Settings")
        try context.check(await app.device.appState == .background, "expected the app in the background, in Settings")
        context.note("  page    tap Scan, Don't Allow: \(first)")
        context.note("  page    tap Scan: offer, Not now: \(declined)")
        context.note("  page    tap Scan again: no second offer: \(again)")
        context.note("  page    after a relaunch, tap Scan: offer, Open Settings: \(opened)")
        return "one offer per launch after a denial; the page's promise settled after each choice; Settings opened twice"
    }

    /// Taps Scan and returns what `getUserMedia` ended with, once it ended and `done` holds for it.
    static func scan(
        _ app: HybridApp, _ failure: String, until done: @escaping @Sendable (String) -> Bool
    ) async throws -> String {
        let before = try await app.pageSnapshot()?.log ?? 0
        try await app.tap("#scan")
        let snapshot = try await app.waitForPage(failure) { page in page.log > before && page.scan.map(done) == true }
        return snapshot.scan ?? ""
    }
}
