import Foundation
import Logging
import Permit
import PermitSupport
import PermitTesting
import PermitWebTesting
import Testing

@testable import PermitWeb

/// A page's permission requests against the fake host: who made them (the person's gesture, proved with the
/// bridge's nonce, or the page on its own) and the detailed answer that says why a request did not prompt.
@Suite(.timeLimit(.minutes(1))) struct WebBridgeRequestTests {
    let device = SimulatedDevice()
    let host = FakeWebViewHost()
    let app = try! WebOrigin("https://app.example")
    let keeper = Keeper()

    final class Keeper: @unchecked Sendable {
        // @unchecked: written once by the test's own task before any concurrent use.
        var bridge: WebBridge?
    }

    /// A bridge over a policy declaring camera and microphone (lazy, no primer) with a budget of 1, a 10 s
    /// cooldown and startup not finished: every limit the page's own requests meet.
    func installedBridge(offers: SimulatedSettingsOffers? = nil) async throws -> (WebBridge, PromptPolicy) {
        await device.launchApp()
        let center = PermissionCenter(
            kinds: [.camera, .microphone, .location], authority: device,
            storage: PermitStorage(store: InMemoryPermissionStore(), logger: quietLogger), logger: quietLogger)
        let manifest = try PermissionManifest([
            PermissionDeclaration(kind: .camera, necessity: .optional, purpose: "Scans parcel labels."),
            PermissionDeclaration(kind: .microphone, necessity: .optional, purpose: "Records notes."),
        ])
        let policy = PromptPolicy(
            manifest: manifest, center: center, configuration: .init(promptBudget: 1, cooldown: .seconds(10)),
            logger: quietLogger)
        let bridge = WebBridge(
            policy: policy, configuration: BridgeConfiguration(allowedOrigins: [app]), location: SimulatedLocation(),
            haptics: RecordingHaptics(), settingsOffers: offers, settings: offers, logger: quietLogger)
        try await bridge.install(in: host)
        keeper.bridge = bridge
        return (bridge, policy)
    }

    func request(_ params: String, id: Int = 1) async throws -> JSONValue {
        let body = #"{"v":1,"id":\#(id),"method":"requestPermission","params":\#(params)}"#
        return try JSONValue.parse(Data(try await host.post(body, to: "permit", from: WebFrame(isMainFrame: true, origin: app)).utf8))
    }

    /// The detailed answer; whether the kind can be asked again is, unless given, what the four bridge statuses
    /// tell on their own: never asked prompts, denied and restricted never do, granted has nothing left to ask.
    func answer(
        status: String, asked: Bool, reason: String?, next: String, settingsOffer: String? = nil,
        askAgain: (Bool, String, String)? = nil
    ) -> JSONValue {
        let (canAskAgain, evidence, rule) =
            askAgain
            ?? [
                "notDetermined": (true, "observed", "notDetermined"), "denied": (false, "observed", "denied"),
                "restricted": (false, "observed", "restricted"), "granted": (false, "observed", "usable"),
            ][status]!
        return .object([
            "status": .string(status), "asked": .bool(asked), "reason": reason.map(JSONValue.string) ?? .null,
            "next": .string(next), "settingsOffer": settingsOffer.map(JSONValue.string) ?? .null,
            "canAskAgain": .bool(canAskAgain), "canAskAgainEvidence": .string(evidence),
            "canAskAgainReason": .string(rule),
        ])
    }

    /// The answer says when "can ask again" rests on history: location granted, then back to not determined with
    /// no request (Allow Once ended), reads inferred, here in the answer for a kind the manifest does not declare.
    @Test func theDetailedAnswerSaysWhatCanAskAgainRestsOn() async throws {
        let (_, policy) = try await installedBridge()
        for status in [PermissionStatus.granted, .notDetermined] {
            await device.setStatus(status, for: .location)
            await policy.center.handle(.didEnterBackground)
            await policy.center.handle(.willEnterForeground)
        }
        #expect(try await request(#"{"type":"location","detail":true}"#)["result"]
            == answer(status: "notDetermined", asked: false, reason: "undeclared", next: "none",
                      askAgain: (true, "inferred", "allowOnceEnded")))
    }

    @Test func thePersonsGestureProvedWithTheGestureKeyPromptsWhereThePagesOwnRequestIsHeld() async throws {
        let (bridge, _) = try await installedBridge()
        await device.setUnscriptedPromptAnswer(.granted)

        // The page on its own, at startup: held, and the detailed answer says why.
        #expect(try await request(#"{"type":"camera","detail":true}"#)["result"]
            == answer(status: "notDetermined", asked: false, reason: "startup", next: "retryLater"))
        // A gesture the bridge's script did not prove counts for nothing, nor does the push nonce.
        #expect(try await request(#"{"type":"camera","gesture":"forged","detail":true}"#, id: 2)["result"]?["reason"] == .string("startup"))
        #expect(try await request(#"{"type":"camera","gesture":"\#(bridge.nonce)","detail":true}"#, id: 5)["result"]?["reason"] == .string("startup"))
        #expect(await device.totalPromptCount == 0)

        // The person's tap: prompts at startup; the plain answer is the seed's string.
        #expect(try await request(#"{"type":"camera","gesture":"\#(bridge.gestureKey)"}"#, id: 3)["result"] == .string("granted"))
        // Another tap a moment later, past the budget and inside the cooldown, still prompts.
        #expect(try await request(#"{"type":"microphone","gesture":"\#(bridge.gestureKey)","detail":true}"#, id: 4)["result"]
            == answer(status: "granted", asked: true, reason: nil, next: "none"))
        #expect(await device.totalPromptCount == 2)
    }

    @Test func theDetailedAnswerNamesEachReason() async throws {
        let (bridge, policy) = try await installedBridge()
        await policy.finishStartup()
        await device.answerNextPrompt(for: .camera, with: .denied)
        #expect(try await request(#"{"type":"camera","detail":true}"#)["result"]
            == answer(status: "denied", asked: true, reason: "denied", next: "openSettings"))
        // The budget of 1 is spent (and the cooldown runs): the budget is the reason.
        #expect(try await request(#"{"type":"microphone","detail":true}"#, id: 2)["result"]
            == answer(status: "notDetermined", asked: false, reason: "budget", next: "retryLater"))
        // A denial is not asked again, not even for the person.
        #expect(try await request(#"{"type":"camera","gesture":"\#(bridge.gestureKey)","detail":true}"#, id: 3)["result"]
            == answer(status: "denied", asked: false, reason: "denied", next: "openSettings"))
        #expect(await device.totalPromptCount == 1)
    }

    @Test func aKindTheManifestDoesNotDeclareIsUndeclaredInDetailAndAFailureInThePlainAnswer() async throws {
        _ = try await installedBridge()
        #expect(try await request(#"{"type":"location","detail":true}"#)["result"]
            == answer(status: "notDetermined", asked: false, reason: "undeclared", next: "none"))
        #expect(try await request(#"{"type":"location"}"#, id: 2)["error"]?["code"] == .string("requestFailed"))
        #expect(await device.totalPromptCount == 0)
    }

    @Test func aRestrictedKindIsRestrictedAndNothingToDo() async throws {
        await device.setStatus(.restricted, for: .camera)
        _ = try await installedBridge()
        #expect(try await request(#"{"type":"camera","detail":true}"#)["result"]
            == answer(status: "restricted", asked: false, reason: "restricted", next: "none"))
    }

    /// The person's tap on a denied kind is offered Settings, and the page's answer waits for their choice; the
    /// page's own request for it gets no offer, nor does a second tap in the launch.
    @Test func aTapOnADeniedKindIsAnsweredAfterTheChoiceAtTheOfferOfSettings() async throws {
        await device.setStatus(.denied, for: .camera)
        let offers = SimulatedSettingsOffers(device: device)
        await offers.setHoldsOffers(true)
        let (bridge, policy) = try await installedBridge(offers: offers)
        await policy.finishStartup()

        #expect(try await request(#"{"type":"camera","detail":true}"#)["result"]
            == answer(status: "denied", asked: false, reason: "denied", next: "openSettings"))
        #expect(await offers.offers.isEmpty)

        async let tapped = request(#"{"type":"camera","gesture":"\#(bridge.gestureKey)","detail":true}"#, id: 2)
        while await offers.pendingOfferCount == 0 { await Task.yield() }
        #expect(await offers.answerPendingOffer(with: .openSettings) == 1)
        #expect(try await tapped["result"]
            == answer(status: "denied", asked: false, reason: "denied", next: "openSettings", settingsOffer: "openSettings"))
        #expect(await offers.settingsOpenCount == 1)
        #expect(await offers.shown.map(\.title) == ["Camera is off for Trails"])

        try await device.moveToForeground()
        #expect(try await request(#"{"type":"camera","gesture":"\#(bridge.gestureKey)"}"#, id: 3)["result"] == .string("denied"))
        #expect(await offers.offers.count == 1)
    }
}
