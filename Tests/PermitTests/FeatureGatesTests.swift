import Clocks
import Foundation
import InMemoryLogging
import Logging
import Testing

@testable import Permit
import PermitTesting

@Suite(.timeLimit(.minutes(1))) struct FeatureGatesTests {
    let device = SimulatedDevice()

    static let locationCapture = Feature("locationCapture", optional: [.location])
    static let reminders = Feature("reminders", requires: [.notifications])
    static let scanner = Feature("scanner", requires: [.camera], optional: [.location])
    static let coreLogging = Feature("coreLogging")
    static let features = [locationCapture, reminders, scanner, coreLogging]

    static let manifest = try! PermissionManifest([
        PermissionDeclaration(kind: .location, necessity: .optional, purpose: "Adds where you were.", showsPrimer: true),
        PermissionDeclaration(kind: .notifications, necessity: .optional, purpose: "Sends your reminders."),
        PermissionDeclaration(kind: .camera, necessity: .required, purpose: "Scans receipts."),
    ])

    /// One app process: a center over `store`, its policy and gates (running in `group`), the lifecycle
    /// observer attached. The gates' updates are subscribed before the center starts, so the launch's states
    /// are in them.
    struct App {
        let center: PermissionCenter
        let policy: PromptPolicy
        let gates: FeatureGates
        var updates: FeatureUpdates.AsyncIterator
        /// The first update of each feature, by name: its state computed from the launch's changes.
        var launchStates: [String: FeatureUpdate]

        func state(_ feature: Feature) async -> FeatureState { await gates.state(of: feature) }
    }

    func launch(
        store: any PermissionStore, features: [Feature] = Self.features, finishStartup: Bool = true,
        in group: inout ThrowingDiscardingTaskGroup<any Error>
    ) async -> App {
        let logger = makeTestLogger().0
        await device.launchApp()
        let center = PermissionCenter(kinds: PermissionKind.legacyCookieKinds, authority: device, storage: PermitStorage(store: store, logger: logger), logger: logger)
        let policy = PromptPolicy(
            manifest: Self.manifest, center: center, configuration: .init(promptBudget: 10, cooldown: .zero), logger: logger)
        let gates = FeatureGates(features: features, policy: policy, logger: logger)
        let updates = gates.updates().makeAsyncIterator()
        group.addTask { await gates.run() }
        await device.attachLifecycleObserver { await center.handle($0) }
        await center.start()
        var app = App(center: center, policy: policy, gates: gates, updates: updates, launchStates: [:])
        app.launchStates = await next(features.count, from: &app)
        if finishStartup {
            await policy.finishStartup()
            // Each feature held back by startup gets exactly one update with its new next step, sent by this
            // refresh or by the gates' own, whichever runs first.
            await gates.refresh()
            let heldBack = app.launchStates.values.filter {
                if case .unavailable(_, .suppressed(.startup)) = $0.current { true } else { false }
            }
            _ = await next(heldBack.count, from: &app)
        }
        return app
    }

    /// The next `count` updates, keyed by feature name.
    func next(_ count: Int, from app: inout App) async -> [String: FeatureUpdate] {
        var result: [String: FeatureUpdate] = [:]
        for _ in 0..<count {
            guard let update = await app.updates.next() else { break }
            result[update.feature.name] = update
        }
        return result
    }

    @Test func aFreshInstallReadsEachFeatureFromItsPermissions() async throws {
        try await withRunGroup { group in
            let app = await launch(store: InMemoryPermissionStore(), finishStartup: false, in: &group)
            let first = app.launchStates
            #expect(first.values.allSatisfy { $0.previous == nil })
            #expect(first["coreLogging"]?.current == .available)
            #expect(first["locationCapture"]?.current == .degraded(missing: [.location]))
            #expect(first["reminders"]?.current == .unavailable(missing: [.notifications], nextStep: .suppressed(.startup)))
            #expect(first["scanner"]?.current == .unavailable(missing: [.camera], nextStep: .suppressed(.startup)))

            await app.policy.finishStartup()
            #expect(await app.state(Self.reminders) == .unavailable(missing: [.notifications], nextStep: .showSystemPrompt))
            #expect(await app.gates.states().map(\.state.isUsable) == [true, false, false, true])
            #expect(await app.gates.states().map(\.feature) == Self.features)
            #expect(await app.gates.states().first?.description == "locationCapture: degraded(location)")
        }
    }

    /// The next update of `feature` once its prompt is over: while the prompt is on screen, its next step
    /// may read ``NextStep/Reason/alreadyAsked`` for a moment.
    func nextAfterPrompt(of feature: Feature, from app: inout App) async -> FeatureUpdate? {
        while let update = await app.updates.next() {
            guard update.feature == feature else { continue }
            if case .unavailable(_, .suppressed(.alreadyAsked)) = update.current { continue }
            return update
        }
        return nil
    }

    /// Reads updates until `feature` reads `state`; false if the stream ended first.
    func waitFor(_ feature: Feature, _ state: FeatureState, in updates: inout FeatureUpdates.AsyncIterator) async -> Bool {
        while let update = await updates.next() {
            if update.feature == feature, update.current == state { return true }
        }
        return false
    }

    @Test func aGrantMakesTheFeatureAvailable() async throws {
        try await withRunGroup { group in
            var app = await launch(store: InMemoryPermissionStore(), in: &group)
            await device.answerNextPrompt(for: .notifications, with: .granted)
            _ = try await app.policy.request(.notifications)
            let update = try #require(await nextAfterPrompt(of: Self.reminders, from: &app))
            #expect(update.feature == Self.reminders)
            #expect(update.previous?.isUsable == false)
            #expect(update.current == .available)
            #expect(await app.state(Self.reminders) == .available)
        }
    }

    @Test func aDenialLeavesTheFeatureUnavailableWithSettingsAsTheNextStep() async throws {
        try await withRunGroup { group in
            var app = await launch(store: InMemoryPermissionStore(), in: &group)
            await device.answerNextPrompt(for: .notifications, with: .denied)
            _ = try await app.policy.request(.notifications)
            let update = try #require(await nextAfterPrompt(of: Self.reminders, from: &app))
            #expect(update.feature == Self.reminders)
            #expect(update.current == .unavailable(missing: [.notifications], nextStep: .openSettings))
        }
    }

    @Test func locationRevokedInSettingsDegradesItsFeaturesWhenTheAppIsActiveAgain() async throws {
        try await withRunGroup { group in
            await device.setStatus(.granted, for: .camera)
            await device.setStatus(.granted, for: .location)
            var app = await launch(store: InMemoryPermissionStore(), in: &group)
            let first = app.launchStates
            #expect(first["locationCapture"]?.current == .available && first["scanner"]?.current == .available)

            await device.moveToBackground()
            #expect(await device.changeInSettings(.location, to: .denied) == .appKeptRunning)
            #expect(await app.state(Self.locationCapture) == .available)  // not seen yet: the app is in the background
            try await device.moveToForeground()
            let updates = await next(2, from: &app)
            #expect(updates["locationCapture"]?.current == .degraded(missing: [.location]))
            #expect(updates["scanner"]?.current == .degraded(missing: [.location]))
            #expect(await app.state(Self.scanner) == .degraded(missing: [.location]))
        }
    }

    @Test func cameraRevokedInSettingsDeactivatesItsFeatureAtTheNextLaunch() async throws {
        let world = try FileStoreWorld()
        defer { world.tearDown() }
        try await withRunGroup { group in
            await device.setStatus(.granted, for: .camera)
            let app = await launch(store: world.store(), in: &group)
            #expect(app.launchStates["scanner"]?.current == .degraded(missing: [.location]))

            await device.moveToBackground()
            #expect(await device.changeInSettings(.camera, to: .denied) == .appTerminated)

            let relaunched = await launch(store: world.store(), in: &group)
            #expect(relaunched.launchStates["scanner"]?.current == .unavailable(missing: [.camera], nextStep: .openSettings))
            #expect(await relaunched.state(Self.scanner) == .unavailable(missing: [.camera], nextStep: .openSettings))
            #expect(await relaunched.center.history().last?.cause == .launch)
            #expect(await device.promptCount(for: .camera) == 0)
        }
    }

    @Test func notificationsTurnedOffWhileNotRunningAreSeenAtRelaunch() async throws {
        let world = try FileStoreWorld()
        defer { world.tearDown() }
        try await withRunGroup { group in
            await device.setStatus(.granted, for: .notifications)
            let app = await launch(store: world.store(), in: &group)
            #expect(app.launchStates["reminders"]?.current == .available)
            await device.terminateApp()
            #expect(await device.changeInSettings(.notifications, to: .denied) == .appNotRunning)

            let relaunched = await launch(store: world.store(), in: &group)
            #expect(await relaunched.state(Self.reminders) == .unavailable(missing: [.notifications], nextStep: .openSettings))
            #expect(await relaunched.state(Self.coreLogging) == .available)
        }
    }

    @Test func aFeatureNeedingAnUndeclaredKindIsUnavailableNotACrash() async throws {
        let logger = makeTestLogger().0
        let center = PermissionCenter(kinds: [.camera], authority: device, storage: PermitStorage(store: InMemoryPermissionStore(), logger: logger), logger: logger)
        let policy = PromptPolicy(manifest: Self.manifest, center: center, logger: logger)
        let gates = FeatureGates(features: [Feature("mic", requires: [.microphone])], policy: policy, logger: logger)
        #expect(await gates.state(of: Feature("mic", requires: [.microphone])) == .unavailable(missing: [.microphone], nextStep: .unavailable))
    }

    @Test func runFollowsTheCenterUntilItsTaskIsCancelled() async throws {
        await device.setStatus(.granted, for: .location)
        await device.launchApp()
        let logger = makeTestLogger().0
        let center = PermissionCenter(kinds: PermissionKind.legacyCookieKinds, authority: device, storage: PermitStorage(store: InMemoryPermissionStore(), logger: logger), logger: logger)
        await device.attachLifecycleObserver { await center.handle($0) }
        let policy = PromptPolicy(manifest: Self.manifest, center: center, logger: logger)
        let gates = FeatureGates(features: [Self.locationCapture], policy: policy, logger: logger)
        #expect(center.subscriberCount == 0)  // nothing follows the center before run()
        var updates = gates.updates().makeAsyncIterator()
        try await withRunGroup { group in
            group.addTask { await gates.run() }
            #expect(await updates.next()?.current == .available)
            #expect(center.subscriberCount == 1)
            await device.moveToBackground()
            await device.changeInSettings(.location, to: .denied)
            try await device.moveToForeground()
            #expect(await updates.next()?.current == .degraded(missing: [.location]))
        }  // cancelled, and run() returned

        #expect(center.subscriberCount == 0)
        await device.moveToBackground()
        await device.changeInSettings(.location, to: .granted)
        try await device.moveToForeground()
        #expect(await center.state(for: .location)?.status == .granted)
        #expect(await gates.state(of: Self.locationCapture) == .available)  // reads need no run()
        #expect(await gates.refresh().map(\.current) == [.available])  // nothing sent it while not running
    }

    @Test func aChangeIsAppliedAsReceivedWithoutReadingTheCenterAgain() async throws {
        let world = try FileStoreWorld()
        defer { world.tearDown() }
        let whereabouts = Feature("whereabouts", requires: [.location])
        try await withRunGroup { group in
            var app = await launch(store: world.store(), features: [whereabouts], in: &group)
            await device.answerNextPrompt(for: .location, with: .granted)
            _ = try await app.policy.request(.location, afterPrimer: true)
            #expect(await nextAfterPrompt(of: whereabouts, from: &app)?.current == .available)
            await device.terminateApp()

            // A new process: its policy has seen no prompt, only the stored state says the app asked. Startup is
            // left unfinished, so that no change of the policy makes the gates read the center.
            var relaunched = await launch(store: world.store(), features: [whereabouts], finishStartup: false, in: &group)
            #expect(relaunched.launchStates["whereabouts"]?.current == .available)
            var changes = relaunched.center.changes().makeAsyncIterator()
            let reads = await relaunched.center.statesReadCount
            await device.moveToBackground()
            #expect(await device.reset(.location) == .appKeptRunning)  // "Allow Once" ran out, as iOS does
            try await device.moveToForeground()
            let change = try #require(await changes.next())
            #expect(change.current == .notDetermined && change.hasPrompted)
            let update = try #require(await relaunched.updates.next())
            #expect(update.current == .unavailable(missing: [.location], nextStep: .suppressed(.alreadyAsked)))
            #expect(await relaunched.center.statesReadCount == reads)  // applied from the change itself
        }
    }

    @Test func aSubscriptionStartsWithEveryFeaturesCurrentState() async throws {
        await device.setStatus(.granted, for: .notifications)
        await device.launchApp()
        let logger = makeTestLogger().0
        let center = PermissionCenter(kinds: PermissionKind.legacyCookieKinds, authority: device, storage: PermitStorage(store: InMemoryPermissionStore(), logger: logger), logger: logger)
        await center.start()
        let policy = PromptPolicy(manifest: Self.manifest, center: center, logger: logger)
        await policy.finishStartup()
        let gates = FeatureGates(features: Self.features, policy: policy, logger: logger)
        await gates.refresh()

        for _ in 0..<2 {  // every subscription, however late, starts the same way
            var updates = gates.updates().makeAsyncIterator()
            var first: [FeatureUpdate] = []
            for _ in Self.features {
                if let update = await updates.next() { first.append(update) }
            }
            #expect(first.map(\.feature) == Self.features)
            #expect(first.allSatisfy { $0.previous == nil })
            #expect(first.map(\.current) == [
                .degraded(missing: [.location]), .available,
                .unavailable(missing: [.camera], nextStep: .showSystemPrompt), .available,
            ])
        }
    }

    @Test func theNextStepFollowsStartupPromptsAndTheCooldownWithoutARefresh() async throws {
        await device.launchApp()
        let logger = makeTestLogger().0
        let clock = TestClock()
        let center = PermissionCenter(kinds: PermissionKind.legacyCookieKinds, authority: device, storage: PermitStorage(store: InMemoryPermissionStore(), logger: logger), logger: logger)
        let policy = PromptPolicy(
            manifest: Self.manifest, center: center, configuration: .init(promptBudget: 10, cooldown: .seconds(30)),
            clock: clock, logger: logger)
        await center.start()  // no launch changes left to refresh the gates: only the policy can
        let gates = FeatureGates(features: [Self.reminders, Self.scanner], policy: policy, logger: logger)
        var updates = gates.updates().makeAsyncIterator()
        try await withRunGroup { group in
            group.addTask { await gates.run() }
            #expect(await waitFor(Self.reminders, .unavailable(missing: [.notifications], nextStep: .suppressed(.startup)), in: &updates))

            await policy.finishStartup()  // no refresh: the gates hear it from the policy
            #expect(await waitFor(Self.reminders, .unavailable(missing: [.notifications], nextStep: .showSystemPrompt), in: &updates))

            await device.answerNextPrompt(for: .camera, with: .granted)
            let asked = try await policy.request(.camera).askedSystem
            #expect(asked)
            #expect(await waitFor(Self.reminders, .unavailable(missing: [.notifications], nextStep: .suppressed(.coolingDown)), in: &updates))

            #expect(await sleepIsPending(on: clock))
            await clock.advance(by: .seconds(30))
            #expect(await waitFor(Self.reminders, .unavailable(missing: [.notifications], nextStep: .showSystemPrompt), in: &updates))
            #expect(await gates.state(of: Self.reminders) == .unavailable(missing: [.notifications], nextStep: .showSystemPrompt))
        }
    }

    @Test func aMissingDeclarationIsLoggedOnceNotOnEveryRefresh() async throws {
        let (logger, handler) = makeTestLogger()
        let center = PermissionCenter(kinds: [.camera], authority: device, storage: PermitStorage(store: InMemoryPermissionStore(), logger: logger), logger: logger)
        let policy = PromptPolicy(manifest: Self.manifest, center: center, logger: logger)
        let mic = Feature("mic", requires: [.microphone])
        let gates = FeatureGates(features: [mic], policy: policy, logger: logger)
        for _ in 0..<3 { await gates.refresh() }
        #expect(await gates.state(of: mic) == .unavailable(missing: [.microphone], nextStep: .unavailable))
        #expect(handler.entries.filter { $0.level == .warning }.count == 1)
    }

    @Test func featureDeclarationsDropDuplicatesAndRequiredWins() {
        let feature = Feature("f", requires: [.camera, .camera], optional: [.camera, .location, .location])
        #expect(feature.required == [.camera] && feature.optional == [.location])
        #expect(feature.kinds == [.camera, .location])
    }
}
