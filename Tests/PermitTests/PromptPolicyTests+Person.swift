// MARK: - The person's own requests

import Foundation
import Testing

@testable import Permit
import PermitTesting

extension PromptPolicyTests {
    /// The person's tap prompts at startup, inside the cooldown and past the budget, its primer first, where
    /// the app's own request for the same kind is held back; it still never prompts twice.
    @Test func aPersonsRequestPromptsWhereTheAppsIsHeldBack() async throws {
        let policy = try await makePolicy(configuration: .init(promptBudget: 1, cooldown: .seconds(30)), finishStartup: false)
        await device.setUnscriptedPromptAnswer(.granted)
        #expect(try await policy.request(.camera).askedSystem)  // eager: spends the budget and starts the cooldown

        // Notifications: lazy, startup not over, budget spent, cooling down.
        let held = try await policy.request(.notifications)
        #expect(!held.askedSystem && held.nextStep == .suppressed(.startup))
        #expect(try await policy.nextStep(for: .notifications, initiatedBy: .person) == .showSystemPrompt)
        let tapped = try await policy.request(.notifications, initiatedBy: .person)
        #expect(tapped.askedSystem && tapped.state.status == .granted && tapped.nextStep == .ready)

        // Location shows its primer first, then prompts.
        let primers = CountingPrimers(onScreen: 1)
        #expect(try await !policy.request(.location, presentingPrimerWith: primers).askedSystem)
        #expect(await primers.shown == 0)
        let primed = try await policy.request(.location, presentingPrimerWith: primers, initiatedBy: .person)
        #expect(primed.askedSystem && primed.state.status == .granted)
        #expect(await primers.shown == 1)
        #expect(await device.totalPromptCount == 3)
    }

    /// iOS shows one alert at a time: the person's tap while the app's own prompt is on screen waits for its
    /// answer, then prompts.
    @Test func aPersonsRequestWaitsForThePromptOnScreenThenPrompts() async throws {
        let policy = try await makePolicy(configuration: .init(promptBudget: 5, cooldown: .seconds(30)))
        await device.setHoldsPrompts(true)
        async let camera = policy.request(.camera)
        while await device.pendingPromptCount(for: .camera) == 0 { await Task.yield() }
        async let notifications = policy.request(.notifications, initiatedBy: .person)
        for _ in 0..<200 { await Task.yield() }
        #expect(await device.pendingPromptCount(for: .notifications) == 0, "no second alert over the first")
        #expect(await device.answerPendingPrompt(for: .camera, with: .granted) == 1)
        while await device.pendingPromptCount(for: .notifications) == 0 { await Task.yield() }
        #expect(await device.answerPendingPrompt(for: .notifications, with: .granted) == 1)
        let (first, second) = try await (camera, notifications)
        #expect(first.askedSystem && second.askedSystem && second.state.status == .granted)
    }

    @Test func aPersonsRequestAfterADenialOrAnEarlierPromptDoesNotPrompt() async throws {
        let policy = try await makePolicy()
        await device.answerNextPrompt(for: .notifications, with: .denied)
        #expect(try await policy.request(.notifications, initiatedBy: .person).nextStep == .openSettings)
        let again = try await policy.request(.notifications, initiatedBy: .person)
        #expect(!again.askedSystem && again.nextStep == .openSettings)
        #expect(await device.promptCount(for: .notifications) == 1)
    }
}
