import Clocks
import Foundation
import Testing

@testable import Permit
import PermitTesting

/// A denial leads to Settings: the person's own request that meets a denied kind is offered Settings once per
/// launch (once ever where the manifest says `informsOnce`), and the choice opens Settings or does nothing.
@Suite(.timeLimit(.minutes(1))) struct SettingsOfferTests {
    let device = SimulatedDevice()
    let store = InMemoryPermissionStore()

    static let declarations = [
        PermissionDeclaration(kind: .camera, necessity: .optional, purpose: "Scans receipts."),
        PermissionDeclaration(kind: .notifications, necessity: .optional, purpose: "Sends reminders.", informsOnce: true),
        PermissionDeclaration(kind: .location, necessity: .optional, purpose: "Adds where you were."),
    ]

    func makePolicy(store: (any PermissionStore)? = nil) async throws -> PromptPolicy {
        let logger = makeTestLogger().0
        let center = PermissionCenter(
            kinds: [.camera, .notifications, .location], authority: device,
            storage: PermitStorage(store: store ?? self.store, logger: logger), logger: logger)
        let policy = PromptPolicy(
            manifest: try PermissionManifest(Self.declarations), center: center,
            configuration: .init(promptBudget: 10, cooldown: .zero), clock: TestClock(), logger: logger)
        await device.launchApp()
        await center.start()
        await policy.finishStartup()
        return policy
    }

    /// The person's tap on a denied kind: one offer per launch, with the texts of the issue, and Open Settings
    /// opens Settings (the app goes to the background); a second tap gets no second offer.
    @Test func aPersonsRequestForADeniedKindIsOfferedSettingsOncePerLaunch() async throws {
        await device.setStatus(.denied, for: .camera)
        let policy = try await makePolicy()
        let offers = SimulatedSettingsOffers(device: device, appName: "Trails")
        await offers.answerNextOffer(with: .openSettings)

        let first = try await policy.request(
            .camera, presentingPrimerWith: nil, offeringSettingsWith: offers, opener: offers, initiatedBy: .person)
        #expect(!first.askedSystem && first.nextStep == .openSettings && first.settingsOffer == .openSettings)
        #expect(first.description == "camera: denied -> openSettings; offered Settings: openSettings")
        let texts = try #require(await offers.shown.first)
        #expect(texts.title == "Camera is off for Trails")
        #expect(texts.message == "You can turn it on in Settings: Trails > Camera.")
        #expect(texts.openSettingsLabel == "Open Settings" && texts.notNowLabel == "Not now")
        #expect(texts.openSettingsHint == "Opens Trails's page in the Settings app.")
        #expect(await offers.settingsOpenCount == 1)
        #expect(await device.appState == .background)

        try await device.moveToForeground()
        let second = try await policy.request(
            .camera, presentingPrimerWith: nil, offeringSettingsWith: offers, opener: offers, initiatedBy: .person)
        #expect(second.nextStep == .openSettings && second.settingsOffer == nil)
        #expect(await offers.shown.count == 1)
        #expect(await device.promptCount(for: .camera) == 0)
    }

    /// The app's own request, a kind that is not denied, and a request the person just answered with Don't
    /// Allow get no offer.
    @Test func noOfferForTheAppsOwnRequestNorRightAfterThePrompt() async throws {
        await device.setStatus(.denied, for: .camera)
        let policy = try await makePolicy()
        let offers = SimulatedSettingsOffers(device: device)
        let own = try await policy.request(
            .camera, presentingPrimerWith: nil, offeringSettingsWith: offers, opener: offers, initiatedBy: .app)
        #expect(own.nextStep == .openSettings && own.settingsOffer == nil)

        await device.answerNextPrompt(for: .location, with: .denied)
        let justDenied = try await policy.request(
            .location, presentingPrimerWith: nil, offeringSettingsWith: offers, opener: offers, initiatedBy: .person)
        #expect(justDenied.askedSystem && justDenied.nextStep == .openSettings && justDenied.settingsOffer == nil)
        #expect(try await policy.offerSettings(for: .notifications, presenter: offers, opener: offers) == nil)
        #expect(await offers.shown.isEmpty)
        #expect(await offers.settingsOpenCount == 0)
    }

    /// Once per launch comes back at the next launch; `informsOnce` is once across launches, kept in the store.
    @Test func aRelaunchOffersAgainUnlessTheManifestSaysInformsOnce() async throws {
        let world = try FileStoreWorld()
        defer { world.tearDown() }
        await device.setStatus(.denied, for: .camera)
        await device.setStatus(.denied, for: .notifications)
        let offers = SimulatedSettingsOffers(device: device)
        let policy = try await makePolicy(store: world.store())
        #expect(try await policy.offerSettings(for: .camera, presenter: offers, opener: offers) == .notNow)
        #expect(try await policy.offerSettings(for: .notifications, presenter: offers, opener: offers) == .notNow)
        #expect(try await policy.offerSettings(for: .notifications, presenter: offers, opener: offers) == nil)
        await device.terminateApp()

        let relaunched = try await makePolicy(store: world.store())
        #expect(try await relaunched.offerSettings(for: .camera, presenter: offers, opener: offers) == .notNow)
        #expect(try await relaunched.offerSettings(for: .notifications, presenter: offers, opener: offers) == nil)
        #expect(await offers.offers.map(\.kind) == [.camera, .notifications, .camera])
        #expect(try await !relaunched.owesDenialNotice(for: .camera), "the offer is the denial notice")
    }

    /// The page's promise settles after the person's choice: the request waits while the offer is on screen;
    /// two taps at once make one offer.
    @Test func theRequestReturnsAfterTheChoiceAndConcurrentTapsMakeOneOffer() async throws {
        await device.setStatus(.denied, for: .camera)
        let policy = try await makePolicy()
        let offers = SimulatedSettingsOffers(device: device)
        await offers.setHoldsOffers(true)
        async let first = policy.request(
            .camera, presentingPrimerWith: nil, offeringSettingsWith: offers, opener: offers, initiatedBy: .person)
        while await offers.pendingOfferCount == 0 { await Task.yield() }
        let second = try await policy.request(
            .camera, presentingPrimerWith: nil, offeringSettingsWith: offers, opener: offers, initiatedBy: .person)
        #expect(second.settingsOffer == nil)
        #expect(await offers.answerPendingOffer(with: .notNow) == 1)
        #expect(try await first.settingsOffer == .notNow)
        #expect(await offers.settingsOpenCount == 0)
        #expect(await device.appState == .active)
    }

    /// iOS shows one alert at a time: the offer waits for another kind's system prompt to be answered.
    @Test func theOfferWaitsForAPromptOnScreen() async throws {
        await device.setStatus(.denied, for: .camera)
        let policy = try await makePolicy()
        let offers = SimulatedSettingsOffers(device: device)
        await device.setHoldsPrompts(true)
        async let location = policy.request(.location, initiatedBy: .person)
        while await device.pendingPromptCount(for: .location) == 0 { await Task.yield() }
        async let offered = policy.offerSettings(for: .camera, presenter: offers, opener: offers)
        for _ in 0..<200 { await Task.yield() }
        #expect(await offers.shown.isEmpty, "no offer over the prompt")
        #expect(await device.answerPendingPrompt(for: .location, with: .granted) == 1)
        #expect(try await offered == .notNow)
        #expect(try await location.state.status == .granted)
    }

    /// An offer the presenter could not show counts for nothing: the kind is offered at the next tap, and the
    /// denial notice is still owed.
    @Test func anOfferThatCouldNotBeShownIsNotMade() async throws {
        await device.setStatus(.denied, for: .camera)
        let policy = try await makePolicy()
        let offers = SimulatedSettingsOffers(device: device)
        await offers.setCanShowOffers(false)
        #expect(try await policy.offerSettings(for: .camera, presenter: offers, opener: offers) == nil)
        #expect(try await policy.owesDenialNotice(for: .camera))
        await offers.setCanShowOffers(true)
        #expect(try await policy.offerSettings(for: .camera, presenter: offers, opener: offers) == .notNow)
        #expect(await offers.offers.count == 1)
        #expect(try await !policy.owesDenialNotice(for: .camera))
    }

    /// A tap cancelled while its offer waits for a prompt on screen gets its request's outcome with no offer,
    /// and the kind is offered at the next tap.
    @Test func aCancelledOfferIsNotMadeAndTheRequestStillAnswers() async throws {
        await device.setStatus(.denied, for: .camera)
        let policy = try await makePolicy()
        let offers = SimulatedSettingsOffers(device: device)
        await device.setHoldsPrompts(true)
        async let location = policy.request(.location, initiatedBy: .person)
        while await device.pendingPromptCount(for: .location) == 0 { await Task.yield() }
        let tap = Task {
            try await policy.request(
                .camera, presentingPrimerWith: nil, offeringSettingsWith: offers, opener: offers, initiatedBy: .person)
        }
        for _ in 0..<200 { await Task.yield() }
        tap.cancel()
        let outcome = try await tap.value
        #expect(outcome.nextStep == .openSettings && outcome.settingsOffer == nil)
        #expect(await device.answerPendingPrompt(for: .location, with: .granted) == 1)
        _ = try await location
        #expect(try await policy.offerSettings(for: .camera, presenter: offers, opener: offers) == .notNow)
        #expect(await offers.offers.count == 1)
    }

    /// The texts in the app's language: the app's `Permit.strings` table, English for what it leaves out.
    @Test func theWordingComesFromTheAppsStringsTable() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("permit-wording-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let strings = folder.appendingPathComponent("en.lproj", isDirectory: true)
        try FileManager.default.createDirectory(at: strings, withIntermediateDirectories: true)
        try Data(
            """
            "permit.settingsOffer.title" = "{app}: {kind} ist aus";
            "permit.settingsOffer.notNow" = "Nicht jetzt";
            "permit.kind.camera" = "Kamera";
            """.utf8
        ).write(to: strings.appendingPathComponent("Permit.strings"))
        let bundle = try #require(Bundle(path: folder.path))

        let texts = SettingsOffer(kind: .camera).texts(appName: "Spur", wording: .localized(bundle: bundle))
        #expect(texts.title == "Spur: Kamera ist aus")
        #expect(texts.notNowLabel == "Nicht jetzt")
        #expect(texts.openSettingsLabel == "Open Settings")
        #expect(texts.message == "You can turn it on in Settings: Spur > Kamera.")
        let english = SettingsOffer(kind: .camera).texts(appName: "Spur", wording: .localized(bundle: Bundle(path: "/nonexistent") ?? .main))
        #expect(english.title == "Camera is off for Spur")
    }

    /// `informsOnce` is read from and written to the manifest's JSON, and left out when `false`.
    @Test func informsOnceRoundTripsThroughTheManifestsJSON() throws {
        let manifest = try PermissionManifest(Self.declarations)
        let json = String(decoding: manifest.jsonData(), as: UTF8.self)
        #expect(json.components(separatedBy: "informsOnce").count == 2)
        let read = try PermissionManifest(json: manifest.jsonData())
        #expect(read == manifest)
        #expect(read.declaration(for: .notifications)?.informsOnce == true)
        #expect(read.declaration(for: .camera)?.informsOnce == false)
    }
}
