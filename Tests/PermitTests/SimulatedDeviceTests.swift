import Permit
import PermitTesting
import Testing

/// ``SimulatedDevice`` behaves the way iOS does: prompts, Settings, and the app's lifecycle.
@Suite(.timeLimit(.minutes(1))) struct SimulatedDeviceTests {
    // MARK: - Prompts

    @Test func requestOnNotDeterminedShowsOnePromptWithTheScriptedAnswer() async throws {
        let device = SimulatedDevice()
        await device.launchApp()
        await device.answerNextPrompt(for: .camera, with: .granted)

        #expect(try await device.request(.camera) == .granted)

        #expect(await device.promptCount(for: .camera) == 1)
        #expect(await device.totalPromptCount == 1)
        #expect(await device.status(of: .camera) == .granted)
        #expect(await device.promptCount(for: .location) == 0)
    }

    @Test func scriptedAnswersAreUsedInOrder() async throws {
        let device = SimulatedDevice()
        await device.launchApp()
        await device.answerNextPrompt(for: .photos, with: .limited)
        await device.answerNextPrompt(for: .photos, with: .denied)

        #expect(try await device.request(.photos) == .limited)
        await device.setStatus(.notDetermined, for: .photos)
        #expect(try await device.request(.photos) == .denied)
        #expect(await device.promptCount(for: .photos) == 2)
    }

    @Test(arguments: PermissionStatus.allCases.filter { $0 != .notDetermined })
    func requestOnADeterminedKindShowsNoPrompt(_ status: PermissionStatus) async throws {
        let device = SimulatedDevice(statuses: [.camera: status])
        await device.launchApp()
        await device.answerNextPrompt(for: .camera, with: .granted)

        #expect(try await device.request(.camera) == status)

        #expect(await device.promptCount(for: .camera) == 0)
        #expect(await device.totalPromptCount == 0)
        #expect(await device.status(of: .camera) == status)
    }

    @Test func unscriptedPromptThrowsUnexpectedPrompt() async throws {
        let device = SimulatedDevice()
        await device.launchApp()

        await #expect(throws: SimulatedDeviceError.unexpectedPrompt) {
            try await device.request(.microphone)
        }
        #expect(await device.status(of: .microphone) == .notDetermined)
    }

    @Test func unexpectedPromptNamesTheKind() async throws {
        let device = SimulatedDevice()
        await device.launchApp()
        do {
            _ = try await device.request(.microphone)
            Issue.record("an unscripted prompt returned")
        } catch let error as SimulatedDeviceError {
            #expect(error == .unexpectedPrompt)
            #expect(error.description.contains("microphone"))
        }
    }

    @Test func unscriptedPromptAnswerAnswersEveryPrompt() async throws {
        let device = SimulatedDevice(unscriptedPromptAnswer: .denied)
        await device.launchApp()

        #expect(try await device.request(.camera) == .denied)
        #expect(try await device.request(.contacts) == .denied)
        await device.setUnscriptedPromptAnswer(.limited)
        #expect(try await device.request(.photos) == .limited)

        #expect(await device.totalPromptCount == 3)
        #expect(await device.status(of: .camera) == .denied)
    }

    @Test func scriptedAnswerWinsOverTheUnscriptedAnswer() async throws {
        let device = SimulatedDevice(unscriptedPromptAnswer: .denied)
        await device.launchApp()
        await device.answerNextPrompt(for: .camera, with: .granted)

        #expect(try await device.request(.camera) == .granted)
    }

    @Test func heldPromptWaitsForAnAnswer() async throws {
        let device = SimulatedDevice()
        await device.launchApp()
        await device.setHoldsPrompts(true)

        let request = Task { try await device.request(.camera) }
        try await waitForPendingPrompt(on: device, for: .camera)

        #expect(await device.pendingPromptCount(for: .camera) == 1)
        #expect(await device.status(of: .camera) == .notDetermined)
        #expect(await device.answerPendingPrompt(for: .camera, with: .granted) == 1)
        #expect(try await request.value == .granted)
        #expect(await device.pendingPromptCount(for: .camera) == 0)
        #expect(await device.status(of: .camera) == .granted)
        #expect(await device.promptCount(for: .camera) == 1)
    }

    @Test func answeringWithNothingPendingAnswersNothing() async {
        let device = SimulatedDevice()
        await device.setHoldsPrompts(true)
        #expect(await device.answerPendingPrompt(for: .camera, with: .granted) == 0)
        #expect(await device.status(of: .camera) == .notDetermined)
    }

    @Test func terminationDuringAHeldPromptFailsTheRequest() async throws {
        let device = SimulatedDevice()
        await device.launchApp()
        await device.setHoldsPrompts(true)

        let request = Task { try await device.request(.camera) }
        try await waitForPendingPrompt(on: device, for: .camera)
        await device.terminateApp()

        await #expect(throws: SimulatedDeviceError.appNotRunning) { try await request.value }
        #expect(await device.pendingPromptCount(for: .camera) == 0)
    }

    // MARK: - Status reads

    @Test func statusesReadManyKindsInOneRead() async {
        let device = SimulatedDevice(statuses: [.camera: .granted, .bluetooth: .unavailable])

        let statuses = await device.statuses(of: [.camera, .bluetooth, .location])

        #expect(statuses == [.camera: .granted, .bluetooth: .unavailable, .location: .notDetermined])
        #expect(await device.statusReadCount == 1)
        _ = await device.status(of: .camera)
        #expect(await device.statusReadCount == 2)
    }

    // MARK: - Settings

    @Test func cameraChangedInSettingsTerminatesTheRunningApp() async throws {
        let device = SimulatedDevice(statuses: [.camera: .granted])
        await device.launchApp()
        await device.moveToBackground()

        #expect(await device.changeInSettings(.camera, to: .denied) == .appTerminated)

        #expect(await device.appState == .notRunning)
        #expect(await device.terminationCount == 1)
        #expect(await device.status(of: .camera) == .denied)
        await #expect(throws: SimulatedDeviceError.appNotRunning) {
            try await device.moveToForeground()
        }
        #expect(await device.appState == .notRunning)
    }

    @Test func cameraChangedInSettingsWhileActiveAlsoTerminates() async throws {
        let device = SimulatedDevice()
        await device.launchApp()

        #expect(await device.changeInSettings(.camera, to: .granted) == .appTerminated)
        #expect(await device.appState == .notRunning)
        #expect(await device.terminationCount == 1)
    }

    @Test func locationChangedInBackgroundIsReportedOnlyAfterForeground() async throws {
        let device = SimulatedDevice(statuses: [.location: .granted])
        let (observed, continuation) = AsyncStream.makeStream(of: DeviceObservation.self)
        await device.launchApp()
        await device.observeChanges { continuation.yield(.change($0)) }
        await device.moveToBackground()

        #expect(await device.changeInSettings(.location, to: .denied) == .appKeptRunning)
        #expect(await device.appState == .background)
        #expect(await device.terminationCount == 0)
        continuation.yield(.mark("moving to foreground"))
        try await device.moveToForeground()
        continuation.yield(.mark("in foreground"))
        continuation.finish()

        // Location is one authorization: turning it off turns "always" off too, and both are reported.
        #expect(
            await observed.collected() == [
                .mark("moving to foreground"), .change(.location), .change(.locationAlways), .mark("in foreground"),
            ])
        #expect(await device.appState == .active)
        #expect(await device.status(of: .location) == .denied)
    }

    @Test func locationChangedWhileActiveIsReportedAtOnce() async {
        let device = SimulatedDevice()
        let (observed, continuation) = AsyncStream.makeStream(of: DeviceObservation.self)
        await device.launchApp()
        await device.observeChanges { continuation.yield(.change($0)) }

        #expect(await device.changeInSettings(.location, to: .granted) == .appKeptRunning)
        continuation.yield(.mark("after change"))
        continuation.finish()

        #expect(await observed.collected() == [.change(.location), .mark("after change")])
    }

    @Test func notificationsChangedInSettingsKeepTheAppRunningWithoutACallback() async throws {
        let device = SimulatedDevice(statuses: [.notifications: .granted])
        let (observed, continuation) = AsyncStream.makeStream(of: DeviceObservation.self)
        await device.launchApp()
        await device.observeChanges { continuation.yield(.change($0)) }
        await device.moveToBackground()

        #expect(await device.changeInSettings(.notifications, to: .denied) == .appKeptRunning)
        try await device.moveToForeground()
        continuation.finish()

        #expect(await observed.collected() == [])
        #expect(await device.status(of: .notifications) == .denied)
        #expect(await device.terminationCount == 0)
    }

    @Test func settingTheSameValueInSettingsChangesNothing() async {
        let device = SimulatedDevice(statuses: [.camera: .granted])
        await device.launchApp()

        #expect(await device.changeInSettings(.camera, to: .granted) == .appKeptRunning)
        #expect(await device.appState == .active)
        #expect(await device.terminationCount == 0)
    }

    @Test func changeInSettingsWhileNotRunning() async {
        let device = SimulatedDevice()

        #expect(await device.changeInSettings(.camera, to: .denied) == .appNotRunning)
        #expect(await device.status(of: .camera) == .denied)
        #expect(await device.terminationCount == 0)
    }

    // MARK: - Lifecycle

    @Test func launchMakesTheAppActive() async {
        let device = SimulatedDevice()
        #expect(await device.appState == .notRunning)
        #expect(await device.launchCount == 0)

        await device.launchApp()

        #expect(await device.appState == .active)
        #expect(await device.launchCount == 1)
    }

    @Test func observerReceivesBackgroundThenForegroundEventsInOrder() async throws {
        let device = SimulatedDevice()
        let events = DeviceEventRecorder()
        await device.launchApp()
        await device.attachLifecycleObserver { await events.append($0) }

        await device.moveToBackground()
        #expect(await events.items == [.didEnterBackground])
        #expect(await device.appState == .background)
        try await device.moveToForeground()

        #expect(await events.items == [.didEnterBackground, .willEnterForeground, .didBecomeActive])
        #expect(await device.appState == .active)
    }

    @Test func movesThatChangeNothingSendNoEvents() async throws {
        let device = SimulatedDevice()
        let events = DeviceEventRecorder()
        await device.launchApp()
        await device.attachLifecycleObserver { await events.append($0) }

        try await device.moveToForeground()  // already active
        await device.moveToBackground()
        await device.moveToBackground()  // already in the background

        #expect(await events.items == [.didEnterBackground])
    }

    @Test func moveToForegroundBeforeLaunchThrows() async {
        let device = SimulatedDevice()
        await #expect(throws: SimulatedDeviceError.appNotRunning) {
            try await device.moveToForeground()
        }
    }

    @Test func terminateAppRemovesTheObservers() async throws {
        let device = SimulatedDevice()
        let events = DeviceEventRecorder()
        let (observed, continuation) = AsyncStream.makeStream(of: DeviceObservation.self)
        await device.launchApp()
        await device.attachLifecycleObserver { await events.append($0) }
        await device.observeChanges { continuation.yield(.change($0)) }
        await device.moveToBackground()

        await device.terminateApp()

        #expect(await device.appState == .notRunning)
        #expect(await device.terminationCount == 1)
        await device.launchApp()
        #expect(await device.launchCount == 2)
        await device.moveToBackground()
        try await device.moveToForeground()
        #expect(await device.changeInSettings(.location, to: .granted) == .appKeptRunning)
        continuation.finish()

        #expect(await events.items == [.didEnterBackground])
        #expect(await observed.collected() == [])
    }

    @Test func terminateAppDropsCallbacksHeldForTheBackground() async throws {
        let device = SimulatedDevice()
        let (observed, continuation) = AsyncStream.makeStream(of: DeviceObservation.self)
        await device.launchApp()
        await device.observeChanges { continuation.yield(.change($0)) }
        await device.moveToBackground()
        #expect(await device.changeInSettings(.location, to: .denied) == .appKeptRunning)

        await device.terminateApp()
        await device.launchApp()
        await device.observeChanges { continuation.yield(.change($0)) }
        await device.moveToBackground()
        try await device.moveToForeground()
        continuation.finish()

        #expect(await observed.collected() == [])
    }

    @Test func terminatingANotRunningAppCountsNothing() async {
        let device = SimulatedDevice()
        await device.terminateApp()
        #expect(await device.terminationCount == 0)
    }

    @Test func launchingARunningAppTerminatesItFirst() async {
        let device = SimulatedDevice()
        let events = DeviceEventRecorder()
        await device.launchApp()
        await device.attachLifecycleObserver { await events.append($0) }

        await device.launchApp()
        await device.moveToBackground()

        #expect(await device.terminationCount == 1)
        #expect(await device.launchCount == 2)
        #expect(await events.items == [])
    }

    // MARK: - Fidelity to iOS

    @Test(arguments: [SimulatedDevice.AppState.notRunning, .background])
    func aPromptWhileTheAppIsNotActiveFailsLoudly(_ state: SimulatedDevice.AppState) async throws {
        let device = SimulatedDevice(unscriptedPromptAnswer: .granted)
        if state == .background {
            await device.launchApp()
            await device.moveToBackground()
        }
        #expect(await device.appState == state)
        await #expect(throws: SimulatedDeviceError.appNotActive) { try await device.request(.camera) }
        #expect(await device.promptCount(for: .camera) == 0)
        #expect(await device.status(of: .camera) == .notDetermined)
    }

    @Test func theAppBecomesActiveAgainWhenThePromptGoesAway() async throws {
        let device = SimulatedDevice()
        let events = DeviceEventRecorder()
        await device.launchApp()
        await device.attachLifecycleObserver { await events.append($0) }
        await device.answerNextPrompt(for: .camera, with: .granted)
        #expect(try await device.request(.camera) == .granted)
        #expect(await events.items == [.didBecomeActive])
        #expect(try await device.request(.camera) == .granted)  // no prompt, no lifecycle event
        #expect(await events.items == [.didBecomeActive])
    }

    @Test func provisionalNotificationsCanBePromptedToBecomeProminent() async throws {
        let device = SimulatedDevice(statuses: [.notifications: .provisional])
        await device.launchApp()
        await device.answerNextPrompt(for: .notifications, with: .granted)
        #expect(try await device.request(.notifications) == .granted)
        #expect(await device.promptCount(for: .notifications) == 1)
    }

    @Test func locationIsOneAuthorization() async {
        let device = SimulatedDevice()
        await device.setStatus(.granted, for: .locationAlways)
        #expect(await device.status(of: .location) == .granted)
        await device.setStatus(.denied, for: .location)
        #expect(await device.status(of: .locationAlways) == .denied)
        await device.setStatus(.granted, for: .location)
        #expect(await device.status(of: .locationAlways) == .denied)  // while in use does not grant always
    }

    @Test func theTerminationAndCallbackRulesCanBeChanged() async {
        let device = SimulatedDevice(statuses: [.camera: .granted], terminatesOnSettingsChange: [])
        await device.setReportsChangesWhileRunning([.camera])
        let reported = Collector<PermissionKind>()
        await device.launchApp()
        await device.observeChanges { kind in Task { await reported.append(kind) } }
        #expect(await device.changeInSettings(.camera, to: .denied) == .appKeptRunning)
        #expect(await yield(until: { await reported.values == [.camera] }))
        await device.setTerminatesOnSettingsChange([.camera])
        #expect(await device.terminatesOnSettingsChange == [.camera])
        #expect(await device.changeInSettings(.camera, to: .granted) == .appTerminated)
    }

    // MARK: - Errors

    @Test func deviceErrorsCompareByMember() {
        #expect(SimulatedDeviceError.unexpectedPrompt != .appNotRunning)
        #expect(SimulatedDeviceError.appNotActive != .appNotRunning)
        #expect(!SimulatedDeviceError.unexpectedPrompt.description.isEmpty)
        #expect(!SimulatedDeviceError.appNotRunning.description.isEmpty)
    }

    // MARK: - Helpers

    /// Waits, without sleeping, until a request for `kind` is held on screen.
    private func waitForPendingPrompt(on device: SimulatedDevice, for kind: PermissionKind) async throws {
        for _ in 0..<10_000 {
            if await device.pendingPromptCount(for: kind) > 0 { return }
            await Task.yield()
        }
        try #require(await device.pendingPromptCount(for: kind) > 0, "the request never reached the prompt")
    }
}

/// The lifecycle events an observer received, in order.
actor DeviceEventRecorder {
    private(set) var items: [LifecycleEvent] = []

    func append(_ event: LifecycleEvent) { items.append(event) }
}

/// What a test saw, in order: a change callback from the device, or a mark the test made itself.
///
/// Change callbacks are synchronous, so they are yielded to an `AsyncStream` at the moment they happen; the
/// marks show where, between the test's own calls, each callback arrived.
enum DeviceObservation: Hashable, Sendable {
    case change(PermissionKind)
    case mark(String)
}

extension AsyncStream where Element == DeviceObservation {
    /// Everything yielded before the stream finished.
    fileprivate func collected() async -> [DeviceObservation] {
        var all: [DeviceObservation] = []
        for await element in self { all.append(element) }
        return all
    }
}
