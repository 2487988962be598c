import Foundation
import Permit
import PermitTesting

extension DemoScenario {
    /// Back from Settings: the person denied the camera, opens Settings from its card to turn it on, and iOS
    /// terminates the app for the change; the relaunch hands the page what it was doing, and the scan resumes.
    static let settingsKillResume = DemoScenario(
        name: "settings-kill-resume", seed: "000",
        summary: "the camera turned on in Settings kills the app; the relaunch gives the page its intent, and the scan resumes"
    ) { context in
        let app = try await launchedApp(context)
        await app.device.answerNextPrompt(for: .camera, with: .denied)
        _ = try await scan(app, "expected the Scan's prompt to end in a denial") { $0.contains("NotAllowedError") }

        // The camera's card: Open Settings, with the intent {camera, scan}.
        try await app.tap("[data-request=camera]")
        try await waitFor("expected the page's openSettings(intent) to open Settings") { await app.settingsOpened == 1 }
        let outcome = await app.changeInSettings(.camera, to: .granted)
        try context.check(outcome == .appTerminated, "expected iOS to terminate the app for the camera's switch, got \(outcome)")

        // The person taps the app's icon: a cold launch, whose page gets the return from its first script.
        try await app.foreground()
        let page = try await app.waitForPage("expected the page to resume the scan after the relaunch") { page in
            page.resumed != nil && page.scan == "stream"
        }
        guard let resumed = page.resumed else { throw DemoError("the page's return from Settings went missing") }
        try context.check(
            resumed.kind == "camera" && resumed.feature == "scan" && resumed.after == "granted" && resumed.terminated,
            "expected the return of the camera's intent after a kill, got \(resumed)")
        try context.check(resumed.atStart, "expected the page's first script to see settingsReturn")
        try context.check(await app.device.promptCount(for: .camera) == 1, "expected no second camera prompt")
        context.note("  page    Open Settings (camera, intent scan); in Settings: camera on; iOS terminated the app")
        context.note("  page    relaunch: settingsReturn at document start, then the event; the scan resumed: \(page.scan ?? "")")
        return "the intent survived the kill; the page resumed the scan with the camera granted"
    }
}
