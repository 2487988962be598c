import Logging
import Permit
import PermitObservation
import PermitTesting
import Testing

/// The offer of Settings through `PermissionModel` and the `SettingsOfferModel` a SwiftUI alert shows: the
/// person's tap on a denied kind puts the offer on screen, and the request returns with the choice.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct SettingsOfferModelTests {
    private let logger = Logger(label: "SettingsOfferModelTests")

    @Test func aTapOnADeniedKindShowsTheOfferAndReturnsWithTheChoice() async throws {
        let device = SimulatedDevice(statuses: [.camera: .denied])
        await device.launchApp()
        let center = PermissionCenter(
            kinds: [.camera], authority: device, storage: PermitStorage(store: InMemoryPermissionStore(), logger: logger),
            logger: logger)
        let policy = PromptPolicy(
            manifest: try PermissionManifest([PermissionDeclaration(kind: .camera, necessity: .optional, purpose: "Scans.")]),
            center: center, logger: logger)
        let offers = SettingsOfferModel(appName: "Trails", wording: .english)
        let settings = SimulatedSettingsOffers(device: device)
        let model = PermissionModel(policy: policy, settingsOffers: offers, settings: settings)

        async let tapped = model.request(.camera)
        while offers.presented == nil { await Task.yield() }
        let shown = try #require(offers.presented)
        #expect(shown.texts.title == "Camera is off for Trails")
        #expect(shown.offer.kind == .camera)
        offers.choose(.openSettings, for: shown.id)
        #expect(try await tapped.status == .denied)
        #expect(model.outcome(of: .camera)?.settingsOffer == .openSettings)
        #expect(await settings.settingsOpenCount == 1)
        #expect(offers.presented == nil)

        // Once per launch: the second tap answers at once, with no offer.
        try await device.moveToForeground()
        #expect(try await model.request(.camera).status == .denied)
        #expect(model.outcome(of: .camera)?.settingsOffer == nil)
        #expect(offers.presented == nil)
    }

    /// Offers come one at a time: the next once the alert of the last reported that it has gone, and an
    /// alert's late answer cannot reach the offer after its own.
    @Test func offersWaitTheirTurnAndALateAnswerReachesNoOtherOffer() async {
        // A limit no loaded machine reaches: only the alert's report hands the screen over here.
        let offers = SettingsOfferModel(appName: "Trails", wording: .english, alertLeaveLimit: .seconds(600))
        async let camera = offers.present(SettingsOffer(kind: .camera))
        while offers.presented == nil { await Task.yield() }
        async let microphone = offers.present(SettingsOffer(kind: .microphone))
        for _ in 0..<100 { await Task.yield() }
        let first = offers.presented
        #expect(first?.offer.kind == .camera)

        offers.choose(.openSettings, for: first?.id ?? -1)
        offers.choose(.notNow, for: first?.id ?? -1)  // an answer for an offer gone: nothing
        for _ in 0..<100 { await Task.yield() }
        #expect(offers.presented == nil, "the next offer waits for the alert to go")
        #expect(offers.lastPresented?.offer.kind == .camera, "the alert keeps its texts while it goes")
        offers.alertDismissed()
        while offers.presented == nil { await Task.yield() }
        let second = offers.presented
        #expect(second?.offer.kind == .microphone)
        #expect(second?.texts.title == "Microphone is off for Trails")
        offers.choose(.notNow, for: second?.id ?? -1)
        #expect(await camera == .openSettings)
        #expect(await microphone == .notNow)
        #expect(offers.presented == nil)
    }

    /// An alert that never reports its dismissal holds the next offer back for the limit only.
    @Test func theNextOfferComesAfterTheLimitWhenTheAlertNeverReports() async {
        let offers = SettingsOfferModel(appName: "Trails", wording: .english, alertLeaveLimit: .milliseconds(100))
        async let camera = offers.present(SettingsOffer(kind: .camera))
        while offers.presented == nil { await Task.yield() }
        async let location = offers.present(SettingsOffer(kind: .location))
        for _ in 0..<100 { await Task.yield() }
        offers.choose(.notNow, for: offers.presented?.id ?? -1)
        while offers.presented == nil { try? await Task.sleep(for: .milliseconds(10)) }
        #expect(offers.presented?.offer.kind == .location)
        offers.choose(.openSettings, for: offers.presented?.id ?? -1)
        #expect(await camera == .notNow)
        #expect(await location == .openSettings)
    }
}
