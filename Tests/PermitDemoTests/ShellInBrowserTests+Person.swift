import Permit
import PermitDemo
import Testing

// MARK: - The person's own taps: who asks, one tap per call, the 5-second window, the offer of Settings

extension ShellInBrowserTests {
    /// `tap` is a person's click: its request prompts inside the cooldown the app's own script started, where
    /// the page's imitation of a tap and the app's next script are held, and the shell says why.
    @Test(arguments: shellEngines) func aTapIsThePersonsAndPromptsWhereTheAppsScriptIsHeld(engine: DemoEngine) async throws {
        let records = try await runShell([
            "answer notifications grant",
            "eval PermitBridge.requestPermission('notifications')",  // the app's own: prompts, starts the cooldown
            "eval fakeTap('#locate')",
            "answer camera grant",
            "tap #ask",
            "eval askLocation()",
        ], engine: engine, page: "/buttons", manifest: buttonManifest) { $0.count >= 3 }
        // The tap's answer comes once its prompt is answered, which may be after the others.
        #expect(Set(console(records)) == [
            "locate notDetermined false cooldown retryLater", "tap granted true  none",
            "script notDetermined false cooldown retryLater",
        ])
        #expect(records.contains { $0.type == "result" && $0.line.hasPrefix("tapped #ask at (") })
        #expect(records.contains { $0.type == "app" && $0.line.contains("the page's own request for location did not prompt: cooldown; next: retryLater") })
        #expect(!records.contains { $0.failsStrictRun })
    }

    /// A denial leads to Settings: the person's tap on a kind they denied gets the offer once in the launch, the
    /// page's answer carries the choice, and the request right after the person's own Don't Allow gets none.
    @Test(arguments: shellEngines) func aTapOnADeniedKindOffersSettingsOnce(engine: DemoEngine) async throws {
        let records = try await runShell([
            "answer camera deny",
            "tap #ask",
            "expect-within 5000 window.permitPermissions.camera === 'denied'",
            "offer notnow",
            "tap #ask",
            "tap #ask",
        ], engine: engine, page: "/buttons", manifest: buttonManifest) { $0.count >= 3 }
        #expect(Set(console(records)) == [
            "tap denied true denied openSettings", "tap denied false denied openSettings offer notNow",
            "tap denied false denied openSettings",
        ])
        let offers = records.filter { $0.type == "app" && $0.line.hasPrefix("app     Settings offer: ") }
        #expect(offers.map(\.line) == [
            #"app     Settings offer: "Camera is off for Permit demo", "You can turn it on in Settings: Permit demo > Camera." [Open Settings] [Not now]; the person taps Not now"#,
        ])
        #expect(!records.contains { $0.failsStrictRun })
    }

    /// One tap, one call: inside the cooldown the app's own prompt started, a handler that asks for two kinds
    /// gets the person's prompt for the first only; the second is the page's own, and the cooldown holds it.
    @Test(arguments: shellEngines) func oneTapReleasesOneCall(engine: DemoEngine) async throws {
        let records = try await runShell(
            [
                "answer notifications grant", "eval PermitBridge.requestPermission('notifications')",
                "answer camera grant", "answer location grant", "tap #twice",
            ], engine: engine, page: "/timed", manifest: buttonManifest
        ) { $0.count >= 2 }
        #expect(Set(console(records)) == ["twice camera granted true  none", "twice location notDetermined false cooldown retryLater"])
        #expect(records.contains { $0.type == "app" && $0.line.contains("the page's own request for location did not prompt: cooldown") })
    }

    /// The gesture lasts 5 seconds: inside the cooldown the app's own prompt started, a call a second after the
    /// tap is still the person's and prompts; one 5.6 seconds after its tap is the page's own, and the cooldown
    /// holds it.
    @Test(arguments: shellEngines) func aGestureExpiresAfterFiveSeconds(engine: DemoEngine) async throws {
        let cooldown = ["answer notifications grant", "eval PermitBridge.requestPermission('notifications')"]
        let soon = try await runShell(
            cooldown + ["answer location grant", "tap #soon"], engine: engine, page: "/timed", manifest: buttonManifest
        ) { $0.count >= 1 }
        #expect(console(soon) == ["soon location granted true  none"])
        let late = try await runShell(
            cooldown + ["answer camera grant", "tap #late"], engine: engine, page: "/timed", manifest: buttonManifest
        ) { $0.count >= 1 }
        #expect(console(late) == ["late camera notDetermined false cooldown retryLater"])
    }

    /// A page's own accessors and hooks on the built-in prototypes never see the gesture key, and the person's
    /// tap still prompts.
    @Test(arguments: shellEngines) func aPageCannotStealTheGestureKey(engine: DemoEngine) async throws {
        let records = try await runShell([
            "answer camera grant", "answer location deny",
            "tap #ask",
            "expect-within 5000 document.title === 'thief' && window.stolen.length === 0",
        ], engine: engine, page: "/thief", manifest: buttonManifest) { $0.count >= 2 }
        #expect(Set(console(records)) == ["camera granted", "location error 1"])
        #expect(records.contains { $0.type == "result" && $0.line.hasPrefix("ok: ") })
        #expect(!records.contains { $0.failsStrictRun })
    }
}
