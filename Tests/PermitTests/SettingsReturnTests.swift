import Foundation
import Permit
import PermitTesting
import Testing

@testable import Permit

/// Back from Settings: the intent recorded before Settings opened comes back once, with the status before and
/// after, the time away and whether iOS terminated the app, at the relaunch after a kill or at the return to the
/// foreground; never after it expired, never twice.
@Suite(.timeLimit(.minutes(1))) struct SettingsReturnTests {
    let device = SimulatedDevice()
    let store = InMemoryPermissionStore()
    let clock = WallClock()

    /// A wall clock the test moves.
    final class WallClock: @unchecked Sendable {  // guarded by `lock`
        private let lock = NSLock()
        private var date = Date(timeIntervalSince1970: 1_763_778_000)
        var now: @Sendable () -> Date { { [self] in lock.withLock { date } } }
        func advance(by seconds: TimeInterval) { lock.withLock { date += seconds } }
    }

    /// Launches the app's process on the device and makes its center, as an app does at launch.
    func launch(kinds: [PermissionKind] = [.camera, .location]) async -> PermissionCenter {
        await device.launchApp()
        let logger = makeTestLogger().0
        let center = PermissionCenter(
            kinds: kinds, authority: device, storage: PermitStorage(store: store, logger: logger), now: clock.now,
            logger: logger)
        await device.attachLifecycleObserver { await center.handle($0) }
        return center
    }

    let scan = SettingsIntent(kind: .camera, feature: "scan", payload: #"{"parcel":"4711"}"#)

    // MARK: - The decision

    @Test func theDecisionReportsAfterANewProcessOrALeaveAndForgetsWhatExpired() {
        let launch = UUID()
        let visit = SettingsVisit(
            intent: scan, before: .denied, statuses: [:], leftAt: Date(timeIntervalSince1970: 0),
            expiresAt: Date(timeIntervalSince1970: 600), launch: launch)
        let inTime = Date(timeIntervalSince1970: 30)
        #expect(visit.decision(now: inTime, launch: UUID(), leftApp: false) == .report(processWasTerminated: true))
        #expect(visit.decision(now: inTime, launch: launch, leftApp: true) == .report(processWasTerminated: false))
        #expect(visit.decision(now: inTime, launch: launch, leftApp: false) == .keep)
        let late = Date(timeIntervalSince1970: 601)
        #expect(visit.decision(now: late, launch: UUID(), leftApp: true) == .expire)
        #expect(visit.decision(now: late, launch: launch, leftApp: false) == .expire)
    }

    // MARK: - Through the simulated device

    /// The camera turned on in Settings: iOS terminates the app, and the relaunch reports the intent once.
    @Test func aKillInSettingsIsResumedAtTheRelaunchOnce() async throws {
        await device.setStatus(.denied, for: .camera)
        let first = await launch()
        let opener = SimulatedSettingsOffers(device: device)
        #expect(try await first.openSettings(for: scan, with: opener))
        #expect(await device.appState == .background)
        clock.advance(by: 12)
        #expect(await device.changeInSettings(.camera, to: .granted) == .appTerminated)

        let relaunched = await launch()
        var returns = relaunched.settingsReturns().makeAsyncIterator()
        await relaunched.start()
        let back = try #require(await returns.next())
        #expect(back.intent == scan && back.before == .denied && back.after == .granted && back.changed)
        #expect(back.processWasTerminated && back.duration == .seconds(12))
        #expect(await relaunched.lastSettingsReturn() == back)
        // A subscription made later starts with it too.
        var later = relaunched.settingsReturns().makeAsyncIterator()
        #expect(await later.next() == back)

        // Reported once: the next launch has none.
        await device.terminateApp()
        let third = await launch()
        await third.start()
        #expect(await third.lastSettingsReturn() == nil)
        #expect(await store.snapshot.attachments[SettingsVisit.key.name] == nil)
    }

    /// Location's switch does not terminate the app: the return comes at the return to the foreground, after the
    /// refresh that read the new status.
    @Test func aChangeThatKeepsTheAppRunningIsReportedAtTheForeground() async throws {
        await device.setStatus(.denied, for: .location)
        let center = await launch()
        await center.start()
        var returns = center.settingsReturns().makeAsyncIterator()
        try await center.openSettings(for: SettingsIntent(kind: .location, feature: "map"), with: SimulatedSettingsOffers(device: device))
        #expect(await device.changeInSettings(.location, to: .granted) == .appKeptRunning)
        try await device.moveToForeground()
        let back = try #require(await returns.next())
        #expect(back.intent.kind == .location && back.before == .denied && back.after == .granted)
        #expect(!back.processWasTerminated)
        #expect(await center.state(for: .location)?.status == .granted)
    }

    /// Back without changing anything: reported, unchanged.
    @Test func comingBackWithNoChangeIsReportedUnchanged() async throws {
        await device.setStatus(.denied, for: .camera)
        let center = await launch()
        try await center.openSettings(for: scan, with: SimulatedSettingsOffers(device: device))
        try await device.moveToForeground()
        let back = try #require(await center.lastSettingsReturn())
        #expect(!back.changed && back.after == .denied && !back.processWasTerminated)
    }

    /// A foreground event before the app left (an alert went away) is not the return: the intent waits for the
    /// app to leave and come back.
    @Test func aForegroundEventBeforeTheAppLeftIsNotTheReturn() async throws {
        let center = await launch()
        try await center.recordSettingsIntent(scan)
        await center.handle(.didBecomeActive)
        #expect(await center.lastSettingsReturn() == nil)
        await device.moveToBackground()
        try await device.moveToForeground()
        #expect(await center.lastSettingsReturn()?.intent == scan)
    }

    /// An intent older than its lifetime (10 minutes by default) is forgotten: the relaunch reports nothing.
    @Test func anExpiredIntentIsForgotten() async throws {
        let center = await launch()
        try await center.openSettings(for: scan, with: SimulatedSettingsOffers(device: device))
        clock.advance(by: 601)
        await device.changeInSettings(.camera, to: .granted)
        let relaunched = await launch()
        await relaunched.start()
        #expect(await relaunched.lastSettingsReturn() == nil)
        #expect(await store.snapshot.attachments[SettingsVisit.key.name] == nil)
    }

    /// Settings did not open: the intent is dropped, and nothing comes back.
    @Test func anIntentWhoseSettingsDidNotOpenIsDropped() async throws {
        let center = await launch()
        #expect(try await !center.openSettings(for: scan, with: NeverOpens()))
        await device.terminateApp()
        let relaunched = await launch()
        await relaunched.start()
        #expect(await relaunched.lastSettingsReturn() == nil)
    }

    /// Bad input records nothing: a kind the center does not track, a payload over 4 KiB.
    @Test func badInputRecordsNothing() async throws {
        let center = await launch()
        let opener = SimulatedSettingsOffers(device: device)
        await #expect(throws: PermitError.kindNotTracked) {
            try await center.openSettings(for: SettingsIntent(kind: .contacts), with: opener)
        }
        let big = SettingsIntent(kind: .camera, payload: String(repeating: "x", count: SettingsIntent.maximumPayloadSize + 1))
        await #expect(throws: PermitError.invalidValue) { try await center.openSettings(for: big, with: opener) }
        #expect(await opener.settingsOpenCount == 0)
        #expect(await store.snapshot.attachments[SettingsVisit.key.name] == nil)
    }

    /// The policy's offer of Settings records the kind as the intent: with nothing configured, the person who
    /// chose Open Settings is resumed after the kill.
    @Test func theOfferOfSettingsRecordsTheIntent() async throws {
        await device.setStatus(.denied, for: .camera)
        let center = await launch()
        let policy = PromptPolicy(
            manifest: try PermissionManifest([PermissionDeclaration(kind: .camera, necessity: .optional, purpose: "Scans parcels.")]),
            center: center, logger: makeTestLogger().0)
        let offers = SimulatedSettingsOffers(device: device)
        await offers.answerNextOffer(with: .openSettings)
        #expect(try await policy.offerSettings(for: .camera, presenter: offers, opener: offers) == .openSettings)
        await device.changeInSettings(.camera, to: .granted)
        let relaunched = await launch()
        await relaunched.start()
        let back = try #require(await relaunched.lastSettingsReturn())
        #expect(back.intent == SettingsIntent(kind: .camera) && back.after == .granted && back.processWasTerminated)
    }

    struct NeverOpens: SettingsOpener {
        func openSettings() async -> Bool { false }
    }
}
