import Clocks
import Foundation
import InMemoryLogging
import Logging
import Testing

@testable import Permit
import PermitTesting

@Suite(.timeLimit(.minutes(1))) struct PromptPolicyTests {
    let device = SimulatedDevice()
    let store = InMemoryPermissionStore()
    let clock = TestClock()

    static let declarations = [
        PermissionDeclaration(kind: .location, necessity: .optional, purpose: "Adds where you were.", showsPrimer: true),
        PermissionDeclaration(kind: .notifications, necessity: .optional, purpose: "Sends your reminders."),
        PermissionDeclaration(kind: .camera, necessity: .required, purpose: "Scans receipts.", isLazy: false),
    ]

    func makePolicy(
        store: (any PermissionStore)? = nil, configuration: PromptPolicy.Configuration = .init(promptBudget: 10, cooldown: .zero),
        finishStartup: Bool = true
    ) async throws -> PromptPolicy {
        let logger = makeTestLogger().0
        let center = PermissionCenter(kinds: PermissionKind.legacyCookieKinds, authority: device, storage: PermitStorage(store: store ?? self.store, logger: logger), logger: logger)
        let policy = PromptPolicy(
            manifest: try PermissionManifest(Self.declarations), center: center, configuration: configuration,
            clock: clock, logger: logger)
        await device.launchApp()
        await center.start()
        if finishStartup { await policy.finishStartup() }
        return policy
    }

    // MARK: - Next steps

    static let determined: [(PermissionStatus, NextStep)] = [
        (.granted, .ready), (.limited, .ready), (.provisional, .ready), (.denied, .openSettings),
        (.restricted, .unavailable), (.unavailable, .unavailable),
    ]

    @Test(arguments: determined)
    func aDeterminedStatusGivesItsStepAndARequestDoesNotPrompt(status: PermissionStatus, step: NextStep) async throws {
        await device.setStatus(status, for: .camera)
        let policy = try await makePolicy()
        #expect(try await policy.nextStep(for: .camera) == step)
        let outcome = try await policy.request(.camera)
        #expect(!outcome.askedSystem && outcome.nextStep == step && outcome.state.status == status)
        #expect(await device.totalPromptCount == 0)
    }

    @Test func notDeterminedGivesThePrimerOrTheSystemPrompt() async throws {
        let policy = try await makePolicy()
        let location = try #require(Self.declarations.first)
        #expect(try await policy.nextStep(for: .location) == .showPrimer(Primer(for: location)))
        #expect(try await policy.nextStep(for: .notifications) == .showSystemPrompt)
    }

    /// Primers that stay on screen until ``dismiss()``, counting how many were shown.
    actor HeldPrimers: PrimerPresenter {
        private(set) var shown = 0
        private var dismissals: [CheckedContinuation<Void, Never>] = []

        func present(_ primer: Primer) async {
            shown += 1
            await withCheckedContinuation { dismissals.append($0) }
        }

        func dismiss() {
            for dismissal in dismissals { dismissal.resume() }
            dismissals = []
        }
    }

    @Test func concurrentRequestsForOneKindShowItsPrimerOnceAndShareOnePrompt() async throws {
        let policy = try await makePolicy()
        let primers = HeldPrimers()
        await device.setUnscriptedPromptAnswer(.granted)
        let outcomes = try await withThrowingTaskGroup(of: PolicyRequestOutcome.self) { group in
            for _ in 0..<20 {
                group.addTask { try await policy.request(.location, presentingPrimerWith: primers) }
            }
            // Every request has asked by now, or waits behind the primer on screen.
            while await primers.shown == 0 { await Task.yield() }
            for _ in 0..<100 { await Task.yield() }
            await primers.dismiss()
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(await primers.shown == 1)
        #expect(await device.promptCount(for: .location) == 1)
        #expect(outcomes.count == 20 && outcomes.allSatisfy { $0.state.status == .granted })
    }

    /// Shows each primer for `onScreen` turns of the scheduler, counting them.
    actor CountingPrimers: PrimerPresenter {
        let onScreen: Int
        private(set) var shown = 0
        init(onScreen: Int) { self.onScreen = onScreen }
        func present(_ primer: Primer) async {
            shown += 1
            for _ in 0..<onScreen { await Task.yield() }
        }
    }

    /// A request that reads the state while the primer is dismissed, before the system prompt under way is
    /// recorded, joins that flow: the person sees the explanation once (a page's hundred geolocation calls
    /// showed it twice on a loaded machine). Each round is a fresh launch whose requests arrive at staggered
    /// moments around the dismissal.
    @Test func requestsArrivingAsThePrimerIsDismissedShowItOnce() async throws {
        for round in 0..<600 {
            let device = SimulatedDevice()
            let logger = makeTestLogger().0
            let center = PermissionCenter(
                kinds: PermissionKind.legacyCookieKinds, authority: device,
                storage: PermitStorage(store: InMemoryPermissionStore(), logger: logger), logger: logger)
            let policy = PromptPolicy(
                manifest: try PermissionManifest(Self.declarations), center: center,
                configuration: .init(promptBudget: 10, cooldown: .zero), clock: clock, logger: logger)
            await device.launchApp()
            await center.start()
            await policy.finishStartup()
            await device.setUnscriptedPromptAnswer(.granted)
            let primers = CountingPrimers(onScreen: round % 7)
            let outcomes = try await withThrowingTaskGroup(of: PolicyRequestOutcome.self) { group in
                for stagger in 0..<12 {
                    group.addTask {
                        for _ in 0..<(stagger * (round % 3)) { await Task.yield() }
                        return try await policy.request(.location, presentingPrimerWith: primers)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(await primers.shown == 1, "round \(round)")
            #expect(await device.promptCount(for: .location) == 1, "round \(round)")
            #expect(outcomes.allSatisfy { $0.state.status == .granted }, "round \(round)")
        }
    }

    @Test func aPermissionPromptedButNotDeterminedAgainIsSuppressed() async throws {
        let policy = try await makePolicy()
        await device.answerNextPrompt(for: .location, with: .granted)
        #expect(try await policy.request(.location).askedSystem)
        await device.setStatus(.notDetermined, for: .location)  // "Allow Once" expired
        await policy.center.refresh()
        #expect(try await policy.nextStep(for: .location) == .suppressed(.alreadyAsked))
        let outcome = try await policy.request(.location)
        #expect(!outcome.askedSystem && outcome.nextStep == .suppressed(.alreadyAsked))
        #expect(await device.promptCount(for: .location) == 1)
    }

    @Test func anUndeclaredKindIsATypedError() async throws {
        let policy = try await makePolicy()
        await #expect(throws: PolicyError.kindNotDeclared) { try await policy.nextStep(for: .microphone) }
        await #expect(throws: PolicyError.kindNotDeclared) { try await policy.request(.microphone) }
        await #expect(throws: PolicyError.kindNotDeclared) { try await policy.owesDenialNotice(for: .microphone) }
        #expect(await device.totalPromptCount == 0)
    }

    // MARK: - No re-prompt

    @Test func aHundredRequestsAfterADenialShowNoPrompt() async throws {
        let policy = try await makePolicy()
        await device.answerNextPrompt(for: .notifications, with: .denied)
        let first = try await policy.request(.notifications)
        #expect(first.askedSystem && first.state.status == .denied && first.nextStep == .openSettings)

        for _ in 0..<50 {
            let outcome = try await policy.request(.notifications)
            #expect(!outcome.askedSystem && outcome.nextStep == .openSettings)
        }
        let concurrent = try await withThrowingTaskGroup(of: PolicyRequestOutcome.self) { group in
            for _ in 0..<50 { group.addTask { try await policy.request(.notifications) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(concurrent.count == 50 && concurrent.allSatisfy { !$0.askedSystem && $0.nextStep == .openSettings })
        #expect(await device.promptCount(for: .notifications) == 1)
    }

    @Test func aDenialIsNotPromptedAgainAfterARelaunch() async throws {
        let first = try await makePolicy()
        await device.answerNextPrompt(for: .location, with: .denied)
        _ = try await first.request(.location)
        await device.terminateApp()

        let relaunched = try await makePolicy()
        #expect(try await relaunched.nextStep(for: .location) == .openSettings)
        #expect(try await !relaunched.request(.location).askedSystem)
        #expect(await device.promptCount(for: .location) == 1)
    }

    @Test func concurrentRequestsShareOnePromptAndAllComplete() async throws {
        let policy = try await makePolicy(configuration: .init(promptBudget: 1, cooldown: .seconds(60)))
        await device.setHoldsPrompts(true)
        let outcomes = Task {
            try await withThrowingTaskGroup(of: PolicyRequestOutcome.self) { group in
                for _ in 0..<20 { group.addTask { try await policy.request(.notifications) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
        #expect(await yield { await device.pendingPromptCount(for: .notifications) == 1 })
        #expect(await device.answerPendingPrompt(for: .notifications, with: .granted) == 1)
        let results = try await outcomes.value
        #expect(results.count == 20)
        #expect(results.allSatisfy { $0.askedSystem && $0.state.status == .granted && $0.nextStep == .ready })
        #expect(await device.promptCount(for: .notifications) == 1)
    }

    @Test func aPrimersContinueReachesTheSystemPromptAfterAnotherPromptSpentTheCooldown() async throws {
        let policy = try await makePolicy(configuration: .init(promptBudget: 5, cooldown: .seconds(60)))
        guard case .showPrimer = try await policy.nextStep(for: .location) else {
            Issue.record("expected the location primer")
            return
        }
        // While the primer is on screen, another part of the app prompts.
        await device.answerNextPrompt(for: .camera, with: .granted)
        #expect(try await policy.request(.camera).askedSystem)
        #expect(try await policy.nextStep(for: .location) == .suppressed(.coolingDown))

        await device.answerNextPrompt(for: .location, with: .granted)  // the user taps Continue
        let outcome = try await policy.request(.location, afterPrimer: true)
        #expect(outcome.askedSystem && outcome.state.status == .granted && outcome.nextStep == .ready)
        #expect(await device.promptCount(for: .location) == 1)
    }

    @Test func aPromptOnScreenIsSharedAndNeverShownTwiceForAKind() async throws {
        let policy = try await makePolicy()
        await device.setHoldsPrompts(true)
        let first = Task { try await policy.request(.notifications) }
        #expect(await yield { await device.pendingPromptCount(for: .notifications) == 1 })
        #expect(try await policy.nextStep(for: .notifications) == .suppressed(.alreadyAsked))
        #expect(try await policy.nextStep(for: .camera) == .suppressed(.coolingDown))  // one prompt at a time
        let second = Task { try await policy.request(.notifications) }
        #expect(await device.answerPendingPrompt(for: .notifications, with: .denied) == 1)
        let outcomes = [try await first.value, try await second.value]
        #expect(outcomes.allSatisfy { $0.state.status == .denied && $0.nextStep == .openSettings })
        #expect(!(try await policy.request(.notifications)).askedSystem)
        #expect(await device.promptCount(for: .notifications) == 1)
    }

    @Test func aFailedRequestDoesNotSpendTheBudgetOrTheCooldown() async throws {
        let policy = try await makePolicy(configuration: .init(promptBudget: 1, cooldown: .seconds(60)))
        // No answer scripted: the simulated OS reports an error.
        await #expect(throws: PermitError.requestFailed) { try await policy.request(.notifications) }
        #expect(try await policy.nextStep(for: .notifications) == .showSystemPrompt)
        await device.answerNextPrompt(for: .notifications, with: .granted)
        let outcome = try await policy.request(.notifications)
        #expect(outcome.askedSystem && outcome.state.status == .granted)
    }

    // MARK: - Startup

    @Test func aLazyPermissionIsNotPromptedAtStartup() async throws {
        let policy = try await makePolicy(finishStartup: false)
        #expect(await policy.isStartingUp)
        #expect(try await policy.nextStep(for: .notifications) == .suppressed(.startup))
        let held = try await policy.request(.notifications)
        #expect(!held.askedSystem && held.nextStep == .suppressed(.startup))
        #expect(await device.promptCount(for: .notifications) == 0)

        // The camera is declared eager: it may be asked at startup.
        await device.answerNextPrompt(for: .camera, with: .granted)
        #expect(try await policy.request(.camera).askedSystem)

        await policy.finishStartup()
        #expect(await !policy.isStartingUp)
        await device.answerNextPrompt(for: .notifications, with: .granted)
        let asked = try await policy.request(.notifications)
        #expect(asked.askedSystem && asked.nextStep == .ready)
        #expect(await device.promptCount(for: .notifications) == 1)
    }

    // MARK: - Budget and cooldown

    @Test func theBudgetLimitsPromptsPerLaunch() async throws {
        let policy = try await makePolicy(configuration: .init(promptBudget: 2, cooldown: .zero))
        await device.setUnscriptedPromptAnswer(.granted)
        #expect(try await policy.request(.location).askedSystem)
        #expect(try await policy.request(.camera).askedSystem)
        let held = try await policy.request(.notifications)
        #expect(!held.askedSystem && held.nextStep == .suppressed(.budgetSpent))
        #expect(await device.promptCount(for: .notifications) == 0)
        #expect(await device.totalPromptCount == 2)
    }

    @Test func theCooldownHoldsTheNextPromptBackUntilItHasPassed() async throws {
        let policy = try await makePolicy(configuration: .init(promptBudget: 5, cooldown: .seconds(30)))
        await device.setUnscriptedPromptAnswer(.granted)
        #expect(try await policy.request(.location).askedSystem)

        #expect(try await policy.request(.camera).nextStep == .suppressed(.coolingDown))
        await clock.advance(by: .seconds(29))
        #expect(try await policy.nextStep(for: .camera) == .suppressed(.coolingDown))
        #expect(await device.promptCount(for: .camera) == 0)

        await clock.advance(by: .seconds(1))
        #expect(try await policy.nextStep(for: .camera) == .showSystemPrompt)
        #expect(try await policy.request(.camera).askedSystem)
        #expect(await device.totalPromptCount == 2)
    }

    // MARK: - Informed once

    @Test func theDenialNoticeIsOwedOnceAndThatSurvivesARelaunch() async throws {
        let world = try FileStoreWorld()
        defer { world.tearDown() }
        let policy = try await makePolicy(store: world.store())
        #expect(try await !policy.owesDenialNotice(for: .location))  // never asked: nothing to tell
        await device.answerNextPrompt(for: .location, with: .denied)
        _ = try await policy.request(.location)
        #expect(try await policy.owesDenialNotice(for: .location))
        try await policy.markDenialNoticeDelivered(for: .location)
        #expect(try await !policy.owesDenialNotice(for: .location))
        await device.terminateApp()
        await device.setStatus(.restricted, for: .camera)

        let relaunched = try await makePolicy(store: world.store())
        #expect(try await !relaunched.owesDenialNotice(for: .location))
        #expect(try await relaunched.owesDenialNotice(for: .camera))  // another kind is owed its own notice
        let file = String(decoding: try Data(contentsOf: world.url), as: UTF8.self)
        #expect(file.contains(#""permit.policy":{"value":{"informed":["location"]},"version":1}"#))
    }

    @Test func concurrentNoticesForTwoKindsAreBothKept() async throws {
        await device.setStatus(.denied, for: .location)
        await device.setStatus(.denied, for: .notifications)
        let policy = try await makePolicy()
        async let first: Void = policy.markDenialNoticeDelivered(for: .location)
        async let second: Void = policy.markDenialNoticeDelivered(for: .notifications)
        _ = try await (first, second)
        let stored = try #require(await store.snapshot.attachments[PromptPolicy.storageKey.name])
        #expect(String(decoding: stored, as: UTF8.self) == #"{"value":{"informed":["location","notifications"]},"version":1}"#)
    }

    @Test func aNoticeMarkedWhileSavesFailHoldsThisLaunchAndIsSavedWithTheNextChange() async throws {
        await device.setStatus(.denied, for: .location)
        await device.setStatus(.denied, for: .notifications)
        let policy = try await makePolicy()
        await store.setFailsSaves(true)
        try await policy.markDenialNoticeDelivered(for: .location)  // a failed save does not throw
        #expect(try await !policy.owesDenialNotice(for: .location))
        #expect(await store.snapshot.attachments[PromptPolicy.storageKey.name] == nil)

        // A relaunch before any save succeeds owes the notice again: told twice at worst, never not at all.
        await device.terminateApp()
        let crashed = try await makePolicy(store: InMemoryPermissionStore(await store.snapshot))
        #expect(try await crashed.owesDenialNotice(for: .location))

        await store.setFailsSaves(false)
        try await policy.markDenialNoticeDelivered(for: .notifications)
        let stored = try #require(await store.snapshot.attachments[PromptPolicy.storageKey.name])
        #expect(String(decoding: stored, as: UTF8.self) == #"{"value":{"informed":["location","notifications"]},"version":1}"#)
    }

    @Test func aRequestHeldBackForStartupIsLoggedOnce() async throws {
        let (logger, handler) = makeTestLogger()
        let center = PermissionCenter(kinds: PermissionKind.legacyCookieKinds, authority: device, storage: PermitStorage(store: store, logger: logger), logger: logger)
        let policy = PromptPolicy(manifest: try PermissionManifest(Self.declarations), center: center, logger: logger)
        await device.launchApp()
        for _ in 0..<3 { _ = try await policy.request(.notifications) }
        let lines = handler.entries.filter { "\($0.message)".contains("until finishStartup()") }
        #expect(lines.count == 1 && lines.first?.level == .debug)
    }

    @Test func unreadablePolicyFactsStartEmptyWithAWarning() async throws {
        await device.setStatus(.denied, for: .location)
        let (logger, handler) = makeTestLogger()
        let store = InMemoryPermissionStore(
            PermissionSnapshot(attachments: [PromptPolicy.storageKey.name: Data(#"{"value":{"informed":"nope"},"version":1}"#.utf8)]))
        let center = PermissionCenter(kinds: PermissionKind.legacyCookieKinds, authority: device, storage: PermitStorage(store: store, logger: logger), logger: logger)
        let policy = PromptPolicy(manifest: try PermissionManifest(Self.declarations), center: center, logger: logger)
        #expect(try await policy.owesDenialNotice(for: .location))
        #expect(handler.entries.contains { $0.level == .warning && "\($0.message)".contains("stored value unreadable") })
        try await policy.markDenialNoticeDelivered(for: .location)
        #expect(try await !policy.owesDenialNotice(for: .location))
    }
}
